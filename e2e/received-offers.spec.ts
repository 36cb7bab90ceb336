import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  test,
  expect,
  answerFirstVisitOverlays,
  loginAs,
  randomMobile,
  waitForAppOnNavigation,
} from './fixtures';
import { bearer, makeRentalOffer, newUserToken, publishedRental } from './backend';
import { chatButton, expectNotCovered, isPhone, useIssueViewport } from './layout';

// The owner's side of offers (issue 10 points 5 and 7), on a phone, with two browser contexts: the
// owner has /property/{id}/offers open while a tenant offers; the offer appears without a reload, the
// owner favourites it, closes bidding and chooses it with a reason, and the tenant's /offer-detail
// shows the decision as it happens.

/** A logged-in user's page in a context of its own, first-visit overlays answered. */
async function userPage(browser: Browser, name: string): Promise<{ page: Page; token: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  await answerFirstVisitOverlays(context);
  const page = waitForAppOnNavigation(await context.newPage());
  const token = await loginAs(page, randomMobile(), name);
  return { page, token };
}

test.describe('received offers', () => {
  test('the owner sees an offer arrive live, favourites it, closes bidding and chooses it; the tenant sees it live', async ({
    quietPage: page,
    request,
    browser,
    expectNoSeriousA11yViolations,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), 'a phone journey (issue 10)');
    test.setTimeout(180_000);
    await useIssueViewport(page, testInfo);
    const title = `Piso en Embajadores ${randomUUID().slice(0, 6)}`;
    const ownerToken = await loginAs(page, randomMobile(), 'Propietaria');
    const { propertyId, announcementId } = await publishedRental(request, ownerToken, title, {
      street: 'Calle de Embajadores',
      streetNumber: '30',
      surfaceM2: 70,
    });
    const rivalToken = await newUserToken(browser, 'Rival');
    const tenant = await userPage(browser, 'Inquilina');
    let rivalOfferId = '';
    const list = page.getByRole('list', { name: 'Ofertas del anuncio' });
    const card = (name: string) =>
      list.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });

    try {
      await test.step('the owner opens the offers from the property page', async () => {
        await page.goto(`/property-detail/${propertyId}`);
        await page.getByRole('link', { name: 'Ver ofertas (0)' }).click();
        await expect(page).toHaveURL(`/property/${propertyId}/offers`);
        await expect(page.getByRole('heading', { level: 1, name: 'Ofertas recibidas' })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Aún no has recibido ofertas' })).toBeVisible();
        await expect(page.getByText(/se desbloquean con el pago del anuncio/)).toBeVisible();
        await expect(page.getByRole('button', { name: /pagar/i })).toHaveCount(0);
        await expectNoSeriousA11yViolations(page);
      });

      const offerId = await test.step('a tenant offers: the offer appears without a reload', async () => {
        const id = await makeRentalOffer(request, tenant.token, announcementId, {
          amount: 1150,
          nif: '12345678Z',
          salary: 3000,
        });
        const offer = card('Inquilina P.');
        await expect(offer).toBeVisible();
        await expect(offer.getByText('Nueva')).toBeVisible();
        await expect(offer.getByText('Importe oculto hasta el pago del anuncio')).toBeVisible();
        await expect(offer.getByText('Indefinido')).toBeVisible();
        rivalOfferId = await makeRentalOffer(request, rivalToken, announcementId, {
          amount: 1200,
          nif: '87654321X',
          salary: 3000,
        });
        await expect(card('Rival P.')).toBeVisible();
        await expect(page.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('date');
        await expectNoSeriousA11yViolations(page);
        return id;
      });

      await test.step('the owner favourites it, and it stays a favourite', async () => {
        const star = card('Inquilina P.').getByRole('button', { name: 'Favorita' });
        await expect(star).toHaveAttribute('aria-pressed', 'false');
        await star.click();
        await expect(star).toHaveAttribute('aria-pressed', 'true');
        await page.getByRole('checkbox', { name: 'Solo favoritas' }).check();
        await expect(card('Rival P.')).toHaveCount(0);
        await page.reload();
        await expect(card('Inquilina P.').getByRole('button', { name: 'Favorita' })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      });

      await test.step('the owner compares the two offers side by side', async () => {
        await card('Inquilina P.').getByRole('checkbox', { name: 'Comparar' }).check();
        await card('Rival P.').getByRole('checkbox', { name: 'Comparar' }).check();
        const compare = page.getByRole('region', { name: 'Comparar ofertas' }).getByRole('button', {
          name: 'Comparar',
          exact: true,
        });
        await expectNotCovered(compare, chatButton(page), "'Comparar'");
        await compare.click();
        const dialog = page.getByRole('dialog', { name: 'Comparar ofertas' });
        await expect(dialog.getByRole('columnheader')).toHaveText(['Inquilina P.', 'Rival P.']);
        await expectNoSeriousA11yViolations(page);
        await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
        await page.getByRole('button', { name: 'Quitar selección' }).click();
      });

      await test.step('the tenant follows the offer on /offer-detail', async () => {
        await tenant.page.goto(`/offer-detail/${announcementId}/${offerId}`);
        await expect(tenant.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      });

      await test.step('the owner closes bidding after confirming', async () => {
        await page.getByRole('button', { name: 'Cerrar ofertas' }).click();
        const dialog = page.getByRole('dialog', { name: '¿Cerrar las ofertas?' });
        await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
        await expectNoSeriousA11yViolations(page);
        await dialog.getByRole('button', { name: 'Sí, cerrar ofertas' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('button', { name: 'Reabrir ofertas' })).toBeVisible();
        await expect(
          page.getByText('Has cerrado las ofertas. Elige a un candidato o vuelve a abrirlas.'),
        ).toBeVisible();
      });

      await test.step('the owner chooses the tenant with a reason; the tenant sees it live', async () => {
        const choose = card('Inquilina P.').getByRole('button', { name: 'Elegir candidato' });
        await choose.scrollIntoViewIfNeeded();
        await expectNotCovered(choose, chatButton(page), "'Elegir candidato'");
        await choose.click();
        const dialog = page.getByRole('dialog', { name: 'Elegir a Inquilina P.' });
        await expect(dialog.getByRole('radio', { name: 'Ha elegido a otro candidato' })).toBeChecked();
        await dialog.getByRole('radio', { name: 'El precio ofrecido' }).check();
        await expectNoSeriousA11yViolations(page);
        await dialog.getByRole('button', { name: 'Elegir candidato' }).click();
        await expect(dialog).toBeHidden();
        await expect(card('Inquilina P.').getByText('Seleccionada', { exact: true })).toBeVisible();
        await page.getByRole('checkbox', { name: 'Solo favoritas' }).uncheck();
        await expect(card('Rival P.').getByText('No seleccionada', { exact: true })).toBeVisible();
        await expect(card('Rival P.').getByText('Motivo: El precio ofrecido')).toBeVisible();
        await expect(page.getByText('Ya has elegido candidato para este anuncio.')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Elegir candidato' })).toHaveCount(0);

        // Issue 23: choosing changes neither the count nor the highest offer (domain rules/offer-summary.ts).
        const figures = page.getByLabel('Resumen del anuncio');
        await expect(figures.getByRole('definition')).toHaveText([
          'Inquilino o comprador seleccionado',
          '2',
          /^1\.200\s€\/mes$/,
        ]);

        // No reload on the tenant's side: their page follows the announcement's events.
        const decision = tenant.page.getByRole('region', { name: 'Decisión del propietario' });
        await expect(decision.getByText('¡El propietario ha elegido tu oferta!')).toBeVisible();
        // The winner reads the choice and the announcement's 2 offers, not "la más alta".
        await expect(tenant.page.getByText('Hay 2 ofertas en este anuncio')).toBeVisible();
        await expect(tenant.page.getByText('Tu oferta es la más alta')).toHaveCount(0);
        await expect(tenant.page.getByText(/Hay una oferta más alta/)).toHaveCount(0);

        // The rival reads the reason the owner picked.
        const rival = await request.get(`/api/announcement/${announcementId}/offer/${rivalOfferId}`, {
          headers: bearer(rivalToken),
        });
        expect(rival.ok(), await rival.text()).toBe(true);
        expect(((await rival.json()) as { data: unknown }).data).toMatchObject({
          statusCode: 'OSC004',
          decisionReasonCode: 'ODR002',
        });
      });

      await test.step('the owner opens the chosen offer: its timeline', async () => {
        await card('Inquilina P.').getByRole('link', { name: 'Ver detalle' }).click();
        await expect(page).toHaveURL(`/property/${propertyId}/offers/${offerId}`);
        const dialog = page.getByRole('dialog', { name: 'Oferta de Inquilina P.' });
        const timeline = dialog.getByRole('list').last();
        await expect(timeline.getByText('Oferta enviada')).toBeVisible();
        await expect(timeline.getByText('Ofertas cerradas')).toBeVisible();
        await expect(timeline.getByText('Candidato elegido')).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await dialog.getByRole('button', { name: 'Cerrar' }).click();
        await expect(page).toHaveURL(`/property/${propertyId}/offers`);
      });
    } finally {
      await tenant.page.context().close();
    }
  });
});
