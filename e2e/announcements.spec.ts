import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, loginAs, randomMobile } from './fixtures';
import { bearer } from './backend';

const draftTitle = 'Piso de dos dormitorios en Malasaña';

/**
 * A fresh owner with a draft like the demo owner's (tests change it, so each has its own), logged in
 * before the app loads.
 */
async function loginAsOwner(page: Page, request: APIRequestContext): Promise<string> {
  const token = await loginAs(page, randomMobile(), 'Propietaria');
  const property = await request.post('/api/property/draft', {
    headers: bearer(token),
    data: { street: 'Calle del Espíritu Santo', provinceCode: '28', municipalityCode: '28079' },
  });
  const { data } = (await property.json()) as { data: { id: string } };
  const draft = await request.post('/api/announcement/draft', {
    headers: bearer(token),
    data: { propertyId: data.id, price: 1150, customTitle: draftTitle },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  return token;
}

test.describe('owner announcements', () => {
  test("'Guardar y revisar', Back and saving again keep one draft", async ({
    quietPage: page,
    request,
    expectNoSeriousA11yViolations,
  }) => {
    const token = await loginAs(page, randomMobile(), 'Propietaria');
    const created = await request.post('/api/property', {
      headers: bearer(token),
      data: {
        street: 'Calle de la Vuelta',
        provinceCode: '28',
        municipalityCode: '28079',
        propertyTypeCode: 'PTY002',
        surfaceM2: 70,
        rooms: 2,
        bathrooms: 1,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const propertyId = ((await created.json()) as { data: { id: string } }).data.id;

    await page.goto(`/new-announcement-venta/${propertyId}`);
    const price = page.getByRole('textbox', { name: /Precio de venta/ });
    // Typed as Spanish people write it: a number field took this for 250 €.
    await price.pressSequentially('250.000');
    await expect(price).toHaveValue('250.000');
    await expectNoSeriousA11yViolations(page);
    // At once, before save-as-you-go.
    await page.getByRole('button', { name: 'Guardar y revisar' }).click();
    await expect(page).toHaveURL(/\/new-property-publication\?announcementId=[0-9a-f-]{36}$/);
    const announcementId = new URL(page.url()).searchParams.get('announcementId') ?? '';
    await expect(page.getByText('250.000 €', { exact: true })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/new-announcement-venta/${propertyId}/${announcementId}$`));
    await expect(price).toHaveValue('250.000');
    await page.getByRole('button', { name: 'Guardar y revisar' }).click();
    await expect(page).toHaveURL(new RegExp(`announcementId=${announcementId}$`));

    const mine = await request.get('/api/announcement/in-progress', { headers: bearer(token) });
    const list = ((await mine.json()) as { data: { propertyId: string; price: number }[] }).data;
    expect(list.filter((item) => item.propertyId === propertyId)).toEqual([
      expect.objectContaining({ price: 250_000 }),
    ]);
  });

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
    // The tab is in the URL: a reload opens it again.
    await expect(page).toHaveURL(/\/announcement-list\?tab=borradores$/);
    await page.reload();
    await expect(page.getByRole('tab', { name: /^Borradores/ })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: draftTitle }) });
    await expect(card.getByText('Borrador', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await card.getByRole('link', { name: 'Editar' }).click();
    await expect(page).toHaveURL(/\/new-announcement-alquiler\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const announcementId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await expect(
      page.getByRole('heading', { level: 1, name: 'Anuncio de alquiler de vivienda completa' }),
    ).toBeVisible();
    const price = page.getByRole('textbox', { name: /Renta mensual/ });
    await expect(price).toHaveValue('1.150');
    await expect(page.getByRole('textbox', { name: /Título del anuncio/ })).toHaveValue(draftTitle);
    await expectNoSeriousA11yViolations(page);

    // Back to the list: the same tab.
    await page.goBack();
    await expect(page.getByRole('tab', { name: /^Borradores/ })).toHaveAttribute('aria-selected', 'true');
    await page.goForward();

    // A rent of 95.000 €/mes is refused with its limit; typed the Spanish way, the new rent is taken.
    await price.fill('95.000');
    await page.getByRole('button', { name: 'Guardar y revisar' }).click();
    await expect(
      page.getByText('Precio demasiado alto: el máximo es 30.000 €/mes.', { exact: false }),
    ).toBeVisible();
    await price.fill('1.175');
    await expect(page.getByText('Borrador guardado')).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Guardar y revisar' }).click();
    // The publication step is another feature's page: only its route is checked here.
    await expect(page).toHaveURL(new RegExp(`/new-property-publication\\?announcementId=${announcementId}$`));

    const saved = await request.get(`/api/announcement/${announcementId}`, { headers: bearer(token) });
    expect(saved.ok()).toBe(true);
    const { data } = (await saved.json()) as { data: { price: number; statusCode: string } };
    expect(data).toMatchObject({ price: 1175, statusCode: 'AST000' });
  });

  test('an owner starts a property, leaves it, and discards the draft from Mis anuncios', async ({
    quietPage: page,
    request,
    expectNoSeriousA11yViolations,
  }) => {
    test.setTimeout(90_000);
    const token = await loginAs(page, randomMobile(), 'Propietaria');
    const street = `Calle del Olvido ${Date.now().toString(36)}`;
    const title = `${street}, Madrid`;

    // The property form keeps a server draft as the owner goes.
    await page.goto('/new-property');
    await page.getByLabel('Provincia').selectOption({ label: 'Madrid' });
    await page.getByLabel('Municipio').selectOption({ label: 'Madrid' });
    await page.getByLabel('Calle').fill(street);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText('Borrador guardado')).toBeVisible({ timeout: 10_000 });
    const mine = await request.get('/api/announcement/properties', { headers: bearer(token) });
    const [draft] = ((await mine.json()) as { data: { id: string; title: string; canDiscard: boolean }[] })
      .data;
    expect(draft).toMatchObject({ title, canDiscard: true });
    const propertyId = draft?.id ?? '';

    await page.goto('/announcement-list');
    await expect(page.getByRole('tab', { name: 'Borradores (1)' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.getByText('Inmueble sin terminar')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const discard = card.getByRole('button', { name: 'Descartar borrador' });
    await discard.click();
    const dialog = page.getByRole('dialog', { name: '¿Descartar el borrador del inmueble?' });
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(discard).toBeFocused();

    await discard.click();
    await dialog.getByRole('button', { name: 'Sí, descartar' }).click();
    await expect(page.getByText('Borrador descartado')).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Todavía no tienes anuncios' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Mis anuncios' })).toBeFocused();

    const gone = await request.get(`/api/property/${propertyId}`, { headers: bearer(token) });
    expect(gone.status()).toBe(404);
    expect(await page.evaluate(() => localStorage.getItem('casaoferta.new-property-draft'))).toBeNull();
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Todavía no tienes anuncios' })).toBeVisible();
  });
});
