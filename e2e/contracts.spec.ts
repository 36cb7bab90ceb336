import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  test,
  expect,
  answerFirstVisitOverlays,
  demoPhoto,
  loginAs,
  randomMobile,
  waitForAppOnNavigation,
} from './fixtures';
import { bearer, devOutboxHeaders, makeRentalOffer, publishedRental } from './backend';
import { isPhone, useIssueViewport } from './layout';

// Contracts (issue 13 points 3 to 5), on a phone, with two browser contexts: the owner chooses a
// candidate and is led to the contract; owner and tenant fill and send their data, the owner sends it to
// sign, both sign with their typed name and an SMS code (read from the development outbox), and both
// download the same signed PDF, whose text names them and whose PAdES signature pdfsig finds valid.

interface Party {
  page: Page;
  token: string;
  phone: string;
}

/** A logged-in user's page in a context of its own, first-visit overlays answered. */
async function userPage(browser: Browser, name: string): Promise<Party> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  await answerFirstVisitOverlays(context);
  const page = waitForAppOnNavigation(await context.newPage());
  const phone = randomMobile();
  const token = await loginAs(page, phone, name);
  return { page, token, phone };
}

interface OutboxMessage {
  channel: string;
  recipient: string;
  body: string;
}

/** The newest signing code sent by SMS to `phone`, other than `previous`, from the development outbox. */
async function signCode(request: APIRequestContext, phone: string, previous = ''): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox', { headers: devOutboxHeaders });
        if (!response.ok()) return '';
        const { data } = (await response.json()) as { data: OutboxMessage[] };
        const sms = data.find(
          (message) =>
            message.channel === 'sms' &&
            message.recipient === phone &&
            /firmar el contrato/.test(message.body),
        );
        code = (sms && /(?<!\d)(\d{6})(?!\d)/.exec(sms.body)?.[1]) ?? '';
        return code !== '' && code !== previous;
      },
      { message: `signing code for ${phone}`, timeout: 10_000 },
    )
    .toBe(true);
  return code;
}

