import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  answerFirstVisitOverlays,
  loginAs,
  randomMobile,
  storage,
  waitForAppOnNavigation,
} from './fixtures';
import { chatButton, useIssueViewport } from './layout';

test.describe('shell', () => {
  test('/ shows a visitor the catalogue (issue 23), which passes axe; a logged user goes to their announcements', async ({
    quietPage: page,
    expectNoSeriousA11yViolations,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Encuentra tu próxima casa y haz tu oferta' }),
    ).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await loginAs(page, randomMobile(), 'Inés');
    await page.goto('/');
    await expect(page).toHaveURL(/\/announcement-list$/);
  });

  test('side menu opens by keyboard, lists the SPEC links, closes with Escape and returns focus', async ({
    quietPage: page,
    expectNoSeriousA11yViolations,
  }) => {
    await page.goto('/properties');
    const opener = page.getByRole('button', { name: 'Abrir menú' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu).toBeVisible();
    for (const name of [
      'Inmuebles',
      'Ofertas realizadas',
      'Mis anuncios',
      'Mis contratos',
      'Mi perfil',
      'Configuración',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Regístrate gratis' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Accede a tu cuenta' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('publish chooser offers the three kinds of announcement', async ({ quietPage: page }) => {
    await page.goto('/properties');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page
      .getByRole('dialog', { name: 'Menú' })
      .getByRole('button', { name: 'Publica tu anuncio' })
      .click();
    const chooser = page.getByRole('dialog', { name: '¿Qué quieres hacer?' });
    await expect(chooser).toBeVisible();
    await expect(chooser.getByRole('link', { name: /Vender una vivienda/ })).toHaveAttribute(
      'href',
      '/new-property?section=venta',
    );
    await expect(chooser.getByRole('link', { name: /Alquilar una vivienda completa/ })).toHaveAttribute(
      'href',
      '/new-property?section=alquiler',
    );
    await expect(chooser.getByRole('link', { name: /Alquilar una habitación/ })).toHaveAttribute(
      'href',
      '/new-property?section=alquiler%20habitacion',
    );
  });

  test('unknown paths go to /404; protected ones ask for login first', async ({
    quietPage: page,
    expectNoSeriousA11yViolations,
  }) => {
    await page.goto('/esto-no-existe');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: 'No encontramos esta página' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/my-offers');
    await expect(page).not.toHaveURL(/\/my-offers/);
    await page.goto('/not-allowed');
    await expect(
      page.getByRole('heading', { level: 1, name: 'No tienes acceso a esta página' }),
    ).toBeVisible();
  });

  test('the chat link carries a prefilled WhatsApp message', async ({ quietPage: page }) => {
    await page.goto('/properties');
    await expect(chatButton(page)).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=Hola/);
  });
});

test.describe('two tabs, one session (issue 23)', () => {
  test('logging out in one tab shows the other logged out at once, with no error', async ({
    context,
    page: first,
  }) => {
    await answerFirstVisitOverlays(context);
    // The session token, through a page of its own (loginAs sets it on that page's every load).
    const token = await loginAs(await context.newPage(), randomMobile(), 'Lola');
    const second = waitForAppOnNavigation(await context.newPage());
    await first.goto('/properties');
    await first.evaluate((value) => localStorage.setItem('casaoferta.token', value), token);
    await first.goto('/profile');
    await second.goto('/properties');
    const openMenu = async (page: typeof first) => {
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      return page.getByRole('dialog', { name: 'Menú' });
    };
    const secondMenu = await openMenu(second);
    await expect(secondMenu.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
    await second.keyboard.press('Escape');
    await second.goto('/profile');
    await expect(second.getByRole('heading', { level: 1 })).toBeVisible();

    await (await openMenu(first)).getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(first).toHaveURL(/\/login$/);

    // The other tab, untouched: off the page that needs login, to log in again, with no error.
    await expect(second).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await expect(second.getByRole('heading', { level: 1, name: 'Accede a tu cuenta' })).toBeVisible();
    await expect(second.getByText('No hemos podido cargar tu perfil')).toHaveCount(0);
    await expect(second.getByText('Tu sesión ha caducado')).toHaveCount(0);
    const menu = await openMenu(second);
    await expect(menu.getByRole('link', { name: 'Accede a tu cuenta' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
  });
});

test.describe('no blank page (issue 9)', () => {
  test('a page whose chunk fails to load says so, and Reintentar loads it', async ({
    quietPage: page,
    expectNoSeriousA11yViolations,
  }) => {
    await page.goto('/properties');
    // The next page's chunk does not arrive (a dropped connection, or a deploy that replaced it)…
    let online = false;
    await page.route(`**/${builtChunk('src/features/public/pages/about-page.tsx')}`, (route) =>
      online ? route.continue() : route.abort('failed'),
    );
    await page.getByRole('contentinfo').getByRole('link', { name: 'Qué es Casaoferta' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'No se ha podido cargar la página.' }),
    ).toBeVisible();
    // The shell stays: there is always a way on.
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // …until it does: Reintentar imports it again, no reload needed.
    online = true;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Casaoferta/ })).toBeVisible();
    await expect(page.getByText('No se ha podido cargar la página.')).toHaveCount(0);
  });
});

/** The file the web build made of `source` (chunks are named by their hash: apps/web/vite.config.ts). */
function builtChunk(source: string): string {
  const manifestPath = path.resolve(import.meta.dirname, '../apps/web/dist/.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const file = manifest[source]?.file;
  if (!file) throw new Error(`${source} is not in the build's manifest`);
  return file;
}

/** The page of the first card of the catalogue (a /property path). */
async function openFirstProperty(page: Page) {
  await page.goto('/properties');
  await page
    .getByRole('list', { name: 'Anuncios disponibles' })
    .getByRole('listitem')
    .first()
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(/\/property\/[0-9a-f-]{36}$/);
}

test.describe('tutorial', () => {
  test('opens on the first visit to a property path, walks five steps and stays closed once done', async ({
    page,
    expectNoSeriousA11yViolations,
  }) => {
    await page.addInitScript((key) => {
      localStorage.setItem(
        key,
        JSON.stringify({ essentialCookies: true, dataCookies: false, customCookies: false }),
      );
    }, storage.cookiePreferences);
    await openFirstProperty(page);
    const dialog = page.getByRole('dialog', { name: 'Cómo funciona Casaoferta' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Bienvenido a Casaoferta' })).toBeVisible();
    await expect(dialog.getByText('Paso 1 de 5')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(dialog.getByRole('heading', { name: 'Haz tu oferta' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Volver' }).click();
    await expect(dialog.getByRole('heading', { name: 'Bienvenido a Casaoferta' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    for (const title of [
      'Destaca entre los candidatos',
      'Sigue el proceso en tiempo real',
      'Confía en tus posibilidades',
    ]) {
      await dialog.getByRole('button', { name: 'Siguiente' }).click();
      await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByText('Paso 5 de 5')).toBeVisible();
    await dialog.getByRole('button', { name: 'Empezar' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test(
    'on a first visit the cookie banner comes first, then the tutorial; the catalogue has none',
    { tag: '@desktop' },
    async ({ page }, testInfo) => {
      await useIssueViewport(page, testInfo);
      await page.goto('/properties');
      const banner = page.getByRole('region', { name: 'Aviso de cookies' });
      await banner.getByRole('button', { name: 'Rechazar todas' }).click();
      await expect(banner).toBeHidden();
      // SPEC 2.2: a /property path, not the /properties catalogue. Going on to a property shows it.
      await openFirstProperty(page);
      await expect(page.getByRole('dialog', { name: 'Cómo funciona Casaoferta' })).toBeVisible();
    },
  );

  test(
    'on a first visit straight to a property, the tutorial waits for the cookie answer',
    { tag: '@desktop' },
    async ({ page }, testInfo) => {
      await useIssueViewport(page, testInfo);
      const search = await page.request.post('/api/announcement/search', { data: {} });
      const { items } = ((await search.json()) as { data: { items: { propertyId: string }[] } }).data;
      await page.goto(`/property/${items[0]?.propertyId ?? ''}`);
      const banner = page.getByRole('region', { name: 'Aviso de cookies' });
      // Answerable: no modal dialog on top of it.
      await banner.getByRole('button', { name: 'Aceptar todas' }).click();
      await expect(banner).toBeHidden();
      await expect(page.getByRole('dialog', { name: 'Cómo funciona Casaoferta' })).toBeVisible();
    },
  );

  test('does not open outside property paths', async ({ page }) => {
    await page.goto('/que-es-casaoferta');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog', { name: 'Cómo funciona Casaoferta' })).toHaveCount(0);
  });
});
