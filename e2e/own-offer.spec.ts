import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, loginAs, randomMobile } from './fixtures';
import { bearer, makeRentalOffer, newUserToken, publishedRental } from './backend';
import { chatButton, expectNotCovered, isCut, isPhone, phone } from './layout';

// Issue 23 points 4, 10 and 14 on a phone: the candidate's own offer on the property page (shown,
// modified, withdrawn) and the login that says what it is for.

test.beforeEach(async ({ page }, testInfo) => {
  test.skip(!isPhone(testInfo), 'a phone journey (issue 23)');
  test.slow();
  await page.setViewportSize(phone);
});

/** The page's own action bar (the sticky price box action on a phone), not a dialog's. */
const action = (page: Page) => page.locator('.price-box__action');

/** The demo catalogue's published announcements that take price offers (first keyset page). */
async function anyOfferAnnouncement(request: APIRequestContext) {
  const response = await request.post('/api/announcement/search', { data: { limit: 48 } });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as {
    data: { items: { propertyId: string; offerTypeCode: string; price: number | null }[] };
  };
  const card = data.items.find((item) => item.offerTypeCode === 'AOT001' && item.price !== null);
  if (!card) throw new Error('no announcement taking offers in the demo catalogue');
  return card;
}

test('a tenant with the highest offer sees it on the property page, modifies it and withdraws it', async ({
  quietPage: page,
  request,
  browser,
  expectNoSeriousA11yViolations,
}) => {
  const suffix = randomUUID().slice(0, 6);
  const title = `Piso en Embajadores ${suffix}`;
  const { propertyId, announcementId, rivalToken, rivalOfferId } =
    await test.step('an owner publishes a rental at 1.100 €/mes; a rival offers 1.100, the tenant 1.150', async () => {
      const ownerToken = await newUserToken(browser, 'Propietario');
      const rivalToken = await newUserToken(browser, 'Rival');
      const tenantToken = await loginAs(page, randomMobile(), 'Marta');
      const rental = await publishedRental(request, ownerToken, title, {
        street: 'Calle de Embajadores',
        streetNumber: '40',
        surfaceM2: 70,
      });
      const rivalOfferId = await makeRentalOffer(request, rivalToken, rental.announcementId, {
        amount: 1100,
        nif: '87654321X',
        salary: 2400,
      });
      await makeRentalOffer(request, tenantToken, rental.announcementId, {
        amount: 1150,
        nif: '12345678Z',
        salary: 2400,
      });
      return { ...rental, rivalToken, rivalOfferId };
    });

  await test.step("the page says 'Tu oferta: 1.150 €/mes · la más alta', with Modificar and Retirar in reach", async () => {
    await page.goto(`/property/${propertyId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const bar = action(page);
    await expect(bar).toContainText('Tu oferta: 1.150 €/mes · la más alta');
    await expect(bar.getByRole('button', { name: 'Hacer oferta' })).toHaveCount(0);
    for (const name of ['Modificar', 'Retirar']) {
      const button = bar.getByRole('button', { name, exact: true });
      await expect(button).toBeInViewport();
      await expectNotCovered(button, chatButton(page), `'${name}'`);
    }
    expect(await isCut(bar.locator('.own-offer__status'))).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });

  await test.step("a higher offer elsewhere turns it into '· hay una más alta' without a reload", async () => {
    const raised = await request.post(`/api/announcement/${announcementId}/offers`, {
      headers: bearer(rivalToken),
      data: {
        id: rivalOfferId,
        amount: 1200,
        offerPaymentType: 'OPT000',
        nif: '87654321X',
        typeContractCode: 'UTC001',
        salary: 2400,
      },
    });
    expect(raised.ok(), await raised.text()).toBe(true);
    await expect(action(page)).toContainText('Tu oferta: 1.150 €/mes · hay una más alta');
  });

  await test.step("Modificar opens 'Modificar oferta' at my amount; sending makes it the highest again", async () => {
    await action(page).getByRole('button', { name: 'Modificar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Modificar oferta' });
    const input = dialog.getByRole('textbox', { name: /Tu oferta/ });
    await expect(input).toHaveValue('1.150');
    await input.fill('1210');
    // The profile is incomplete: the employment section follows, and its button sends.
    await dialog.getByRole('button', { name: 'Siguiente', exact: true }).click();
    await dialog.getByRole('textbox', { name: /DNI, NIF o NIE/ }).fill('12345678Z');
    const send = dialog.getByRole('button', { name: 'Enviar oferta', exact: true });
    await expect(send).toBeInViewport();
    await send.click();
    const modified = page.getByRole('dialog', { name: 'Tu oferta se ha modificado' });
    await expect(modified).toBeVisible();
    await modified.getByRole('button', { name: 'Cerrar' }).click();
    await expect(action(page)).toContainText('Tu oferta: 1.210 €/mes · la más alta');
  });

  await test.step("Retirar asks first; then the page offers 'Hacer oferta' again", async () => {
    await action(page).getByRole('button', { name: 'Retirar', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: '¿Retirar tu oferta?' });
    await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Sí, retirar' }).click();
    await expect(confirm).toBeHidden();
    const again = action(page).getByRole('button', { name: 'Hacer oferta', exact: true });
    await expect(again).toBeVisible();
    await expect(again).toBeFocused();
    await expect(action(page)).not.toContainText('Tu oferta');
    await page.reload();
    await expect(action(page).getByRole('button', { name: 'Hacer oferta', exact: true })).toBeVisible();
  });
});

test("a visitor pressing 'Hacer oferta' is told the login is for the offer, with registration in sight", async ({
  quietPage: page,
  request,
  expectNoSeriousA11yViolations,
}) => {
  const card = await anyOfferAnnouncement(request);
  await page.goto(`/property/${card.propertyId}`);
  await action(page).getByRole('button', { name: 'Hacer oferta', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Hacer oferta' });
  // Not signed in: the login follows the price, so the button says 'Siguiente'.
  await dialog.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Para enviar tu oferta, entra o regístrate' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Regístrate gratis' })).toBeInViewport();
  await expectNoSeriousA11yViolations(page);
});
