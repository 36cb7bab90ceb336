import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import {
  RedsysSimulator,
  SIMULATOR_APPROVED_CARD,
  SIMULATOR_BIZUM_PHONE,
} from '../apps/api/src/platform/payments/redsys-simulator';
import { e2ePort, type SessionRequest } from './e2e-server';
import { answerFirstVisitOverlays, expect, randomMobile, test, waitForAppOnNavigation } from './fixtures';
import { bearer } from './backend';
import { chatButton, expectNotCovered, isPhone, useIssueViewport } from './layout';

// Redsys (issue 28), on a phone: the owner pays an announcement by card and by Bizum at the bank's
// gateway (the local Redsys simulator), comes back to the waiting page that follows the gateway's
// notification, and finds the payment and its invoice in "Mis pagos". This spec starts its own API
// (the same launcher as the other journeys, e2e/server.ts) with PAYMENT_PROVIDER=redsys pointed at the
// simulator, next to the sandbox server the other specs use.

const secretKey = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const merchantCode = '999008881';
const port = e2ePort + 1000;
// The gateway sends the payer back to the API's own address on a local start (http://localhost:PORT).
const baseURL = `http://localhost:${port}`;
const dataDir = path.resolve(import.meta.dirname, '..', `.data-e2e-redsys-${port}`);
const socketPath = path.join(dataDir, 'sessions.sock');
const simulator = new RedsysSimulator({ merchantCode, terminal: '1', secretKey });
let server: ChildProcess | null = null;
let api: APIRequestContext;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const gatewayUrl = await simulator.start();
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'e2e/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      E2E_SESSION_SOCKET: socketPath,
      DEV_TOOLS_TOKEN: randomBytes(24).toString('base64url'),
      E2E_AGENT_PASSWORD: randomBytes(12).toString('base64url'),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SEED_DEMO: 'never',
      PAYMENT_PROVIDER: 'redsys',
      REDSYS_MERCHANT_CODE: merchantCode,
      REDSYS_TERMINAL: '1',
      REDSYS_SECRET_KEY: secretKey,
      REDSYS_GATEWAY_URL: gatewayUrl,
    },
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${baseURL}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 90_000, message: 'the Redsys API server starts' },
    )
    .toBe(200);
  api = await playwrightRequest.newContext({ baseURL });
});

