import type { APIRequestContext } from '@playwright/test';
import { test, expect, loginAs, randomMobile, agentToken } from './fixtures';
import { bearer, devOutboxHeaders, latestCode, newUserToken, publishedRental } from './backend';

// Issue 26 points 2 and 4 (decision 037): a tenant keeps a rental among the favourites from the
// catalogue, sees it in Mis favoritos; its owner lowers the price (the moderated change an agent
// approves); the tenant gets the alert e-mail, the card shows the drop and the property page its
// history; the alert's link turns those alerts off without logging in.

interface OutboxMessage {
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
}

async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get('/api/dev/outbox', { headers: devOutboxHeaders });
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/** The newest e-mail to `address` whose subject contains `subject`, from the development outbox. */
async function emailTo(request: APIRequestContext, address: string, subject: string): Promise<string> {
  let body = '';
  await expect
    .poll(
      async () => {
        const found = (await outbox(request)).find(
          (m) => m.channel === 'email' && m.recipient === address && (m.subject ?? '').includes(subject),
        );
        body = found?.body ?? '';
        return body;
      },
      { message: `e-mail «${subject}» to ${address}`, timeout: 15_000 },
    )
    .not.toBe('');
  return body;
}

/** A confirmed address for the user of `token`, and favourites' alerts preferred by e-mail. */
async function confirmEmailForAlerts(request: APIRequestContext, token: string, address: string) {
  const asked = await request.put('/api/user/email', { headers: bearer(token), data: { email: address } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const link = /confirm-email\?token=([\w-]{43})/.exec(await emailTo(request, address, ''))?.[1];
  const confirmed = await request.post('/api/user/email/confirm', { data: { token: link } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const user = await request.get('/api/user', { headers: bearer(token) });
  const { notificationSettings } = ((await user.json()) as { data: { notificationSettings: object } }).data;
  const saved = await request.put('/api/user/notification/settings', {
    headers: bearer(token),
    data: {
      ...notificationSettings,
      favourites: { email: true, sms: false, whatsapp: true, preferred: 'email' },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test('favourite from the catalogue, the price-drop alert by e-mail, the badge, the history, unsubscribe', async ({
  quietPage: page,
  browser,
  request,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  const word = `fav${Date.now().toString(36)}`;
  const title = `Piso con balcón ${word}`;
  const ownerToken = await newUserToken(browser, 'Olga Favoritos');
  const { propertyId, announcementId } = await publishedRental(request, ownerToken, title, {
    street: `Calle del Favorito ${word}`,
    streetNumber: '7',
    surfaceM2: 64,
  });

  const tenantToken = await loginAs(page, randomMobile(), 'Teresa Favoritos');
  const address = `teresa.${word}@example.com`;
  await confirmEmailForAlerts(request, tenantToken, address);

  // The heart on the catalogue's card.
  await page.goto(`/properties?q=${word}`);
  const card = page.getByRole('article').filter({ hasText: title });
  const heart = card.getByRole('button', { name: `Guardar en favoritos: ${title}` });
  await heart.click();
  await expect(card.getByRole('button', { name: `Quitar de favoritos: ${title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Mis favoritos, from the menu's address.
  await page.goto('/my-favourites');
  const list = page.getByRole('list', { name: 'Anuncios guardados' });
  const item = list.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('1.100 €/mes');
  await expect(item).toContainText('Admite ofertas');
  await expectNoSeriousA11yViolations(page);

  // The owner lowers the price; it waits for an agent, who approves it.
  const asked = await request.put(`/api/announcement/${announcementId}/price`, {
    headers: bearer(ownerToken),
    data: { price: 1000 },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const { revision } = ((await asked.json()) as { data: { revision: number } }).data;
  const approved = await request.post(`/api/agents/announcement/${announcementId}/price`, {
    headers: bearer(await agentToken('agente@casaoferta.es')),
    data: { approve: true, revision },
  });
  expect(approved.ok(), await approved.text()).toBe(true);

  // The alert e-mail: the drop, the new price, the link, and the link that stops these alerts.
  const alert = await emailTo(request, address, `Ha bajado de precio: ${title}`);
  expect(alert).toContain('ha bajado 100 €');
  expect(alert).toContain('1.000 €/mes');
  expect(alert).toContain(`/property/${propertyId}`);
  const unsubscribe = /https?:\/\/\S+\/unsubscribe\?token=[\w-]+&kind=favourites/.exec(alert)?.[0];
  expect(unsubscribe, 'the favourites’ unsubscribe link').toBeTruthy();

  // The card's drop badge (the catalogue's cache may answer a few seconds stale) and the history.
  await expect
    .poll(
      async () => {
        await page.goto(`/properties?q=${word}`);
        return page.getByRole('article').filter({ hasText: title }).textContent();
      },
      { timeout: 20_000 },
    )
    .toContain('Ha bajado 100 €');
  await page.getByRole('link', { name: title }).click();
  const history = page.getByRole('region', { name: 'Historial de precio' });
  await expect(history).toContainText(/Bajó 100 € el \d{1,2} de \p{L}+/u);
  await expect(page.getByRole('button', { name: `Quitar de favoritos: ${title}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The link, opened without a session: one button, and those alerts are off.
  const other = await browser.newContext();
  const visitor = await other.newPage();
  const url = new URL(unsubscribe ?? '');
  await visitor.goto(`${url.pathname}${url.search}`);
  await expect(visitor.getByRole('heading', { name: 'Dejar de recibir avisos de favoritos' })).toBeVisible();
  await visitor.getByRole('button', { name: 'Darme de baja' }).click();
  await expect(
    visitor.getByRole('heading', { name: 'Ya no recibirás avisos de tus favoritos' }),
  ).toBeVisible();
  await other.close();
  const settings = await request.get('/api/user', { headers: bearer(tenantToken) });
  const favourites = (
    (await settings.json()) as { data: { notificationSettings: { favourites: { email: boolean } } } }
  ).data.notificationSettings.favourites;
  expect(favourites.email).toBe(false);
});

test('a visitor’s heart leads to the login and comes back with the favourite kept', async ({
  quietPage: page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const word = `fav${Date.now().toString(36)}v`;
  const title = `Estudio luminoso ${word}`;
  const ownerToken = await newUserToken(browser, 'Olga Visitante');
  const { announcementId } = await publishedRental(request, ownerToken, title, {
    street: `Calle de la Visita ${word}`,
    streetNumber: '3',
    surfaceM2: 38,
  });
  // Someone with an account, not logged in on this device.
  const phone = randomMobile();
  const elsewhere = await browser.newContext();
  const token = await loginAs(await elsewhere.newPage(), phone, 'Víctor Visitante');
  await elsewhere.close();

  await page.goto(`/properties?q=${word}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await card.getByRole('button', { name: `Guardar en favoritos: ${title}` }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Para guardar tus favoritos, entra o regístrate' }),
  ).toBeVisible();
  await page.getByLabel('Número de móvil').fill(phone.slice(3));
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByLabel('Código de 6 cifras').fill(await latestCode(request, phone));
  await page.getByRole('button', { name: 'Verificar' }).click();

  // Back on the same search, the heart filled, and nothing left in the URL to replay.
  await expect(page).toHaveURL(new RegExp(`/properties\\?q=${word}$`));
  await expect(card.getByRole('button', { name: `Quitar de favoritos: ${title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const ids = await request.get('/api/favourites/ids', { headers: bearer(token) });
  expect(((await ids.json()) as { data: { ids: string[] } }).data.ids).toContain(announcementId);
});
