import type { Browser, Page } from '@playwright/test';
import {
  test,
  expect,
  answerFirstVisitOverlays,
  demoPhoto,
  loginAs,
  randomMobile,
  waitForAppOnNavigation,
} from './fixtures';
import { agentValidatesBoth } from './backend';

const photos = ['apartment_downtown.jpg', 'house_family.jpg', 'studio_modern.jpg'].map(demoPhoto);

type Section = 'alquiler' | 'alquiler habitacion' | 'venta';

interface Journey {
  section: Section;
  /** Segment of the announcement form's route. */
  formPath: string;
  formHeading: string;
  priceLabel: RegExp;
  /** The price as the owner types it and the property page shows it (es-ES, with the kind's unit). */
  priceText: string;
  /** The catalogue's kind button. */
  kindButton: string;
  kindQuery: string;
  /** A province no demo announcement is in, so the filter finds this one alone. */
  province: { code: string; name: string; postalCode: string };
  propertyType: string;
  titleStart: string;
  /** The kind's own fields of the announcement form. */
  fillDetails: (page: Page) => Promise<void>;
}

const radioIn = (page: Page, legend: RegExp, option: string) =>
  page.getByRole('group', { name: legend }).getByRole('radio', { name: option, exact: true });

const journeys: Journey[] = [
  {
    section: 'alquiler',
    formPath: 'new-announcement-alquiler',
    formHeading: 'Anuncio de alquiler de vivienda completa',
    priceLabel: /Renta mensual/,
    priceText: '1.250 €/mes',
    kindButton: 'Alquilar',
    kindQuery: 'alquiler',
    province: { code: '42', name: 'Soria', postalCode: '42002' },
    propertyType: 'Piso',
    titleStart: 'Piso luminoso junto a la Alameda',
    fillDetails: async (page) => {
      await page.getByLabel('Fianza').selectOption({ label: '1 mes (fianza legal de vivienda)' });
      await page.getByLabel('Duración del contrato').selectOption({ label: '3 años' });
      await radioIn(page, /¿Está amueblada\?/, 'Sí').check();
    },
  },
  {
    section: 'alquiler habitacion',
    formPath: 'new-announcement-alquiler-habitacion',
    formHeading: 'Anuncio de alquiler de habitación',
    priceLabel: /Precio mensual de la habitación/,
    priceText: '425 €/mes',
    kindButton: 'Habitaciones',
    kindQuery: 'habitacion',
    province: { code: '44', name: 'Teruel', postalCode: '44001' },
    propertyType: 'Piso',
    titleStart: 'Habitación doble en piso compartido',
    fillDetails: async (page) => {
      await radioIn(page, /Tipo de habitación/, 'Doble').check();
      await page.getByLabel('Cama').selectOption({ label: 'Doble (135 cm)' });
      await page.getByRole('spinbutton', { name: /Personas que viven en la vivienda/ }).fill('2');
      await radioIn(page, /¿Gastos incluidos en el precio\?/, 'Sí').check();
    },
  },
  {
    section: 'venta',
    formPath: 'new-announcement-venta',
    formHeading: 'Anuncio de venta',
    priceLabel: /Precio de venta/,
    priceText: '148.500 €',
    kindButton: 'Comprar',
    kindQuery: 'venta',
    province: { code: '22', name: 'Huesca', postalCode: '22002' },
    propertyType: 'Casa de pueblo',
    titleStart: 'Casa de pueblo con patio',
    fillDetails: async (page) => {
      await page.getByRole('textbox', { name: /Gastos de comunidad/ }).fill('40');
      await page.getByRole('textbox', { name: /IBI/ }).fill('310');
    },
  },
];

const uuid = '[0-9a-f-]{36}';
const stepHeading = (page: Page, name: RegExp) => page.getByRole('heading', { level: 2, name });

/** A visitor: a browser context of its own (no owner token), with the first-visit overlays answered. */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await answerFirstVisitOverlays(context);
  return waitForAppOnNavigation(await context.newPage());
}