test.afterAll(async () => {
  await api.dispose();
  if (server?.pid) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await simulator.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A session from this server's launcher (its own socket), as the fixtures do for the main one. */
function newSession(request: SessionRequest): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath, method: 'POST', path: '/', headers: { 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve((JSON.parse(body) as { token: string }).token)
            : reject(new Error(`session: ${body}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(request));
  });
}

/** A new owner, logged in on `page`; their bearer token. */
async function newOwner(page: Page): Promise<string> {
  const token = await newSession({ phoneNumber: randomMobile(), name: 'Propietaria' });
  await page.addInitScript((value) => localStorage.setItem('casaoferta.token', value), token);
  return token;
}

/** A property of the owner and its rental announcement (a draft: paying needs nothing more). */
async function announcementOf(token: string, title: string) {
  const headers = bearer(token);
  const property = await api.post('/api/property', {
    headers,
    data: {
      street: 'Calle de Argumosa',
      streetNumber: '12',
      surfaceM2: 60,
      provinceCode: '28',
      municipalityCode: '28079',
      propertyTypeCode: 'PTY002',
      rooms: 2,
      bathrooms: 1,
    },
  });
  expect(property.status(), await property.text()).toBe(201);
  const propertyId = ((await property.json()) as { data: { id: string } }).data.id;
  const draft = await api.post('/api/announcement/draft', {
    headers,
    data: { propertyId, price: 1100, customTitle: title },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  const announcementId = ((await draft.json()) as { data: { id: string } }).data.id;
  return { propertyId, announcementId };
}

test('pays by Redsys card and by Bizum at the gateway, and finds the invoices in Mis pagos', async ({
  page: rawPage,
  expectNoSeriousA11yViolations,
}, testInfo) => {
  test.skip(!isPhone(testInfo), 'a phone journey (issue 28)');
  test.setTimeout(120_000);
  const page = waitForAppOnNavigation(rawPage);
  await answerFirstVisitOverlays(page);
  await useIssueViewport(page, testInfo);
  const owner = await newOwner(page);
  const first = await announcementOf(owner, `Piso en Lavapiés ${randomUUID().slice(0, 6)}`);

  await test.step('the checkout offers card and Bizum, and a complete invoice', async () => {
    await page.goto(`${baseURL}/property/${first.announcementId}/offers/payment/${first.propertyId}`);
    await page.getByRole('link', { name: 'Continuar al pago' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Elige cómo pagar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pagar 49,00 € con Bizum' })).toBeVisible();
    await page.getByLabel('Quiero factura completa (con mi NIF)').check();
    await page.getByLabel('NIF, DNI o NIE').fill('12345678A');
    await page.getByLabel('Nombre o razón social').fill('Propietaria Pruebas');
    await page.getByLabel('Dirección fiscal').fill('Calle de Argumosa 12, 28012 Madrid');
    // Phone first: the floating chat covers neither way to pay.
    for (const name of ['Pagar 49,00 € con tarjeta', 'Pagar 49,00 € con Bizum']) {
      const button = page.getByRole('button', { name });
      await button.scrollIntoViewIfNeeded();
      await expectNotCovered(button, chatButton(page), name);
    }
    await page.getByRole('button', { name: 'Pagar 49,00 € con tarjeta' }).click();
    await expect(page.getByText('El NIF no es válido. Revisa los números y la letra.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('NIF, DNI o NIE').fill('12345678Z');
  });

  await test.step('by card: the gateway, then the waiting page, then the success', async () => {
    await page.getByRole('button', { name: 'Pagar 49,00 € con tarjeta' }).click();
    await expect(page.getByRole('heading', { name: 'Simulador de Redsys: pago con tarjeta' })).toBeVisible();
    await expect(page.getByText('Importe: 49,00 €')).toBeVisible();
    await page.getByLabel('Número de tarjeta').fill(SIMULATOR_APPROVED_CARD);
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pago completado' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  const second = await announcementOf(owner, `Ático en Chamberí ${randomUUID().slice(0, 6)}`);
  await test.step('by Bizum, first declined (KO page waits for the notification), then approved', async () => {
    await page.goto(
      `${baseURL}/property/${second.announcementId}/offers/payment/${second.propertyId}/checkout`,
    );
    await page.getByRole('button', { name: 'Pagar 49,00 € con Bizum' }).click();
    await expect(page.getByRole('heading', { name: 'Simulador de Redsys: pago con Bizum' })).toBeVisible();
    await page.getByLabel('Teléfono de Bizum').fill('600000000');
    await page.getByRole('button', { name: 'Confirmar en Bizum' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'El pago no se ha completado' })).toBeVisible();
    await expect(
      page.getByText('El pago con Bizum no se ha completado. Inténtalo de nuevo o paga con tarjeta.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Reintentar' }).click();
    await page.getByRole('button', { name: 'Pagar 49,00 € con Bizum' }).click();
    await page.getByLabel('Teléfono de Bizum').fill(SIMULATOR_BIZUM_PHONE);
    await page.getByRole('button', { name: 'Confirmar en Bizum' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pago completado' })).toBeVisible();
  });

  await test.step('Mis pagos, from the user menu: both payments, their invoices, a PDF to download', async () => {
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('link', { name: 'Mis pagos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mis pagos' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Pagos' });
    await expect(
      list.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) }),
    ).toHaveCount(3);
    const card = list.getByRole('listitem').filter({ hasText: 'Piso en Lavapiés' });
    await expect(card.getByText('Pagado')).toBeVisible();
    await expect(card.getByText('Tarjeta')).toBeVisible();
    const download = card.getByRole('button', { name: /^Descargar factura F-\d{4}-\d{6} \(PDF\)$/ });
    await expect(download).toBeVisible();
    await download.scrollIntoViewIfNeeded();
    await expectNotCovered(download, chatButton(page), 'the invoice download');
    const bizum = list.getByRole('listitem').filter({ hasText: 'Ático en Chamberí' });
    await expect(bizum.getByText('Bizum').first()).toBeVisible();
    await expect(bizum.getByText('No completado')).toBeVisible();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^factura-F-\d{4}-\d{6}\.pdf$/);
    await expectNoSeriousA11yViolations(page);
  });
});
