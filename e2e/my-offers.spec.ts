import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser } from '@playwright/test';
import { test, expect, loginAs, randomMobile, agentToken } from './fixtures';
import { chatButton, expectNotCovered, isPhone, useIssueViewport } from './layout';

// The candidate's side of offers (issue 10 points 4 and 6), on a phone: a tenant finds their offers in
// 'Ofertas realizadas', withdraws one and reads the owner's decision, with its reason, as it happens.

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
      street: 'Calle de Lavapiés',
      streetNumber: '12',
      provinceCode: '28',
      municipalityCode: '28079',
      propertyTypeCode: 'PTY002',
      surfaceM2: 65,
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
    data: { id, amount, offerPaymentType: 'OPT000', nif, typeContractCode: 'UTC001', salary: 2400 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return id;
}

test.describe('my offers', () => {
  test('a tenant follows their offers, withdraws one and sees the owner choose another, with the reason', async ({
    quietPage: page,
    request,
    browser,
    expectNoSeriousA11yViolations,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), 'a phone journey (issue 10)');
    test.setTimeout(120_000);
    await useIssueViewport(page, testInfo);
    const suffix = randomUUID().slice(0, 6);
    const decidedTitle = `Ático en Lavapiés ${suffix}`;
    const withdrawnTitle = `Estudio en Lavapiés ${suffix}`;

    const { ownerToken, tenantToken, decided, withdrawn, rivalOfferId } =
      await test.step('an owner publishes two rentals; the tenant and a rival make offers', async () => {
        const ownerToken = await newUserToken(browser, 'Propietaria');
        const rivalToken = await newUserToken(browser, 'Rival');
        const tenantToken = await loginAs(page, randomMobile(), 'Inquilina');
        const decidedAnnouncement = await publishedRental(request, ownerToken, decidedTitle);
        const withdrawnAnnouncement = await publishedRental(request, ownerToken, withdrawnTitle);
        const decided = {
          ...decidedAnnouncement,
          offerId: await makeOffer(
            request,
            tenantToken,
            decidedAnnouncement.announcementId,
            1150,
            '12345678Z',
          ),
        };
        const withdrawn = {
          ...withdrawnAnnouncement,
          offerId: await makeOffer(
            request,
            tenantToken,
            withdrawnAnnouncement.announcementId,
            1120,
            '12345678Z',
          ),
        };
        const rivalOfferId = await makeOffer(
          request,
          rivalToken,
          decidedAnnouncement.announcementId,
          1200,
          '87654321X',
        );
        return { ownerToken, tenantToken, decided, withdrawn, rivalOfferId };
      });
    expect(tenantToken).not.toBe(ownerToken);

    await test.step("'Ofertas realizadas' shows both offers with their position", async () => {
      await page.goto('/my-offers');
      await expect(page.getByRole('heading', { level: 1, name: 'Ofertas realizadas' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Alquiler' })).toHaveAttribute('aria-selected', 'true');
      const list = page.getByRole('list', { name: 'Tus ofertas de alquiler' });
      const card = (title: string) =>
        list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(card(decidedTitle).getByText('Hay una oferta más alta: 1.200 €/mes')).toBeVisible();
      await expect(card(decidedTitle).getByText('1.150 €/mes')).toBeVisible();
      await expect(card(withdrawnTitle).getByText('Tu oferta es la más alta')).toBeVisible();
      await expect(card(withdrawnTitle).getByText('Enviada')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await card(withdrawnTitle).getByRole('link', { name: withdrawnTitle }).click();
      await expect(page).toHaveURL(`/offer-detail/${withdrawn.announcementId}/${withdrawn.offerId}`);
    });

    await test.step('the tenant withdraws one offer after confirming', async () => {
      await expect(page.getByRole('heading', { level: 1, name: withdrawnTitle })).toBeVisible();
      await expect(page.getByText('Oferta enviada: 1.120 €/mes')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Modificar oferta' })).toHaveAttribute(
        'href',
        `/property/${withdrawn.propertyId}?afterAction=make-offer%3A${withdrawn.announcementId}`,
      );
      const withdraw = page.getByRole('button', { name: 'Retirar oferta' });
      await withdraw.scrollIntoViewIfNeeded();
      await expectNotCovered(withdraw, chatButton(page), "'Retirar oferta'");
      await expectNoSeriousA11yViolations(page);
      await withdraw.click();
      const dialog = page.getByRole('dialog', { name: '¿Retirar tu oferta?' });
      await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Sí, retirar' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Retirada', { exact: true })).toBeVisible();
      await expect(page.getByText('Has retirado la oferta')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retirar oferta' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Modificar oferta' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Hacer una oferta nueva' })).toBeVisible();
      await page.reload();
      await expect(page.getByText('Retirada', { exact: true })).toBeVisible();
    });

    await test.step('the withdrawn offer moves to Finalizadas', async () => {
      await page.getByRole('link', { name: 'Volver a mis ofertas' }).first().click();
      const list = page.getByRole('list', { name: 'Tus ofertas de alquiler' });
      await expect(list.getByRole('heading', { name: decidedTitle })).toBeVisible();
      await expect(list.getByRole('heading', { name: withdrawnTitle })).toHaveCount(0);
      await page.getByRole('radio', { name: 'Finalizadas' }).click();
      await expect(page).toHaveURL(/estado=finalizadas/);
      await expect(list.getByRole('heading', { name: withdrawnTitle })).toBeVisible();
      await expect(list.getByRole('heading', { name: decidedTitle })).toHaveCount(0);
    });

    await test.step('the owner chooses the rival; the tenant reads the decision and its reason live', async () => {
      await page.goto(`/offer-detail/${decided.announcementId}/${decided.offerId}`);
      await expect(page.getByRole('heading', { level: 1, name: decidedTitle })).toBeVisible();
      await expect(page.getByText('Hay una oferta más alta: 1.200 €/mes')).toBeVisible();
      const selected = await request.post(
        `/api/announcement/${decided.announcementId}/offer/${rivalOfferId}/select-tenant`,
        { headers: bearer(ownerToken), data: { reasonCode: 'ODR002' } },
      );
      expect(selected.ok(), await selected.text()).toBe(true);
      // No reload: the page follows the announcement's events.
      const decision = page.getByRole('region', { name: 'Decisión del propietario' });
      await expect(decision.getByText('El propietario ha elegido otra oferta')).toBeVisible();
      await expect(decision.getByText('Motivo: El precio ofrecido')).toBeVisible();
      await expect(page.getByText('No seleccionada', { exact: true })).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Historial de la oferta' }).getByText('Motivo: El precio ofrecido'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retirar oferta' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    });
  });
});