test.describe('owner journey: from the property form to the public catalogue', () => {
  for (const journey of journeys) {
    test(`${journey.section}: an owner publishes a property and a visitor finds it in the catalogue`, async ({
      quietPage: page,
      request,
      browser,
      expectNoSeriousA11yViolations,
    }) => {
      test.setTimeout(120_000);
      const phone = randomMobile();
      await loginAs(page, phone, 'Propietaria');
      const title = `${journey.titleStart} ${phone.slice(-6)}`;
      const { province } = journey;

      const propertyId =
        await test.step('the owner fills the property form and sends it to validation', async () => {
          await page.goto(`/new-property?section=${encodeURIComponent(journey.section)}`);
          await expect(page.getByRole('heading', { level: 1, name: 'Publica tu inmueble' })).toBeVisible();
          await expect(stepHeading(page, /Paso 1 de 4/)).toBeVisible();
          await page.getByLabel('Provincia').selectOption({ label: province.name });
          await page.getByLabel('Municipio').selectOption({ label: province.name });
          await page.getByLabel('Calle').fill('Calle Mayor');
          await page.getByLabel('Número').fill('7');
          await page.getByLabel('Código postal').fill(province.postalCode);
          await page.getByRole('button', { name: 'Siguiente' }).click();

          await expect(stepHeading(page, /Paso 2 de 4 Características/)).toBeFocused();
          await page.getByLabel('Tipo de inmueble').selectOption({ label: journey.propertyType });
          await page.getByLabel('Superficie').fill('92');
          await page.getByLabel('Habitaciones').fill('3');
          await page.getByLabel('Baños').fill('2');
          await page.getByRole('button', { name: 'Siguiente' }).click();

          await expect(stepHeading(page, /Paso 3 de 4 Fotos/)).toBeFocused();
          await page.getByLabel('Añadir fotos').setInputFiles(photos);
          const grid = page.getByRole('list', { name: 'Fotos del inmueble' });
          await expect(grid.getByRole('img')).toHaveCount(3, { timeout: 30_000 });
          await page.getByRole('button', { name: 'Siguiente' }).click();

          await expect(stepHeading(page, /Paso 4 de 4 Revisión/)).toBeFocused();
          await expect(page.getByText('Calle Mayor 7')).toBeVisible();
          await expect(
            page.getByText(`${province.postalCode} ${province.name} (${province.name})`),
          ).toBeVisible();
          await expect(page.getByText('3 fotos')).toBeVisible();
          await page.getByRole('button', { name: 'Enviar a validación' }).click();

          await expect(page).toHaveURL(new RegExp(`/${journey.formPath}/${uuid}(/${uuid})?$`));
          return new URL(page.url()).pathname.split('/')[2] ?? '';
        });

      const announcementId =
        await test.step('the owner fills the announcement form of the kind', async () => {
          await expect(page.getByRole('heading', { level: 1, name: journey.formHeading })).toBeVisible();
          // Typed as Spanish people write it ("148.500"), and so it stays on screen.
          const typed = journey.priceText.replace(/ €.*$/, '');
          const price = page.getByRole('textbox', { name: journey.priceLabel });
          await price.pressSequentially(typed);
          await expect(price).toHaveValue(typed);
          await journey.fillDetails(page);
          await page.getByRole('textbox', { name: /Título del anuncio/ }).fill(title);
          await page
            .getByRole('textbox', { name: 'Descripción' })
            .fill('Vivienda soleada, reformada y cerca de todos los servicios.');
          await expect(page.getByText('Borrador guardado')).toBeVisible({ timeout: 10_000 });
          await expect(page).toHaveURL(new RegExp(`/${journey.formPath}/${propertyId}/${uuid}$`));
          await expectNoSeriousA11yViolations(page);
          await page.getByRole('button', { name: 'Guardar y revisar' }).click();

          await expect(page).toHaveURL(new RegExp(`/new-property-publication\\?announcementId=${uuid}$`));
          await expect(
            page.getByRole('heading', { level: 1, name: 'Revisa y publica tu anuncio' }),
          ).toBeVisible();
          await expect(page.getByText('Pendiente de validación')).toBeVisible();
          return new URL(page.url()).searchParams.get('announcementId') ?? '';
        });

      // Issue 23 point 6: no second trip; the announcement goes with its property still in validation.
      await test.step('the owner sends the announcement along with the property in validation', async () => {
        await page.getByRole('button', { name: 'Publicar anuncio' }).click();
        await expect(
          page.getByRole('heading', {
            name: 'Tu inmueble y tu anuncio están en revisión. Te avisaremos con un solo mensaje cuando se publique.',
          }),
        ).toBeFocused();
      });

      await test.step('an agent validates the property and the announcement in one decision', () =>
        agentValidatesBoth(request, propertyId, announcementId));

      await test.step('a visitor finds it by kind and province and opens its page', async () => {
        const visitor = await visitorPage(browser);
        try {
          await visitor.goto('/properties');
          await visitor.getByRole('button', { name: journey.kindButton, exact: true }).click();
          await expect(visitor).toHaveURL(new RegExp(`/properties\\?kind=${journey.kindQuery}$`));
          await visitor.getByRole('button', { name: /^Filtros/ }).click();
          const sheet = visitor.getByRole('dialog', { name: 'Filtros' });
          await sheet.getByLabel('Provincia').selectOption({ label: province.name });
          await sheet.getByRole('button', { name: 'Ver resultados' }).click();
          await expect(visitor).toHaveURL(
            new RegExp(`/properties\\?kind=${journey.kindQuery}&province=${province.code}$`),
          );
          await expect(
            visitor.getByRole('button', { name: `Quitar filtro: ${province.name}` }),
          ).toBeVisible();

          const card = visitor
            .getByRole('list', { name: 'Anuncios disponibles' })
            .getByRole('listitem')
            .filter({ has: visitor.getByRole('heading', { name: title }) });
          await expect(card).toHaveCount(1);
          await expect(card.getByText(journey.priceText, { exact: true })).toBeVisible();
          await card.getByRole('link', { name: title }).click();

          await expect(visitor).toHaveURL(new RegExp(`/property/${propertyId}$`));
          await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
          await expect(
            visitor
              .getByRole('complementary', { name: 'Precio y ofertas' })
              // The first: the sticky action on phones repeats the price (aria-hidden).
              .getByText(journey.priceText, { exact: true })
              .first(),
          ).toBeVisible();
          const gallery = visitor.getByRole('region', { name: 'Fotos del inmueble' });
          await expect(gallery.getByText('1 / 3')).toBeVisible();
          await expect(gallery.getByRole('img', { name: `Foto 1 de 3: ${title}` })).toBeVisible();
          await expectNoSeriousA11yViolations(visitor);
        } finally {
          await visitor.context().close();
        }
      });
    });
  }
});
