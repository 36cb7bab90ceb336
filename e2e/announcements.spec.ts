import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';

const demoOwner = '+34600000001';
const draftTitle = 'Piso de dos dormitorios en Malasaña';

interface OutboxMessage {
  channel: string;
  recipient: string;
  body: string;
}

/** The newest one-time code sent to `phone`, read from the development outbox (newest first). */
async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  const response = await request.get('/api/dev/outbox');
  const { data } = (await response.json()) as { data: OutboxMessage[] };
  const sms = data.find((message) => message.channel === 'sms' && message.recipient === phone);
  return (sms && /(?<!\d)(\d{6})(?!\d)/.exec(sms.body)?.[1]) ?? '';
}

/** generate-otp-code → code from GET /api/dev/outbox → verify → authenticate; null when refused. */
async function otpLogin(request: APIRequestContext, phone: string): Promise<string | null> {
  const sent = await request.post('/api/authentication/users/generate-otp-code', {
    data: { phoneNumber: phone, countryCode: 'ES' },
  });
  if (!sent.ok()) return null;
  const code = await latestCode(request, phone);
  const verified = await request.post('/api/authentication/users/verify', {
    data: { phoneNumber: phone, countryCode: 'ES', code },
  });
  if (!verified.ok()) return null;
  const { data } = (await verified.json()) as { data: { verificationToken: string; registered: boolean } };
  const registration = data.registered
    ? {}
    : { name: 'Propietaria', surname: 'De Anuncios', acceptPrivacyPolicy: true };
  const session = await request.post('/api/authentication/users/authenticate', {
    data: { verificationToken: data.verificationToken, ...registration },
  });
  if (!session.ok()) return null;
  return ((await session.json()) as { data: { token: string } }).data.token;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A fresh owner with the same draft as the demo owner's: used when the demo phone is busy (parallel
 * workers share it; a newer code voids an older one and only 3 codes are sent per 15 minutes).
 */
async function ownerWithDraft(request: APIRequestContext): Promise<string | null> {
  const token = await otpLogin(request, `+346${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
  if (!token) return null;
  const property = await request.post('/api/property/draft', {
    headers: bearer(token),
    data: { street: 'Calle del Espíritu Santo', provinceCode: '28', municipalityCode: '28079' },
  });
  const { data } = (await property.json()) as { data: { id: string } };
  const draft = await request.post('/api/announcement/draft', {
    headers: bearer(token),
    data: { propertyId: data.id, price: 1150, customTitle: draftTitle },
  });
  return draft.ok() ? token : null;
}

/** Logs in as the demo owner (or an owner like it) and stores the token before the app loads. */
async function loginAsOwner(page: Page, request: APIRequestContext): Promise<string> {
  let token = await otpLogin(request, demoOwner);
  for (let attempt = 0; !token && attempt < 3; attempt++) token = await ownerWithDraft(request);
  expect(token, 'owner session').toBeTruthy();
  await page.addInitScript((value) => localStorage.setItem('casaoferta.token', value), token ?? '');
  return token ?? '';
}

test.describe('owner announcements', () => {
  test('the owner finds the draft in Mis anuncios, changes its price and goes on to publish it', async ({
    quietPage: page,
    request,
    expectNoSeriousA11yViolations,
  }) => {
    test.setTimeout(90_000);
    const token = await loginAsOwner(page, request);

    await page.goto('/announcement-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis anuncios' })).toBeVisible();
    for (const tab of [/^Activos \(\d+\)$/, /^Borradores \(\d+\)$/, /^Finalizados \(\d+\)$/]) {
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    }
    await page.getByRole('tab', { name: /^Borradores/ }).click();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: draftTitle }) });
    await expect(card.getByText('Borrador', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await card.getByRole('link', { name: 'Editar' }).click();
    await expect(page).toHaveURL(/\/new-announcement-alquiler\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const announcementId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await expect(
      page.getByRole('heading', { level: 1, name: 'Anuncio de alquiler de vivienda completa' }),
    ).toBeVisible();
    const price = page.getByRole('spinbutton', { name: /Renta mensual/ });
    await expect(price).toHaveValue('1150');
    await expect(page.getByRole('textbox', { name: /Título del anuncio/ })).toHaveValue(draftTitle);
    await expectNoSeriousA11yViolations(page);

    await price.fill('1175');
    await expect(page.getByText('Borrador guardado')).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Guardar y revisar' }).click();
    // The publication step is another feature's page: only its route is checked here.
    await expect(page).toHaveURL(new RegExp(`/new-property-publication\\?announcementId=${announcementId}$`));

    const saved = await request.get(`/api/announcement/${announcementId}`, { headers: bearer(token) });
    expect(saved.ok()).toBe(true);
    const { data } = (await saved.json()) as { data: { price: number; statusCode: string } };
    expect(data).toMatchObject({ price: 1175, statusCode: 'AST000' });
  });
});
