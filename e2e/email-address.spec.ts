import type { APIRequestContext } from '@playwright/test';
import { test, expect, loginAs, randomMobile } from './fixtures';
import { isPhone } from './layout';
import { devOutboxHeaders } from './backend';

// Issue 12 on a phone: a person gives an e-mail address in Configuración and opens the confirmation link
// sent to it on another device (no session). The unsubscribe link is added by the SMTP provider
// (delivery/smtp.test.ts); the development outbox keeps the bare text.

test.beforeEach(({ page: _page }, testInfo) => {
  test.skip(!isPhone(testInfo), 'a phone journey (issue 12)');
});

interface OutboxMessage {
  channel: string;
  recipient: string;
  body: string;
}

/** The newest e-mail to `address` in the development outbox. */
async function latestEmail(request: APIRequestContext, address: string): Promise<string> {
  let body = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox', { headers: devOutboxHeaders });
        const { data } = (await response.json()) as { data: OutboxMessage[] };
        body = data.find((m) => m.channel === 'email' && m.recipient === address)?.body ?? '';
        return body;
      },
      { message: `e-mail to ${address}`, timeout: 10_000 },
    )
    .not.toBe('');
  return body;
}

test('gives an e-mail address and confirms it from the link, on another device', async ({
  quietPage: page,
  browser,
  request,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(60_000);
  await loginAs(page, randomMobile(), 'Elena Correo');
  const address = `elena.${Date.now().toString(36)}@example.com`;

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Correo electrónico' });
  await expect(section).toContainText('Todavía no tienes un correo confirmado.');
  await section.getByRole('textbox', { name: /Correo electrónico/ }).fill(address);
  await section.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(section).toContainText(`Te hemos enviado un enlace a ${address}.`);
  await expectNoSeriousA11yViolations(page);

  const link = /https?:\/\/\S+\/confirm-email\?token=[\w-]{43}/.exec(
    await latestEmail(request, address),
  )?.[0];
  expect(link, 'the confirmation link').toBeTruthy();
  // Opened on another device, without a session.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
  await expect(phone.getByRole('heading', { name: 'Correo confirmado' })).toBeVisible();
  await expect(phone.getByText(`A partir de ahora te enviaremos los avisos a ${address}.`)).toBeVisible();
  // Opening it again says it no longer works.
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'No hemos podido confirmar tu correo' })).toBeVisible();
  await other.close();

  await page.reload();
  await expect(section.getByText(address)).toBeVisible();
  await expect(section).not.toContainText('Te hemos enviado un enlace');
  // Confirmed, the address becomes a channel one can choose for each kind of notice.
  await expect(
    page
      .getByRole('combobox', { name: 'Ofertas', exact: true })
      .getByRole('option', { name: 'Correo electrónico', exact: true }),
  ).toBeEnabled();
});