/** Signs from the contract's page: typed full name, "Enviar código", the code from the outbox. */
async function sign(request: APIRequestContext, party: Party, fullName: string) {
  const { page } = party;
  await page.getByRole('button', { name: 'Firmar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Firmar el contrato' });
  await dialog.getByRole('textbox', { name: /Nombre y apellidos/ }).fill(fullName);
  await dialog.getByRole('button', { name: 'Enviar código' }).click();
  await expect(dialog.getByText(/Te hemos enviado un código/)).toBeVisible();
  const code = dialog.getByRole('textbox', { name: /Código de 6 cifras/ });
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(await signCode(request, party.phone));
  await dialog.getByRole('button', { name: 'Firmar contrato' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Has firmado el contrato')).toBeVisible();
}

/** Downloads the signed PDF from the contract's page; returns its bytes and where Playwright saved it. */
async function downloadSigned(page: Page): Promise<{ bytes: Buffer; file: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar contrato firmado' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^contrato-.+\.pdf$/);
  const file = await download.path();
  return { bytes: fs.readFileSync(file), file };
}

/** Fills my party data: the fields a new account cannot prefill. */
async function fillParty(page: Page, nif: string, address: string) {
  await page.getByRole('textbox', { name: /DNI, NIE o NIF/ }).fill(nif);
  await page.getByRole('textbox', { name: /Dirección para notificaciones/ }).fill(address);
}

/** "Enviar" and its confirmation: the data is frozen and the title takes the focus. */
async function sendMine(page: Page) {
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '¿Enviar tus datos?' });
  await expect(dialog.getByRole('button', { name: 'Volver' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Sí, enviar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Ya has enviado tus datos: no se pueden cambiar.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
}

const normalized = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

test.describe('contracts', () => {
  test('owner and tenant fill, send and sign a rental contract and download the same signed PDF', async ({
    quietPage: page,
    request,
    browser,
    expectNoSeriousA11yViolations,
  }, testInfo) => {
    test.skip(!isPhone(testInfo), 'a phone journey (issue 13)');
    test.setTimeout(240_000);
    await useIssueViewport(page, testInfo);
    const title = `Piso en Chamberí ${randomUUID().slice(0, 6)}`;
    const ownerPhone = randomMobile();
    const owner: Party = { page, phone: ownerPhone, token: await loginAs(page, ownerPhone, 'Propietaria') };
    const tenant = await userPage(browser, 'Inquilina');

    try {
      const { propertyId, announcementId, offerId } =
        await test.step('a rental is published, the tenant offers and the owner chooses them', async () => {
          const published = await publishedRental(request, owner.token, title, {
            street: 'Calle de Santa Engracia',
            streetNumber: '40',
            surfaceM2: 75,
          });
          const offerId = await makeRentalOffer(request, tenant.token, published.announcementId, {
            amount: 1150,
            nif: '87654321X',
            salary: 3200,
          });
          const selected = await request.post(
            `/api/announcement/${published.announcementId}/offer/${offerId}/select-tenant`,
            { headers: bearer(owner.token), data: { reasonCode: 'ODR001' } },
          );
          expect(selected.ok(), await selected.text()).toBe(true);
          return { ...published, offerId };
        });

      await test.step('the contract needs the announcement paid: the owner is led to pay, and pays', async () => {
        await page.goto(`/property/${propertyId}/offers/${offerId}`);
        const dialog = page.getByRole('dialog', { name: 'Oferta de Inquilina P.' });
        await expect(dialog.getByRole('link', { name: 'Pagar y preparar el contrato' })).toHaveAttribute(
          'href',
          `/property/${announcementId}/offers/payment/${propertyId}`,
        );
        await expect(dialog.getByRole('button', { name: 'Preparar el contrato' })).toHaveCount(0);
        // The payment's own journey is payments.spec.ts: here the sandbox's approving card, by the API.
        const paid = await request.post(`/api/announcement/${announcementId}/payment`, {
          headers: bearer(owner.token),
          data: { id: randomUUID(), token: 'tok_sandbox_approve_4242' },
        });
        expect(paid.ok(), await paid.text()).toBe(true);
      });

      const contractUrl =
        await test.step('the owner is led from the chosen offer to the contract', async () => {
          await page.goto(`/property/${propertyId}/offers/${offerId}`);
          const dialog = page.getByRole('dialog', { name: 'Oferta de Inquilina P.' });
          await dialog.getByRole('button', { name: 'Preparar el contrato' }).click();
          await expect(page).toHaveURL(/\/contract\/[0-9a-f-]{36}$/);
          await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
          const steps = page.getByRole('list', { name: 'Pasos del contrato' });
          await expect(steps.locator('[aria-current="step"]')).toContainText('Datos del propietario');
          await expect(page.getByText('Te toca a ti.')).toBeVisible();
          return new URL(page.url()).pathname;
        });

      await test.step('the owner fills their data and the terms, adds a photo, saves and sends', async () => {
        await expect(page.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Propietaria');
        await fillParty(page, '12345678Z', 'Calle de Santa Engracia 40, 28010 Madrid');
        await page.getByLabel(/Fecha de inicio/).fill('2027-02-01');
        await page
          .getByRole('combobox', { name: /Forma de pago/ })
          .selectOption({ label: 'Transferencia bancaria' });
        await page.getByRole('textbox', { name: /IBAN/ }).fill('ES9121000418450200051332');
        await page.getByRole('checkbox', { name: 'Subarriendo no permitido' }).check();
        await page.getByRole('button', { name: 'Guardar' }).click();
        await expect(page.getByText('Hemos guardado tus datos')).toBeVisible();

        await page.locator('input[type="file"]').setInputFiles(demoPhoto('apartment_downtown.jpg'));
        const photos = page.getByRole('list', { name: 'Fotos del inventario' });
        await expect(photos.getByRole('img', { name: 'Foto 1 del inventario' })).toBeVisible({
          timeout: 30_000,
        });
        // The thumbnail is the private image fetched with the bearer token, shown from a blob URL.
        await expect(photos.locator('img')).toHaveAttribute('src', /^blob:/);
        await expectNoSeriousA11yViolations(page);

        await sendMine(page);
        await expect(page.getByText(/Esperando los datos de Inquilina Pruebas/)).toBeVisible();
      });

      await test.step('the tenant finds the contract from their offer and sends their data', async () => {
        const t = tenant.page;
        await t.goto(`/offer-detail/${announcementId}/${offerId}`);
        await t.getByRole('link', { name: 'Ver el contrato' }).click();
        await expect(t).toHaveURL(contractUrl);
        await t.goto('/contracts-list');
        const card = t
          .getByRole('list', { name: 'Tus contratos' })
          .getByRole('listitem')
          .filter({ hasText: title });
        await expect(card.getByText('Inquilino', { exact: true })).toBeVisible();
        await expect(card.getByText('1.150 €/mes')).toBeVisible();
        await expect(card.getByText('Te toca a ti')).toBeVisible();
        await expectNoSeriousA11yViolations(t);
        await card.getByRole('link', { name: title }).click();
        await expect(t).toHaveURL(contractUrl);
        await fillParty(t, '87654321X', 'Calle de Toledo 12, 28005 Madrid');
        await sendMine(t);
      });

      await test.step('the owner sends it to sign', async () => {
        await page.reload();
        await page.getByRole('button', { name: 'Enviar a firma' }).click();
        const dialog = page.getByRole('dialog', { name: '¿Enviar el contrato a firma?' });
        await dialog.getByRole('button', { name: 'Sí, enviar a firma' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('button', { name: 'Firmar', exact: true })).toBeVisible();
        await expect(page.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
      });

      await test.step('both sign with their name and an SMS code', async () => {
        await sign(request, owner, 'Propietaria Pruebas');
        await expect(page.getByText(/Firmado por Propietaria Pruebas/)).toBeVisible();
        await tenant.page.reload();
        await expectNoSeriousA11yViolations(tenant.page);
        await sign(request, tenant, 'Inquilina Pruebas');
        await expect(tenant.page.getByText('El contrato está firmado por las dos partes.')).toBeVisible();
        await page.reload();
        await expect(page.getByText('El contrato está firmado por las dos partes.')).toBeVisible();
      });

      await test.step('both download the same signed PDF: names in its text, its signature valid', async () => {
        const fromOwner = await downloadSigned(page);
        const fromTenant = await downloadSigned(tenant.page);
        expect(fromOwner.bytes.equals(fromTenant.bytes)).toBe(true);
        expect(fromOwner.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

        const text = normalized(
          execFileSync('pdftotext', ['-layout', fromOwner.file, '-'], { encoding: 'utf8' }),
        );
        expect(text).toContain('propietaria pruebas');
        expect(text).toContain('inquilina pruebas');

        // pdfsig may exit non-zero over the certificate's trust (a development one); its verdict is the text.
        const run = spawnSync('pdfsig', [fromOwner.file], { encoding: 'utf8' });
        const verdict = `${run.stdout}${run.stderr}`;
        expect(verdict).toMatch(/Signature Validation: Signature is Valid/);
        expect(verdict).not.toMatch(/Signature is Invalid|Digest Mismatch/);
      });
    } finally {
      await tenant.page.context().close();
    }
  });
});
