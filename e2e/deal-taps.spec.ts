import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, demoPhoto, waitForAppOnNavigation } from './fixtures';
import { devOutboxHeaders, latestCode } from './backend';
import { e2eAgentPassword } from './e2e-server';
import { isPhone, phone } from './layout';
import { TapCounter } from './tap-count';

// Issue 23: the whole deal as new users do it on a phone (390×844), every action through the UI and
// counted (e2e/tap-count.ts): the owner registers, creates the property with photos and the announcement
// and sends both to validation; an agent validates both; a new tenant registers from 'Hacer oferta' and
// offers; the owner pays, closes the offers and chooses; the contract is drafted, filled and signed by
// both. The counts per step and the total are printed and attached (docs/PERFORMANCE.md keeps them).

const photos = ['apartment_downtown.jpg', 'house_family.jpg', 'studio_modern.jpg'].map(demoPhoto);
const uuid = '[0-9a-f-]{36}';
/** A national mobile number as people type it (9 digits). */
const nationalMobile = () => `6${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
/** Names are letters only: digits written as letters. */
const lettersOf = (digits: string) => [...digits].map((d) => 'abcdefghij'.charAt(Number(d))).join('');

/** A first visit's browser: the cookie question and the tutorial are still to answer (and counted). */
async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
  return waitForAppOnNavigation(await context.newPage());
}

/** The cookie banner of a first visit, answered. */
const answerCookies = (taps: TapCounter, page: Page) =>
  taps.tap(
    page.getByRole('region', { name: 'Aviso de cookies' }).getByRole('button', { name: 'Rechazar todas' }),
  );

/** The tutorial a first visit to a /property path opens, closed. */
const closeTutorial = (taps: TapCounter, page: Page) =>
  taps.tap(
    page
      .getByRole('dialog', { name: 'Cómo funciona Casaoferta' })
      .getByRole('button', { name: 'Cerrar tutorial' }),
  );

/** The newest signing code sent by SMS to `phoneNumber`, from the development outbox. */
async function signCode(request: APIRequestContext, phoneNumber: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/outbox', { headers: devOutboxHeaders });
        if (!response.ok()) return '';
        const { data } = (await response.json()) as {
          data: { channel: string; recipient: string; body: string }[];
        };
        const sms = data.find(
          (m) => m.channel === 'sms' && m.recipient === phoneNumber && /firmar el contrato/.test(m.body),
        );
        code = (sms && /(?<!\d)(\d{6})(?!\d)/.exec(sms.body)?.[1]) ?? '';
        return code;
      },
      { message: `signing code for ${phoneNumber}`, timeout: 10_000 },
    )
    .not.toBe('');
  return code;
}

/** The registration form (after 'Regístrate gratis' or a link to it): phone, name, consent, SMS code. */
async function register(
  taps: TapCounter,
  page: Page,
  request: APIRequestContext,
  person: { mobile: string; name: string; surname: string },
) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await taps.fill(page.getByLabel('Número de móvil'), person.mobile);
  await taps.fill(page.getByLabel('Nombre'), person.name);
  await taps.fill(page.getByLabel('Apellidos'), person.surname);
  await taps.check(page.getByRole('checkbox', { name: /política de privacidad/ }));
  await taps.tap(page.getByRole('button', { name: 'Enviar código' }));
  await expect(page.getByRole('heading', { name: 'Introduce el código' })).toBeFocused();
  await taps.fill(page.getByLabel('Código de 6 cifras'), await latestCode(request, `+34${person.mobile}`));
  await taps.tap(page.getByRole('button', { name: 'Verificar' }));
}

/** "Enviar" of my contract data and its confirmation. */
async function sendContractData(taps: TapCounter, page: Page) {
  await taps.tap(page.getByRole('button', { name: 'Enviar', exact: true }));
  const dialog = page.getByRole('dialog', { name: '¿Enviar tus datos?' });
  await taps.tap(dialog.getByRole('button', { name: 'Sí, enviar' }));
  await expect(page.getByText('Ya has enviado tus datos: no se pueden cambiar.')).toBeVisible();
}

/** Signs from the contract's page: 'Firmar', the typed name, 'Enviar código', the SMS code, 'Firmar contrato'. */
async function sign(
  taps: TapCounter,
  page: Page,
  request: APIRequestContext,
  fullName: string,
  phoneNumber: string,
) {
  await taps.tap(page.getByRole('button', { name: 'Firmar', exact: true }));
  const dialog = page.getByRole('dialog', { name: 'Firmar el contrato' });
  await taps.fill(dialog.getByRole('textbox', { name: /Nombre y apellidos/ }), fullName);
  await taps.tap(dialog.getByRole('button', { name: 'Enviar código' }));
  await expect(dialog.getByText(/Te hemos enviado un código/)).toBeVisible();
  await taps.fill(
    dialog.getByRole('textbox', { name: /Código de 6 cifras/ }),
    await signCode(request, phoneNumber),
  );
  await taps.tap(dialog.getByRole('button', { name: 'Firmar contrato' }));
  await expect(page.getByText('Has firmado el contrato')).toBeVisible();
}

test('the whole deal on a phone, every tap counted', async ({ request, browser }, testInfo) => {
  test.skip(!isPhone(testInfo), 'the deal on a phone (issue 23)');
  test.setTimeout(300_000);
  const taps = new TapCounter();
  const stamp = randomUUID().slice(0, 6);
  const title = `Piso con terraza ${stamp}`;
  const ownerMobile = nationalMobile();
  const tenantMobile = nationalMobile();
  const owner = { mobile: ownerMobile, name: 'Carmen', surname: `Ruiz ${lettersOf(ownerMobile.slice(-4))}` };
  const tenant = {
    mobile: tenantMobile,
    name: 'Lucía',
    surname: `Gómez ${lettersOf(tenantMobile.slice(-4))}`,
  };
  const ownerPage = await phonePage(browser);
  const agentPage = await phonePage(browser);
  const tenantPage = await phonePage(browser);
  const pages = [ownerPage, agentPage, tenantPage];

  try {
    await test.step('the owner registers', async () => {
      taps.step('La propietaria se registra');
      // 'Publica tu inmueble' while logged out: the registration, then the property form.
      await taps.open(ownerPage, '/login?register=true&redirectTo=%2Fnew-property%3Fsection%3Dalquiler');
      await answerCookies(taps, ownerPage);
      await register(taps, ownerPage, request, owner);
      await expect(ownerPage).toHaveURL(/\/new-property\?section=alquiler$/);
    });

    const propertyId = await test.step('the owner creates the property with photos', async () => {
      taps.step('Crea el inmueble con fotos y lo envía a validación');
      const p = ownerPage;
      await taps.select(p.getByLabel('Provincia'), { label: 'Soria' });
      await taps.select(p.getByLabel('Municipio'), { label: 'Soria' });
      await taps.fill(p.getByLabel('Calle'), `Calle Mayor ${stamp}`);
      await taps.fill(p.getByLabel('Número'), '7');
      await taps.fill(p.getByLabel('Código postal'), '42002');
      await taps.tap(p.getByRole('button', { name: 'Siguiente' }));
      await taps.select(p.getByLabel('Tipo de inmueble'), { label: 'Piso' });
      await taps.fill(p.getByLabel('Superficie'), '92');
      await taps.fill(p.getByLabel('Habitaciones'), '3');
      await taps.fill(p.getByLabel('Baños'), '2');
      await taps.tap(p.getByRole('button', { name: 'Siguiente' }));
      await taps.files(p.getByLabel('Añadir fotos'), photos);
      await expect(p.getByRole('list', { name: 'Fotos del inmueble' }).getByRole('img')).toHaveCount(3, {
        timeout: 30_000,
      });
      await taps.tap(p.getByRole('button', { name: 'Siguiente' }));
      await taps.tap(p.getByRole('button', { name: 'Enviar a validación' }));
      await expect(p).toHaveURL(new RegExp(`/new-announcement-alquiler/${uuid}(/${uuid})?$`));
      return new URL(p.url()).pathname.split('/')[2] ?? '';
    });

    await test.step('the owner writes the announcement and sends it with the property', async () => {
      taps.step('Escribe el anuncio y lo envía junto con el inmueble');
      const p = ownerPage;
      await expect(
        p.getByRole('heading', { level: 1, name: 'Anuncio de alquiler de vivienda completa' }),
      ).toBeVisible();
      await taps.type(p.getByRole('textbox', { name: /Renta mensual/ }), '1.250');
      await taps.select(p.getByLabel('Fianza'), { label: '1 mes (fianza legal de vivienda)' });
      await taps.select(p.getByLabel('Duración del contrato'), { label: '3 años' });
      await taps.check(
        p.getByRole('group', { name: /¿Está amueblada\?/ }).getByRole('radio', { name: 'Sí', exact: true }),
      );
      await taps.fill(p.getByRole('textbox', { name: /Título del anuncio/ }), title);
      await taps.fill(
        p.getByRole('textbox', { name: 'Descripción' }),
        'Vivienda soleada, reformada y cerca de todos los servicios.',
      );
      await expect(p.getByText('Borrador guardado')).toBeVisible({ timeout: 10_000 });
      await taps.tap(p.getByRole('button', { name: 'Guardar y revisar' }));
      await taps.tap(p.getByRole('button', { name: 'Publicar anuncio' }));
      await expect(
        p.getByRole('heading', { name: /Tu inmueble y tu anuncio están en revisión/ }),
      ).toBeFocused();
    });

    await test.step('an agent validates property and announcement in one review', async () => {
      taps.step('El agente valida inmueble y anuncio');
      const p = agentPage;
      await taps.open(p, '/login-agents');
      await answerCookies(taps, p);
      await taps.fill(p.getByLabel('Correo electrónico'), 'agente@casaoferta.es');
      await taps.fill(p.getByLabel('Contraseña'), e2eAgentPassword);
      await taps.tap(p.getByRole('button', { name: 'Entrar' }));
      await expect(p).toHaveURL(/\/agents-menu$/);
      await taps.tap(p.getByRole('link', { name: 'Pendientes de validación' }));
      await taps.fill(p.getByRole('searchbox', { name: 'Buscar pendientes' }), stamp);
      const item = p.getByRole('list', { name: 'Pendientes de validación' }).getByRole('listitem');
      await expect(item).toHaveCount(1);
      await taps.tap(item.getByRole('link').first());
      await expect(p).toHaveURL(new RegExp(`/agents-validation/${propertyId}$`));
      const decision = p.getByRole('region', { name: 'Validación del inmueble' });
      await taps.tap(decision.getByRole('button', { name: 'Validar inmueble y anuncio' }));
      const dialog = p.getByRole('dialog', { name: 'Validar inmueble y anuncio' });
      await taps.tap(dialog.getByRole('button', { name: 'Validar inmueble y anuncio' }));
      await expect(p.getByText('Se han validado el inmueble y el anuncio correctamente.')).toBeVisible();
    });

    await test.step('a new tenant registers from Hacer oferta and offers', async () => {
      taps.step('Una inquilina nueva se registra desde «Hacer oferta» y oferta');
      const p = tenantPage;
      await taps.open(p, `/property/${propertyId}`);
      await answerCookies(taps, p);
      await closeTutorial(taps, p);
      await taps.tap(p.locator('.price-box').getByRole('button', { name: 'Hacer oferta', exact: true }));
      const price = p.getByRole('dialog', { name: 'Hacer oferta' });
      await taps.tap(price.getByRole('button', { name: 'Siguiente', exact: true }));
      await expect(
        p.getByRole('heading', { level: 1, name: 'Para enviar tu oferta, entra o regístrate' }),
      ).toBeVisible();
      await taps.tap(p.getByRole('link', { name: 'Regístrate gratis' }));
      await register(taps, p, request, tenant);
      await expect(p).toHaveURL(new RegExp(`/property/${propertyId}$`));
      const dialog = p.getByRole('dialog', { name: 'Hacer oferta' });
      await taps.tap(dialog.getByRole('button', { name: 'Siguiente', exact: true }));
      await taps.fill(dialog.getByRole('textbox', { name: /DNI, NIF o NIE/ }), '87654321X');
      await taps.select(dialog.getByRole('combobox', { name: /Tipo de contrato/ }), { label: 'Indefinido' });
      await taps.fill(dialog.getByRole('textbox', { name: /Salario neto mensual/ }), '3200');
      await taps.tap(dialog.getByRole('button', { name: 'Enviar oferta', exact: true }));
      await expect(p.getByRole('dialog', { name: 'Tu oferta se ha enviado' })).toBeVisible();
    });

    await test.step('the owner finds the offer in Mis anuncios and pays', async () => {
      taps.step('La propietaria abre las ofertas desde «Mis anuncios» y paga');
      const p = ownerPage;
      await taps.tap(p.getByRole('button', { name: 'Abrir menú' }));
      await taps.tap(p.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Mis anuncios' }));
      const card = p.getByRole('listitem').filter({ has: p.getByRole('heading', { name: title }) });
      await taps.tap(card.getByRole('link', { name: 'Ofertas (1)' }));
      await expect(p).toHaveURL(`/property/${propertyId}/offers`);
      // A first visit to a /property path: the tutorial opens on the owner's offers page too.
      await closeTutorial(taps, p);
      await taps.tap(p.getByRole('link', { name: 'Pagar y ver importes y contactos' }));
      await taps.tap(p.getByRole('link', { name: 'Continuar al pago' }));
      await taps.fill(p.getByLabel('Titular de la tarjeta'), `${owner.name} ${owner.surname}`);
      await taps.fill(p.getByLabel('Número de tarjeta'), '4242 4242 4242 4242');
      await taps.fill(p.getByLabel('Caducidad (MM/AA)'), '12/35');
      await taps.fill(p.getByLabel('CVC'), '123');
      await taps.tap(p.getByRole('button', { name: /^Pagar / }));
      await expect(p.getByRole('heading', { level: 1, name: 'Pago completado' })).toBeVisible();
      await taps.tap(p.getByRole('link', { name: 'Ver ofertas, importes y contactos' }));
      await expect(p).toHaveURL(`/property/${propertyId}/offers`);
    });

    const contractUrl =
      await test.step('the owner closes the offers, chooses and drafts the contract', async () => {
        taps.step('Cierra las ofertas, elige a la candidata y prepara el contrato');
        const p = ownerPage;
        await taps.tap(p.getByRole('button', { name: 'Cerrar ofertas' }));
        await taps.tap(
          p
            .getByRole('dialog', { name: '¿Cerrar las ofertas?' })
            .getByRole('button', { name: 'Sí, cerrar ofertas' }),
        );
        await expect(p.getByRole('button', { name: 'Reabrir ofertas' })).toBeVisible();
        const offer = p.getByRole('list', { name: 'Ofertas del anuncio' }).getByRole('listitem').first();
        await taps.tap(offer.getByRole('button', { name: 'Elegir candidato' }));
        await taps.tap(
          p.getByRole('dialog', { name: /^Elegir a / }).getByRole('button', { name: 'Elegir candidato' }),
        );
        await expect(offer.getByText('Seleccionada', { exact: true })).toBeVisible();
        await taps.tap(offer.getByRole('link', { name: 'Ver detalle' }));
        await taps.tap(p.getByRole('dialog').getByRole('button', { name: 'Preparar el contrato' }));
        await expect(p).toHaveURL(/\/contract\/[0-9a-f-]{36}$/);
        return new URL(p.url()).pathname;
      });

    await test.step('the owner fills and sends their data and terms', async () => {
      taps.step('La propietaria completa y envía sus datos y condiciones');
      const p = ownerPage;
      await expect(p.getByRole('textbox', { name: /^Nombre/ })).toHaveValue(owner.name);
      await taps.fill(p.getByRole('textbox', { name: /DNI, NIE o NIF/ }), '12345678Z');
      await taps.fill(
        p.getByRole('textbox', { name: /Dirección para notificaciones/ }),
        'Calle Mayor 7, 42002 Soria',
      );
      await taps.fill(p.getByRole('textbox', { name: /IBAN/ }), 'ES9121000418450200051332');
      await sendContractData(taps, p);
    });

    await test.step('the tenant opens the contract from the notice and sends their data', async () => {
      taps.step('La inquilina abre el contrato desde el aviso y envía sus datos');
      const p = tenantPage;
      await taps.open(p, contractUrl);
      await expect(p.getByRole('textbox', { name: /^Nombre/ })).toHaveValue(tenant.name);
      const nif = p.getByRole('textbox', { name: /DNI, NIE o NIF/ });
      // The NIF the offer gave is not in a new tenant's profile unless she chose to save it.
      if ((await nif.inputValue()) === '') await taps.fill(nif, '87654321X');
      await taps.fill(
        p.getByRole('textbox', { name: /Dirección para notificaciones/ }),
        'Calle de Toledo 12, 28005 Madrid',
      );
      await sendContractData(taps, p);
    });

    await test.step('the owner sends the contract to sign and signs', async () => {
      taps.step('La propietaria lo envía a firma y firma');
      const p = ownerPage;
      await taps.open(p, contractUrl);
      await taps.tap(p.getByRole('button', { name: 'Enviar a firma' }));
      await taps.tap(
        p
          .getByRole('dialog', { name: '¿Enviar el contrato a firma?' })
          .getByRole('button', { name: 'Sí, enviar a firma' }),
      );
      await sign(taps, p, request, `${owner.name} ${owner.surname}`, `+34${owner.mobile}`);
    });

    await test.step('the tenant signs', async () => {
      taps.step('La inquilina firma');
      const p = tenantPage;
      await taps.open(p, contractUrl);
      await sign(taps, p, request, `${tenant.name} ${tenant.surname}`, `+34${tenant.mobile}`);
      await expect(p.getByText('El contrato está firmado por las dos partes.')).toBeVisible();
    });
  } finally {
    console.log(`\nToques del trato completo en un móvil (390×844):\n${taps.table()}\n`);
    await testInfo.attach('deal-taps.md', { body: taps.table(), contentType: 'text/markdown' });
    for (const page of pages) await page.context().close();
  }
  // The budget: a change that adds taps to the deal fails here (docs/PERFORMANCE.md, "Toques del trato").
  expect(taps.total, taps.table()).toBeLessThanOrEqual(101);
});
