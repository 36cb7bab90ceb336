import type { Page } from '@playwright/test';
import { test, expect, loginAs } from './fixtures';
import { latestCode } from './backend';
import { e2eAgentPassword } from './e2e-server';
import {
  chatButton,
  desktop,
  expectNotCovered,
  isCut,
  isPhone,
  phone,
  scrollToBottomEdge,
  useIssueViewport,
} from './layout';

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
    // Three axe scans of whole pages (Configuración grew its e-mail section): more than the default 30 s
    // on a loaded two-core machine.
    test.setTimeout(60_000);
    const mobile = randomMobile();
    // Names are letters only (issue 22): the number's last digits, written as letters.
    const surname = `Prueba ${[...mobile.slice(-4)].map((digit) => 'abcdefghij'.charAt(Number(digit))).join('')}`;
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
    await expect(page.getByRole('combobox', { name: 'Ofertas', exact: true })).toHaveValue('auto');
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

  test(
    "an agent acts as a user in one Spanish bar, changes user and logs out to the agents' login",
    { tag: '@desktop' },
    async ({ quietPage: page, expectNoSeriousA11yViolations }, testInfo) => {
      // Four axe scans of whole pages: more than the default 30 s on a loaded two-core machine.
      test.setTimeout(60_000);
      await useIssueViewport(page, testInfo);
      await page.goto('/login-agents');
      await expect(page.getByRole('heading', { level: 1, name: 'Acceso para agentes' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByLabel('Correo electrónico').fill('agente@casaoferta.es');
      await page.getByLabel('Contraseña').fill(e2eAgentPassword);
      await page.getByRole('button', { name: 'Entrar' }).click();

      await expect(page).toHaveURL(/\/agents-menu$/);
      const list = page.getByRole('list', { name: 'Usuarios que puedes gestionar' });
      await expect(list.getByRole('listitem').first()).toBeVisible();
      const banner = page.getByRole('complementary', { name: 'Herramientas de agente' });
      await expect(banner.getByRole('link', { name: 'Agente Marta' })).toBeVisible();
      await expect(banner).toContainText('Toma el control');
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
      const acting = banner.getByRole('link', { name: 'Actuando como Javier Moreno Sánchez' });
      await expect(acting).toBeVisible();
      // Said once, in Spanish, in one bar that leaves the phone's screen to the page (< 1/5 of 844 px).
      expect((await banner.innerText()).match(/Actuando como/g)).toHaveLength(1);
      await expect(banner).not.toContainText(/Acting|Agent /);
      const height = (await banner.boundingBox())?.height ?? Infinity;
      expect(height, 'height of the agent bar').toBeLessThan(
        (isPhone(testInfo) ? phone : desktop).height / 5,
      );
      await expect(chatButton(page)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      await page.reload();
      await expect(banner).toContainText('Actuando como Javier');

      await banner.getByRole('button', { name: 'Cambiar usuario' }).click();
      await expect(page).toHaveURL(/\/agents-menu$/);
      await expect(banner).toContainText('Toma el control');

      await page.getByRole('main').getByRole('button', { name: 'Cerrar sesión' }).click();
      await expect(page).toHaveURL(/\/login-agents$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Acceso para agentes' })).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Herramientas de agente' })).toHaveCount(0);
    },
  );

  test('a session that ends while a form is open: "Tu sesión ha caducado", and the form comes back after login', async ({
    quietPage: page,
    request,
  }) => {
    const mobile = randomMobile();
    const token = await loginAs(page, `+34${mobile}`, 'Sesión');
    await page.goto('/new-property?section=venta');
    await expect(page.getByRole('heading', { level: 1, name: 'Publica tu inmueble' })).toBeVisible();
    // The session ends elsewhere (another tab logged out, or it expired), then the owner types.
    const ended = await request.post('/api/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(ended.ok()).toBe(true);
    await page.getByLabel('Calle').fill('Calle de la Sesión Caducada');

    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fnew-property%3Fsection%3Dventa$/);
    await expect(page.getByRole('status').filter({ hasText: 'Tu sesión ha caducado' })).toHaveText(
      'Tu sesión ha caducado. Vuelve a iniciar sesión.',
    );
    await page.getByLabel('Número de móvil').fill(mobile);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByLabel('Código de 6 cifras').fill(await latestCode(request, `+34${mobile}`));
    await page.getByRole('button', { name: 'Verificar' }).click();

    await expect(page).toHaveURL(/\/new-property\?section=venta$/);
    await expect(page.getByText('Hemos recuperado los datos que no llegaste a enviar.')).toBeVisible();
    await expect(page.getByLabel('Calle')).toHaveValue('Calle de la Sesión Caducada');
  });
});

