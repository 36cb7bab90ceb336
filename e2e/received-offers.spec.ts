import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, loginAs, randomMobile, agentToken, storage, waitForAppOnNavigation } from './fixtures';
import { chatButton, expectNotCovered, isPhone, useIssueViewport } from './layout';

// The owner's side of offers (issue 10 points 5 and 7), on a phone, with two browser contexts: the
// owner has /property/{id}/offers open while a tenant offers; the offer appears without a reload, the
// owner favourites it, closes bidding and chooses it with a reason, and the tenant's /offer-detail
// shows the decision as it happens.

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A session token for a new user, from a page of a throwaway context (loginAs wants a page). */
async function newUserToken(browser: Browser, name: string): Promise<string> {
  const context = await browser.newContext();
  try {
    return await loginAs(await context.newPage(), randomMobile(), name);
  } finally {
    await context.close();
  }
}

/** A logged-in user's page in a context of its own, first-visit overlays answered. */
async function userPage(browser: Browser, name: string): Promise<{ page: Page; token: string }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  await context.addInitScript((keys) => {
    localStorage.setItem(keys.tutorialDone, 'true');
    localStorage.setItem(
      keys.cookiePreferences,
      JSON.stringify({ essentialCookies: true, dataCookies: false, customCookies: false }),
    );
  }, storage);
  const page = waitForAppOnNavigation(await context.newPage());
  const token = await loginAs(page, randomMobile(), name);
  return { page, token };
}

/** The demo supervisor agent approves a property or one of its announcements (decision 011: by revision). */
async function agentValidates(request: APIRequestContext, propertyId: string, announcementId?: string) {
  const headers = bearer(await agentToken('agente@casaoferta.es'));
  const review = await request.get(`/api/agents/property/${propertyId}/review`, { headers });
  expect(review.ok(), await review.text()).toBe(true);
  const { data } = (await review.json()) as {
    data: { revision: number; announcements: { id: string; revision: number }[] };
  };
  const path = announcementId
    ? `/api/agents/announcement/${announcementId}/validate`
    : `/api/agents/property/${propertyId}/validate`;
  const revision = announcementId
    ? data.announcements.find((a) => a.id === announcementId)?.revision
    : data.revision;
  const res = await request.post(path, { headers, data: { validate: true, revision } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A whole-home rental at 1.100 €/mes, published (validated by an agent), owned by `ownerToken`'s user. */
async function publishedRental(request: APIRequestContext, ownerToken: string, title: string) {
  const headers = bearer(ownerToken);
  const property = await request.post('/api/property', {
    headers,
    data: {
      street: 'Calle de Embajadores',
      streetNumber: '30',
      provinceCode: '28',
      municipalityCode: '28079',
      propertyTypeCode: 'PTY002',
      surfaceM2: 70,
      rooms: 2,
      bathrooms: 1,
    },
  });
  expect(property.status(), await property.text()).toBe(201);
  const propertyId = ((await property.json()) as { data: { id: string } }).data.id;
  const draft = await request.post('/api/announcement/draft', {
    headers,
    data: { propertyId, price: 1100, customTitle: title },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  const announcementId = ((await draft.json()) as { data: { id: string } }).data.id;
  await agentValidates(request, propertyId);
  const publish = await request.post(`/api/announcement/${announcementId}/publish`, { headers });
  expect(publish.ok(), await publish.text()).toBe(true);
  await agentValidates(request, propertyId, announcementId);
  return { propertyId, announcementId };
}

/** A rental offer with the employment section (a new user's profile is incomplete). Returns its id. */
async function makeOffer(
  request: APIRequestContext,
  token: string,
  announcementId: string,
  amount: number,
  nif: string,
): Promise<string> {
  const id = randomUUID();
  const res = await request.post(`/api/announcement/${announcementId}/offers`, {
    headers: bearer(token),
    data: { id, amount, offerPaymentType: 'OPT000', nif, typeContractCode: 'UTC001', salary: 3000 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return id;
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
    const { propertyId, announcementId } = await publishedRental(request, ownerToken, title);
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
        const id = await makeOffer(request, tenant.token, announcementId, 1150, '12345678Z');
        const offer = card('Inquilina P.');
        await expect(offer).toBeVisible();
        await expect(offer.getByText('Nueva')).toBeVisible();
        await expect(offer.getByText('Importe oculto hasta el pago del anuncio')).toBeVisible();
        await expect(offer.getByText('Indefinido')).toBeVisible();
        rivalOfferId = await makeOffer(request, rivalToken, announcementId, 1200, '87654321X');
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

        // No reload on the tenant's side: their page follows the announcement's events.
        const decision = tenant.page.getByRole('region', { name: 'Decisión del propietario' });
        await expect(decision.getByText('¡El propietario ha elegido tu oferta!')).toBeVisible();

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
