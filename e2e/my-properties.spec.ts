import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, loginAs, randomMobile } from './fixtures';
import { agentValidates, makeRentalOffer, newUserToken, publishedRental } from './backend';
import { isCut, isPhone, phone, useIssueViewport } from './layout';

// Issue 23 §1, §12 and §17: no property is a dead end in Mis anuncios, the offers are on the card, and
// every tab's label shows whole on a 390 px phone.

/** Every tab of Mis anuncios shows its whole label inside the phone's screen, without scrolling. */
async function expectTabsWhole(page: Page) {
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(3);
  const list = page.getByRole('tablist', { name: 'Estado de los anuncios' });
  expect(await list.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  for (const tab of await tabs.all()) {
    const box = await tab.boundingBox();
    expect(box, await tab.innerText()).not.toBeNull();
    if (!box) continue;
    expect(box.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, await tab.innerText()).toBeLessThanOrEqual(phone.width);
    expect(await isCut(tab), await tab.innerText()).toBe(false);
  }
}

test.describe('Mis anuncios: every property with its next step', () => {
  test('an owner sends a property to validation without its announcement, finds it, and creates the announcement once validated', async ({
    quietPage: page,
    request,
    expectNoSeriousA11yViolations,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), 'a phone journey (issue 23)');
    test.setTimeout(150_000);
    await useIssueViewport(page, testInfo);
    await loginAs(page, randomMobile(), 'Propietaria');
    const street = `Calle del Limbo ${randomUUID().slice(0, 6)}`;
    const title = `${street}, Madrid`;

    const propertyId = await test.step('the property form, sent to validation', async () => {
      await page.goto('/new-property?section=alquiler');
      await page.getByLabel('Provincia').selectOption({ label: 'Madrid' });
      await page.getByLabel('Municipio').selectOption({ label: 'Madrid' });
      await page.getByLabel('Calle').fill(street);
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByLabel('Tipo de inmueble').selectOption({ label: 'Piso' });
      await page.getByLabel('Superficie').fill('60');
      await page.getByLabel('Habitaciones').fill('2');
      await page.getByLabel('Baños').fill('1');
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await expect(page.getByRole('heading', { level: 2, name: /Paso 3 de 4/ })).toBeVisible();
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByRole('button', { name: 'Enviar a validación' }).click();
      await expect(page).toHaveURL(/\/new-announcement-alquiler\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: /Anuncio de alquiler/ })).toBeVisible();
      return new URL(page.url()).pathname.split('/').at(-1) ?? '';
    });

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await test.step('the announcement form left unsaved: the property is in Mis anuncios, in validation', async () => {
      await page.goto('/announcement-list');
      await expect(page.getByRole('tab', { name: 'Borradores (1)' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(card.getByText('En validación', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Preparar el anuncio' })).toBeVisible();
      await expectTabsWhole(page);
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('validated: "Crear el anuncio" opens the kinds and the form', async () => {
      await agentValidates(request, propertyId);
      await page.reload();
      await expect(card.getByText('Validado', { exact: true })).toBeVisible();
      await expect(card.getByText(/^Validado: crea el anuncio/)).toBeVisible();
      await card.getByRole('button', { name: 'Crear el anuncio' }).click();
      const kinds = card.getByRole('group', { name: '¿Qué anuncio quieres crear?' });
      await expect(kinds.getByRole('link', { name: 'De alquiler' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await kinds.getByRole('link', { name: 'De alquiler' }).click();
      await expect(page).toHaveURL(new RegExp(`/new-announcement-alquiler/${propertyId}$`));
      await page.getByRole('textbox', { name: /Renta mensual/ }).fill('1.100');
      await page.getByRole('button', { name: 'Guardar y revisar' }).click();
      await expect(page).toHaveURL(/\/new-property-publication\?announcementId=[0-9a-f-]{36}$/);
    });

    await test.step('back in Mis anuncios, the announcement to publish is the next step', async () => {
      await page.goto('/announcement-list');
      await expect(page.getByRole('tab', { name: 'Borradores (1)' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const draft = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Publicar' }) });
      await expect(draft.getByText('Borrador', { exact: true })).toBeVisible();
      await expect(page.getByText('En validación', { exact: true })).toHaveCount(0);
    });
  });

  test("the offers are one tap from the announcement's card, 'Ofertas (n)'", async ({
    quietPage: page,
    request,
    browser,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), 'a phone journey (issue 23)');
    test.setTimeout(120_000);
    await useIssueViewport(page, testInfo);
    const ownerToken = await loginAs(page, randomMobile(), 'Propietaria');
    const title = `Piso en Lavapiés ${randomUUID().slice(0, 6)}`;
    const { propertyId, announcementId } = await publishedRental(request, ownerToken, title, {
      street: 'Calle del Ave María',
      streetNumber: '8',
      surfaceM2: 55,
    });
    await makeRentalOffer(request, await newUserToken(browser, 'Inquilina'), announcementId, {
      amount: 1100,
      nif: '12345678Z',
      salary: 3000,
    });

    await page.goto('/announcement-list');
    await expect(page.getByRole('tab', { name: 'Activos (1)' })).toHaveAttribute('aria-selected', 'true');
    await expectTabsWhole(page);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await card.getByRole('link', { name: 'Ofertas (1)' }).click();
    await expect(page).toHaveURL(`/property/${propertyId}/offers`);
    await expect(page.getByRole('heading', { level: 1, name: 'Ofertas recibidas' })).toBeVisible();
  });
});
