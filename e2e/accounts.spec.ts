import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';

interface OutboxMessage {
  channel: string;
  recipient: string;
  body: string;
}

/** The newest one-time code sent by SMS to `phone` (E.164), read from the development outbox. */
async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox');
        if (!response.ok()) return undefined;
        const { data } = (await response.json()) as { data: OutboxMessage[] };
        const sms = data.find((message) => message.channel === 'sms' && message.recipient === phone);
        code = sms ? /(?<!\d)(\d{6})(?!\d)/.exec(sms.body)?.[1] : undefined;
        return code;
      },
      { message: `SMS code for ${phone}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code ?? '';
}

const randomMobile = () => `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  return page.getByRole('dialog', { name: 'Menú' });
}

test.describe('accounts', () => {
  test('a new user registers with an SMS code, lands on /settings and logs out', async ({
    quietPage: page,
    request,
    expectNoSeriousA11yViolations,
  }) => {
    const mobile = randomMobile();
    const surname = `Prueba ${mobile.slice(-4)}`;
    await page.goto('/login?register=true&redirectTo=%2Fsettings');
    await expect(page.getByRole('heading', { level: 1, name: 'Regístrate gratis' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Número de móvil').fill(mobile);
    await page.getByLabel('Nombre').fill('Marta');
    await page.getByLabel('Apellidos').fill(surname);
    await page.getByRole('checkbox', { name: /política de privacidad/ }).check();
    await page.getByRole('button', { name: 'Enviar código' }).click();

    await expect(page.getByRole('heading', { name: 'Introduce el código' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    const code = await latestCode(request, `+34${mobile}`);
    await page.getByLabel('Código de 6 cifras').fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();

    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByText(`Marta ${surname}`)).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Ofertas por E-mail' })).toBeVisible();
    await expect(page.getByText('Nadie del equipo de soporte ha accedido a tu cuenta.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const menu = await openMenu(page);
    await expect(menu.getByText('Hola, Marta')).toBeVisible();
    await menu.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Accede a tu cuenta' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('casaoferta.token'))).toBeNull();
  });

  test('a visitor opening a protected page is asked to log in first', async ({
    quietPage: page,
    expectNoSeriousA11yViolations,
  }) => {
    await page.goto('/my-offers');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-offers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Accede a tu cuenta' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('an agent acts as a user, changes user and logs out', async ({
    quietPage: page,
    expectNoSeriousA11yViolations,
  }) => {
    await page.goto('/login-agents');
    await expect(page.getByRole('heading', { level: 1, name: 'Acceso para agentes' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Correo electrónico').fill('agente@casaoferta.es');
    await page.getByLabel('Contraseña').fill('casaoferta-demo');
    await page.getByRole('button', { name: 'Entrar' }).click();

    await expect(page).toHaveURL(/\/agents-menu$/);
    const list = page.getByRole('list', { name: 'Usuarios que puedes gestionar' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /^Agent / })).toBeVisible();
    await expect(page.getByText('Toma el control')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill('Javier');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await list.getByRole('button', { name: /^Actuar como Javier/ }).click();
    const dialog = page.getByRole('dialog', { name: /Actuar como Javier/ });
    await expect(dialog.getByRole('textbox', { name: /Motivo/ })).toBeFocused();
    await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Prueba e2e: consulta de soporte 42');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Actuar como' }).click();

    await expect(page).toHaveURL(/\/properties$/);
    const banner = page.getByRole('complementary', { name: 'Herramientas de agente' });
    await expect(banner).toContainText('Actuando como Javier');
    await expect(banner.getByRole('link', { name: 'Acting as Javier' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Escríbenos por WhatsApp' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect(banner).toContainText('Actuando como Javier');

    await banner.getByRole('button', { name: 'Cambiar usuario' }).click();
    await expect(page).toHaveURL(/\/agents-menu$/);
    await expect(banner).toContainText('Toma el control');

    await page.getByRole('main').getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('complementary', { name: 'Herramientas de agente' })).toHaveCount(0);
  });
});
