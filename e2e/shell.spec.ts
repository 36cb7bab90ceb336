import { test, expect, storage } from './fixtures';

test.describe('shell', () => {
  test('/ sends a visitor to log in on the way to their announcements; the catalogue passes axe', async ({
    quietPage: page,
    expectNoSeriousA11yViolations,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fannouncement-list$/);
    await page.goto('/properties');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
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
    const chat = page.getByRole('link', { name: 'Escríbenos por WhatsApp' });
    await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=Hola/);
  });
});

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
    await page.goto('/properties');
    const dialog = page.getByRole('dialog', { name: 'Cómo funciona Casaoferta' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Bienvenido a Casaoferta' })).toBeVisible();
    await expect(dialog.getByText('Paso 1 de 5')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(dialog.getByRole('heading', { name: 'Haz tu oferta' })).toBeVisible();
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(dialog.getByRole('heading', { name: 'Bienvenido a Casaoferta' })).toBeVisible();
    await page.getByRole('button', { name: 'Continuar' }).click();
    for (const title of [
      'Destaca entre los candidatos',
      'Sigue el proceso en tiempo real',
      'Confía en tus posibilidades',
    ]) {
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByText('Paso 5 de 5')).toBeVisible();
    await page.getByRole('button', { name: 'Empezar' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('does not open outside property paths', async ({ page }) => {
    await page.goto('/que-es-casaoferta');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog', { name: 'Cómo funciona Casaoferta' })).toHaveCount(0);
  });
});
