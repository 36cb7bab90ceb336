import type { Page } from '@playwright/test';
import { test, expect, demoPhoto, loginAs, randomMobile } from './fixtures';

const photos = ['apartment_downtown.jpg', 'house_family.jpg', 'studio_modern.jpg'].map(demoPhoto);

/** A fresh owner for each test: tests do not share state. */
const loginAsOwner = (page: Page) => loginAs(page, randomMobile(), 'Propietaria');

const stepHeading = (page: Page, name: RegExp) => page.getByRole('heading', { level: 2, name });

test.describe('property form', () => {
  test('an owner creates a property with three photos and sends it to validation', async ({
    quietPage: page,
    expectNoSeriousA11yViolations,
  }) => {
    test.setTimeout(90_000);
    const token = await loginAsOwner(page);
    await page.goto('/new-property?section=venta');
    await expect(page.getByRole('heading', { level: 1, name: 'Publica tu inmueble' })).toBeVisible();
    await expect(stepHeading(page, /Paso 1 de 4/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Step 1: the errors first, then the address.
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.getByText('Elige la provincia.')).toBeVisible();
    await page.getByLabel('Provincia').selectOption({ label: 'Madrid' });
    await page.getByLabel('Municipio').selectOption({ label: 'Madrid' });
    await page.getByLabel('Calle').fill('Calle de Prueba');
    await page.getByLabel('Número').fill('12');
    await page.getByLabel('Código postal').fill('28013');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 2; a reload brings the unsent form back.
    await expect(stepHeading(page, /Paso 2 de 4 Características/)).toBeFocused();
    await page.reload();
    await expect(page.getByText('Hemos recuperado los datos que no llegaste a enviar.')).toBeVisible();
    await expect(stepHeading(page, /Paso 2 de 4/)).toBeVisible();
    await page.getByLabel('Tipo de inmueble').selectOption({ label: 'Piso' });
    await page.getByLabel('Superficie').fill('85');
    await page.getByLabel('Habitaciones').fill('3');
    await page.getByLabel('Baños').fill('2');
    await page.getByRole('checkbox', { name: 'Ascensor' }).check();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 3: three photos, then the second becomes the cover.
    await expect(stepHeading(page, /Paso 3 de 4 Fotos/)).toBeFocused();
    await expect(page.getByText(/Te recomendamos subir al menos 3 fotos/)).toBeVisible();
    await page.getByLabel('Añadir fotos').setInputFiles(photos);
    const grid = page.getByRole('list', { name: 'Fotos del inmueble' });
    await expect(grid.getByRole('img')).toHaveCount(3, { timeout: 30_000 });
    await expect(page.getByText(/Te recomendamos subir al menos 3 fotos/)).toBeHidden();
    await grid
      .getByRole('group', { name: 'Acciones de la foto 1' })
      .getByRole('button', { name: 'Mover después' })
      .click();
    await expect(page.getByText('Foto movida a la posición 2 de 3.')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Mover después' }).nth(1)).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Siguiente' }).click();

    // Step 4: the summary, then validation.
    await expect(stepHeading(page, /Paso 4 de 4 Revisión/)).toBeFocused();
    await expect(page.getByText('Calle de Prueba 12')).toBeVisible();
    await expect(page.getByText('28013 Madrid (Madrid)')).toBeVisible();
    await expect(page.getByText('85 m²')).toBeVisible();
    await expect(page.getByText('3 fotos')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Enviar a validación' }).click();

    await expect(page).toHaveURL(/\/new-announcement-venta\/[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => localStorage.getItem('casaoferta.new-property-draft'))).toBeNull();
    const propertyId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    // The owner is on the publication step before pressing Back (a Back while it still loads would
    // abandon that navigation and leave the form as it was on screen).
    await expect(page.getByRole('heading', { level: 1, name: 'Anuncio de venta' })).toBeVisible();

    // The browser's Back returns to this property (its id went into the URL at the first save), not
    // to a blank form that would make a second one.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/new-property/${propertyId}\\?section=venta$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edita tu inmueble' })).toBeVisible();
    await expect(page.getByLabel('Calle')).toHaveValue('Calle de Prueba');
    const mine = await page.request.get('/api/announcement/properties', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await mine.json()) as { data: { id: string }[] }).data.map((item) => item.id)).toEqual([
      propertyId,
    ]);
  });

  test('Back while the announcement form is still loading returns to the property sent, in edit mode', async ({
    quietPage: page,
  }) => {
    test.setTimeout(90_000);
    const token = await loginAsOwner(page);
    await page.goto('/new-property?section=venta');
    await page.getByLabel('Provincia').selectOption({ label: 'Madrid' });
    await page.getByLabel('Municipio').selectOption({ label: 'Madrid' });
    await page.getByLabel('Calle').fill('Calle del Retroceso');
    await page.getByLabel('Número').fill('4');
    await page.getByLabel('Código postal').fill('28013');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(stepHeading(page, /Paso 2 de 4 Características/)).toBeFocused();
    await page.getByLabel('Tipo de inmueble').selectOption({ label: 'Piso' });
    await page.getByLabel('Superficie').fill('70');
    await page.getByLabel('Habitaciones').fill('2');
    await page.getByLabel('Baños').fill('1');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(stepHeading(page, /Paso 3 de 4 Fotos/)).toBeFocused();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(stepHeading(page, /Paso 4 de 4 Revisión/)).toBeFocused();

    // The announcement form's code (every chunk asked for from now on) waits until Back is pressed: the
    // app stays on the sent form while React Router's navigation to that lazy page is pending.
    let deliver = () => {};
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await delivered;
      await route.continue();
    });
    const chunkAsked = page.waitForRequest(/\/assets\/[^/]+\.js$/);
    await page.getByRole('button', { name: 'Enviar a validación' }).click();
    await chunkAsked;
    await expect(page).toHaveURL(/\/new-announcement-venta\/[0-9a-f-]{36}$/);
    const propertyId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.goBack();
    deliver();

    // Back shows the property just sent, as an edit (never the create form, whose next send would be a
    // second property), and the pending announcement form does not come over it.
    await expect(page).toHaveURL(new RegExp(`/new-property/${propertyId}\\?section=venta$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edita tu inmueble' })).toBeVisible();
    await expect(page.getByLabel('Calle')).toHaveValue('Calle del Retroceso');
    await expect(page.getByRole('heading', { level: 1, name: 'Publica tu inmueble' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Anuncio de venta' })).toHaveCount(0);

    // Sending it again updates the same property and goes on to its announcement form.
    for (const step of [/Paso 2 de 4/, /Paso 3 de 4/, /Paso 4 de 4/]) {
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await expect(stepHeading(page, step)).toBeFocused();
    }
    await page.getByRole('button', { name: 'Enviar a validación' }).click();
    await expect(page).toHaveURL(new RegExp(`/new-announcement-venta/${propertyId}(/[0-9a-f-]{36})?$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Anuncio de venta' })).toBeVisible();
    const mine = await page.request.get('/api/announcement/properties', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await mine.json()) as { data: { id: string }[] }).data.map((item) => item.id)).toEqual([
      propertyId,
    ]);
  });

  test('the publication step shows the property and the announcement, sent along with the property in validation', async ({
    quietPage: page,
    request,
    expectNoSeriousA11yViolations,
  }) => {
    const token = await loginAsOwner(page);
    const headers = { Authorization: `Bearer ${token}` };
    const created = await request.post('/api/property', {
      headers,
      data: {
        street: 'Calle del Anuncio',
        streetNumber: '5',
        provinceCode: '28',
        municipalityCode: '28079',
        propertyTypeCode: 'PTY002',
        surfaceM2: 60,
        rooms: 2,
        bathrooms: 1,
        features: ['PAF001'],
      },
    });
    expect(created.status()).toBe(201);
    const propertyId = ((await created.json()) as { data: { id: string } }).data.id;
    const sale = await request.post('/api/announcement/sale', {
      headers,
      data: { propertyId, price: 245_000 },
    });
    expect(sale.status()).toBe(201);
    const announcementId = ((await sale.json()) as { data: { id: string } }).data.id;

    await page.goto(`/new-property-publication?announcementId=${announcementId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Revisa y publica tu anuncio' })).toBeVisible();
    await expect(page.getByText('Calle del Anuncio 5')).toBeVisible();
    await expect(page.getByText('245.000 €', { exact: true })).toBeVisible();
    await expect(page.getByText('Pendiente de validación')).toBeVisible();
    // Issue 23 point 6: the announcement can go with its property in validation, reviewed together.
    await expect(page.getByText(/nuestro equipo revisará los dos juntos/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publicar anuncio' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
  });
});