test.describe('on a phone (390×844) and a desktop (1366×900)', { tag: '@desktop' }, () => {
  test('registration: the chat button never covers Enviar código, and leaves while typing on a phone', async ({
    quietPage: page,
    expectNoSeriousA11yViolations,
  }, testInfo) => {
    await useIssueViewport(page, testInfo);
    await page.goto('/login?register=true');
    const send = page.getByRole('button', { name: 'Enviar código' });
    await expectNotCovered(send, chatButton(page), 'Enviar código at rest');
    await scrollToBottomEdge(send);
    await expectNotCovered(send, chatButton(page), 'Enviar código scrolled into view');
    await page.getByLabel('Número de móvil').focus();
    if (isPhone(testInfo)) await expect(chatButton(page)).toBeHidden();
    else await expect(chatButton(page)).toBeVisible();
    await page.getByLabel('Número de móvil').blur();
    await expectNoSeriousA11yViolations(page);
  });

  test('the phone prefix shows whole, and the code step says once where the code went', async ({
    quietPage: page,
    request,
  }, testInfo) => {
    await useIssueViewport(page, testInfo);
    await page.goto('/login');
    const prefix = page.getByLabel('Prefijo');
    await expect(prefix).toHaveValue('ES');
    const cut = await prefix.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return true;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.options[select.selectedIndex]?.text ?? '';
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(text).width > room;
    });
    expect(cut, '"España (+34)" cut in its select').toBe(false);

    const mobile = randomMobile();
    await page.getByLabel('Número de móvil').fill(mobile);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await expect(page.getByRole('heading', { name: 'Introduce el código' })).toBeFocused();
    await latestCode(request, `+34${mobile}`);
    await expect(page.getByText(/Te hemos enviado un código/)).toHaveCount(1);
  });

  test('settings: one channel per kind of notice, each choice in view, kept after a reload', async ({
    quietPage: page,
    expectNoSeriousA11yViolations,
  }, testInfo) => {
    await useIssueViewport(page, testInfo);
    await loginAs(page, `+34${randomMobile()}`, 'Ajustes');
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Notificaciones' });
    const selects = section.getByRole('combobox');
    await expect(selects).toHaveCount(6);
    for (const control of await selects.all()) {
      const name = (await control.getAttribute('id')) ?? 'select';
      expect(await isCut(control), `${name} is cut`).toBe(false);
      await expectNotCovered(control, chatButton(page), `${name} at rest`);
    }
    for (const control of await selects.all()) {
      const name = (await control.getAttribute('id')) ?? 'select';
      await scrollToBottomEdge(control);
      await expectNotCovered(control, chatButton(page), `${name} scrolled into view`);
    }
    // E-mail waits for a confirmed address; SMS is chosen and stays chosen.
    const offers = section.getByRole('combobox', { name: 'Ofertas', exact: true });
    await expect(
      offers.getByRole('option', { name: 'Correo electrónico (confírmalo antes)' }),
    ).toBeDisabled();
    await offers.selectOption({ label: 'SMS' });
    await section.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Se han modificado los datos correctamente')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Ofertas', exact: true })).toHaveValue('sms');
    await expect(page.getByRole('combobox', { name: 'Contratos' })).toHaveValue('auto');
    await expectNoSeriousA11yViolations(page);
  });
});
