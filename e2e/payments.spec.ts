import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, loginAs, randomMobile } from './fixtures';
import { makeRentalOffer, publishedRental } from './backend';
import { isPhone, useIssueViewport } from './layout';

// Payment per announcement (issue 13), on a phone: the owner pays with the sandbox's test cards from
// the locked offers page; the amounts and the candidate's contact unlock; a declined card shows the
// failure page and "Reintentar" succeeds; the in-process card settles on the waiting page.

/** A tenant (in a context of their own) who offers 1.150 €/mes; their phone, to find it unlocked. */
async function tenantOffers(browser: Browser, request: APIRequestContext, announcementId: string) {
  const context = await browser.newContext();
  const phone = randomMobile();
  try {
    const token = await loginAs(await context.newPage(), phone, 'Inquilina');
    await makeRentalOffer(request, token, announcementId, { amount: 1150, nif: '12345678Z', salary: 3000 });
  } finally {
    await context.close();
  }
  return phone;
}

async function ownerWithOffer(page: Page, request: APIRequestContext, browser: Browser) {
  const ownerToken = await loginAs(page, randomMobile(), 'Propietaria');
  const title = `Piso en Lavapiés ${randomUUID().slice(0, 6)}`;
  const ids = await publishedRental(request, ownerToken, title, {
    street: 'Calle de Argumosa',
    streetNumber: '12',
    surfaceM2: 60,
  });
  const tenantPhone = await tenantOffers(browser, request, ids.announcementId);
  return { ...ids, tenantPhone };
}

async function payWith(page: Page, card: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Datos de la tarjeta' })).toBeVisible();
  await page.getByLabel('Titular de la tarjeta').fill('Propietaria Prueba');
  await page.getByLabel('Número de tarjeta').fill(card);
  await page.getByLabel('Caducidad (MM/AA)').fill('12/35');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pagar 49,00 €' }).click();
}

test.describe('payments', () => {
  test('the owner pays with the approving card and then sees the amounts and the contact', async ({
    quietPage: page,
    request,
    browser,
    expectNoSeriousA11yViolations,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), 'a phone journey (issue 13)');
    test.setTimeout(120_000);
    await useIssueViewport(page, testInfo);
    const { propertyId, announcementId, tenantPhone } = await ownerWithOffer(page, request, browser);
    const offer = page.getByRole('list', { name: 'Ofertas del anuncio' }).getByRole('listitem').first();

    await test.step('the locked offers page leads to the payment summary', async () => {
      await page.goto(`/property/${propertyId}/offers`);
      await expect(offer.getByText('Importe oculto hasta el pago del anuncio')).toBeVisible();
      await page.getByRole('link', { name: 'Pagar y ver importes y contactos' }).click();
      await expect(page).toHaveURL(`/property/${announcementId}/offers/payment/${propertyId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Pago del anuncio' })).toBeVisible();
      await expect(page.getByText('49,00 €')).toBeVisible();
      await expect(page.getByText('IVA (21 %)')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('a wrong number is refused in the browser', async () => {
      await page.getByRole('link', { name: 'Continuar al pago' }).click();
      await payWith(page, '4242 4242 4242 4241');
      await expect(page.getByText('El número de tarjeta no es válido. Revisa las cifras.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('the approving card pays', async () => {
      await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pagar 49,00 €' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Pago completado' })).toBeVisible();
      await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}\/success$/);
      await expect(page.getByText('VISA terminada en 4242')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('the offers page shows the amount and the candidate’s contact', async () => {
      await page.getByRole('link', { name: 'Ver ofertas, importes y contactos' }).click();
      await expect(page).toHaveURL(`/property/${propertyId}/offers`);
      await expect(offer.getByText('Oferta: 1.150 €/mes')).toBeVisible();
      await expect(page.getByText(/se desbloquean con el pago del anuncio/)).toHaveCount(0);
      await offer.getByRole('link', { name: 'Ver detalle' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Ver datos de contacto' }).click();
      await expect(dialog.locator(`a[href="tel:${tenantPhone}"]`)).toBeVisible();
    });
  });

  test('a declined card shows the failure page, and "Reintentar" with the good card succeeds', async ({
    quietPage: page,
    request,
    browser,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), 'a phone journey (issue 13)');
    test.setTimeout(120_000);
    await useIssueViewport(page, testInfo);
    const { propertyId, announcementId } = await ownerWithOffer(page, request, browser);
    await page.goto(`/property/${announcementId}/offers/payment/${propertyId}/checkout`);
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('heading', { level: 1, name: 'El pago no se ha completado' })).toBeVisible();
    await expect(page.getByText(/Tarjeta rechazada por el banco emisor/)).toBeVisible();
    await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}\/failure$/);
    await page.getByRole('link', { name: 'Reintentar' }).click();
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { level: 1, name: 'Pago completado' })).toBeVisible();
  });

  test('the in-process card settles on the waiting page', async ({
    quietPage: page,
    request,
    browser,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), 'a phone journey (issue 13)');
    test.setTimeout(120_000);
    await useIssueViewport(page, testInfo);
    const { propertyId, announcementId } = await ownerWithOffer(page, request, browser);
    await page.goto(`/property/${announcementId}/offers/payment/${propertyId}/checkout`);
    await payWith(page, '4000 0000 0000 3220');
    await expect(page.getByRole('heading', { level: 1, name: 'Estamos confirmando tu pago' })).toBeVisible();
    await expect(page).toHaveURL(`/payment-in-process/${announcementId}/property/${propertyId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pago completado' })).toBeVisible({
      timeout: 20_000,
    });
  });
});
