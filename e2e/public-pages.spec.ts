import { test, expect } from './fixtures';

const pages = [
  ['/que-es-casaoferta', 'Qué es Casaoferta y cómo funciona'],
  ['/propietarios', 'Vende o alquila tu vivienda eligiendo tú a quién'],
  ['/inquilinos', 'Haz tu oferta por la casa que quieres'],
  ['/partners-casaoferta', 'Colabora con Casaoferta'],
  ['/privacy-policy', 'Política de privacidad'],
  ['/legal-notice', 'Aviso legal'],
  ['/cookies-policy', 'Política de cookies'],
] as const;

for (const [path, heading] of pages) {
  test(`public page ${path} is readable and passes axe`, async ({
    quietPage: page,
    expectNoSeriousA11yViolations,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(/Casaoferta/);
    const words = (await page.locator('main').innerText()).split(/\s+/).length;
    expect(words).toBeGreaterThan(250);
    await expectNoSeriousA11yViolations(page);
  });
}

test('footer links reach every public page', async ({ quietPage: page }) => {
  await page.goto('/properties');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Aviso legal' }).click();
  await expect(page).toHaveURL(/\/legal-notice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso legal' })).toBeVisible();
});
