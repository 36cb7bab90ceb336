import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  test,
  expect,
  answerFirstVisitOverlays,
  loginAs,
  randomMobile,
  waitForAppOnNavigation,
} from './fixtures';
import { agentValidates, bearer } from './backend';
import { isPhone, phone, useIssueViewport } from './layout';

// Issue 23 point 13 on a phone: a sale announcement states its arras (10 % penitenciales); a buyer reads
// them in the offer dialog, cannot send without accepting them, accepts and offers; the owner reads the
// acceptance on the offer (decision 029: stored with the offer).

/** A sale of 245.000 € with 10 % penitenciales, validated and published. */
async function publishedSaleWithArras(request: APIRequestContext, ownerToken: string, title: string) {
  const headers = bearer(ownerToken);
  const property = await request.post('/api/property', {
    headers,
    data: {
      street: 'Calle de Toledo',
      streetNumber: '41',
      surfaceM2: 85,
      provinceCode: '28',
      municipalityCode: '28079',
      propertyTypeCode: 'PTY002',
      rooms: 3,
      bathrooms: 2,
    },
  });
  expect(property.status(), await property.text()).toBe(201);
  const propertyId = ((await property.json()) as { data: { id: string } }).data.id;
  const draft = await request.post('/api/announcement/sale/draft', {
    headers,
    data: {
      propertyId,
      price: 245_000,
      customTitle: title,
      arras: { typeCode: 'ARS001', unit: 'percent', value: 10 },
    },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  const announcementId = ((await draft.json()) as { data: { id: string } }).data.id;
  await agentValidates(request, propertyId);
  const publish = await request.post(`/api/announcement/${announcementId}/publish`, { headers });
  expect(publish.ok(), await publish.text()).toBe(true);
  await agentValidates(request, propertyId, announcementId);
  return { propertyId, announcementId };
}

test('a sale states its arras, a buyer accepts them with the offer, and the owner sees it', async ({
  quietPage: page,
  request,
  browser,
  expectNoSeriousA11yViolations,
}, testInfo) => {
  test.skip(!isPhone(testInfo), 'a phone journey (issue 23 point 13)');
  test.setTimeout(120_000);
  await useIssueViewport(page, testInfo);
  const title = `Piso en La Latina ${randomUUID().slice(0, 6)}`;
  const ownerToken = await loginAs(page, randomMobile(), 'Vendedora');
  const { propertyId, announcementId } = await publishedSaleWithArras(request, ownerToken, title);

  const context = await browser.newContext({ viewport: phone, isMobile: true });
  await answerFirstVisitOverlays(context);
  const buyer = waitForAppOnNavigation(await context.newPage());
  await loginAs(buyer, randomMobile(), 'Comprador');
  try {
    await test.step('the buyer reads the arras, must accept them, accepts and offers', async () => {
      await buyer.goto(`/property/${propertyId}`);
      await expect(buyer.getByText('Arras penitenciales').first()).toBeVisible();
      await buyer.locator('.price-box').getByRole('button', { name: 'Hacer oferta', exact: true }).click();
      const dialog = buyer.getByRole('dialog', { name: 'Hacer oferta' });
      await dialog.getByRole('button', { name: 'Siguiente', exact: true }).click();
      await expect(dialog.getByText('Arras penitenciales: 10 % del precio (24.500 €)')).toBeVisible();
      await dialog
        .getByRole('combobox', { name: /Motivo de la compra/ })
        .selectOption({ label: 'Vivienda habitual' });
      await dialog.getByRole('combobox', { name: /Tipo de contrato/ }).selectOption({ label: 'Indefinido' });
      const accept = dialog.getByRole('checkbox', { name: 'Acepto estas arras' });
      await expect(accept).not.toBeChecked();
      const send = dialog.getByRole('button', { name: 'Enviar oferta', exact: true });
      await send.click();
      // Not sent without them: the box says why and has the focus.
      await expect(accept).toBeFocused();
      await expect(accept).toHaveAccessibleDescription(/arras/i);
      await accept.check();
      await expect(send).toBeInViewport();
      await send.click();
      await expect(buyer.getByRole('dialog', { name: 'Tu oferta de compra se ha enviado' })).toBeVisible();
    });

    await test.step('the owner reads the accepted arras on the offer', async () => {
      const offers = await request.get(`/api/announcement/${announcementId}/offers`, {
        headers: bearer(ownerToken),
      });
      const answer = (await offers.json()) as { data: { offers: { id: string }[] } };
      const offerId = answer.data.offers[0]?.id ?? '';
      expect(offerId).not.toBe('');
      await page.goto(`/property/${propertyId}/offers`);
      // Before paying the amount is hidden: the share of the price only.
      await expect(page.getByText('Acepta arras penitenciales: 10 % del precio').first()).toBeVisible();
      await page.goto(`/property/${propertyId}/offers/${offerId}`);
      const detail = page.getByRole('dialog');
      await expect(detail.getByText('Acepta arras penitenciales: 10 % del precio')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  } finally {
    await context.close();
  }
});
