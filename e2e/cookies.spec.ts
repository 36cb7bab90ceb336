import type { Page } from '@playwright/test';
import { test, expect, storage } from './fixtures';
import { expectNotCovered, pageEnd, scrollToPageEnd, useIssueViewport } from './layout';

const withTutorialDone = (page: Page) =>
  page.addInitScript((key) => localStorage.setItem(key, 'true'), storage.tutorialDone);

test.describe('cookie consent', () => {
  test('reject all is stored and the banner stays away after reload; no page view is sent', async ({
    page,
  }) => {
    await withTutorialDone(page);
    const pageViews: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/analytics/page-view')) pageViews.push(r.url());
    });
    await page.goto('/que-es-casaoferta');
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Rechazar todas' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(400);
    await expect(banner).toBeHidden();
    const stored = await page.evaluate((key) => localStorage.getItem(key), storage.cookiePreferences);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      essentialCookies: true,
      dataCookies: false,
      customCookies: false,
    });
    expect(pageViews).toEqual([]);
  });

  test('a detailed choice is saved, survives reload, and analytics then reports page views', async ({
    page,
    expectNoSeriousA11yViolations,
  }) => {
    await withTutorialDone(page);
    await page.goto('/propietarios');
    await page
      .getByRole('region', { name: 'Aviso de cookies' })
      .getByRole('button', { name: 'Configurar' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Configuración de cookies' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: /Esenciales/ })).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: /Esenciales/ })).toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('switch', { name: /Analíticas/ }).check();
    await dialog.getByRole('button', { name: 'Guardar selección' }).click();
    await expect(dialog).toBeHidden();

    const pageView = page.waitForRequest((r) => r.url().includes('/api/analytics/page-view'));
    await page.reload();
    const request = await pageView;
    expect(request.postDataJSON()).toMatchObject({ path: '/propietarios' });
    await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toBeHidden();
    await page.getByRole('button', { name: 'Configurar cookies' }).click();
    const reopened = page.getByRole('dialog', { name: 'Configuración de cookies' });
    await expect(reopened.getByRole('switch', { name: /Analíticas/ })).toBeChecked();
    await expect(reopened.getByRole('switch', { name: /Grabación de sesión/ })).not.toBeChecked();
  });

  test('the banner is not shown on the cookies policy page', async ({ page }) => {
    await withTutorialDone(page);
    await page.goto('/cookies-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Política de cookies' })).toBeVisible();
    await page.waitForTimeout(400);
    await expect(page.getByRole('region', { name: 'Aviso de cookies' })).toHaveCount(0);
  });

  test(
    'the banner leaves the phone field of /login free, and the whole page can scroll above it',
    { tag: '@desktop' },
    async ({ page, expectNoSeriousA11yViolations }, testInfo) => {
      await withTutorialDone(page);
      await useIssueViewport(page, testInfo);
      await page.goto('/login');
      const banner = page.getByRole('region', { name: 'Aviso de cookies' });
      await expect(banner).toBeVisible();
      await expectNotCovered(page.getByLabel('Número de móvil'), banner, 'the phone field under the banner');
      await expectNoSeriousA11yViolations(page);
      // At the end of the page nothing is left under the banner.
      await scrollToPageEnd(page);
      for (const end of pageEnd(page)) await expectNotCovered(end, banner, 'the footer under the banner');
    },
  );

  test(
    'a first visit to / shows the catalogue, and on /login the banner leaves "Enviar código" free (issue 23)',
    { tag: '@desktop' },
    async ({ page }, testInfo) => {
      await useIssueViewport(page, testInfo);
      await page.goto('/');
      await expect(page).toHaveURL(/\/$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Encuentra tu próxima casa y haz tu oferta' }),
      ).toBeVisible();
      const banner = page.getByRole('region', { name: 'Aviso de cookies' });
      await expect(banner).toBeVisible();

      await page.goto('/login');
      await expect(banner).toBeVisible();
      const send = page.getByRole('button', { name: 'Enviar código' });
      await expect(send).toBeInViewport();
      await expectNotCovered(send, banner, '"Enviar código" under the banner');
      await expectNotCovered(page.getByLabel('Número de móvil'), banner, 'the phone field under the banner');
      // Pressed where it is, with no scrolling first: the form answers, not the banner.
      await page.getByLabel('Número de móvil').fill('612345678');
      await send.click({ trial: true });
      const box = await send.boundingBox();
      expect(box).not.toBeNull();
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? '',
        { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
      );
      expect(hit).toBe('Enviar código');
    },
  );

  test('on a smaller phone the banner waits at the end of /login rather than cover "Enviar código"', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/login');
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await expect(banner).toBeAttached();
    const send = page.getByRole('button', { name: 'Enviar código' });
    await expect(send).toBeInViewport();
    await expectNotCovered(send, banner, '"Enviar código" under the banner');
    // Still there to answer, at the end of the page.
    await scrollToPageEnd(page);
    await expect(banner).toBeInViewport();
    await banner.getByRole('button', { name: 'Rechazar todas' }).click();
    await expect(banner).toHaveCount(0);
  });
});
