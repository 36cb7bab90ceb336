import { profileBuilt } from './confirmation-dialog';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { anonymousSession } from '../../../shared/session';
import { fail, mockApi, ok, json } from '../../../test/mock-api';
import {
  announcementId,
  loggedSession,
  management,
  mastersRoute,
  myOffer,
  myOfferId,
  renderOfferAction,
  saleAnnouncement,
  sampleProperty,
  visitAnnouncement,
} from '../test-data';

const myOffersRoute = 'GET /api/tenant/offers';
const pendingRoute = `POST /api/announcement/${announcementId}/pending-offers`;
const offersRoute = `POST /api/announcement/${announcementId}/offers`;

/** The management dialog's send button (issue 23 point 10: it sends, nothing follows). */
const sendName = 'Enviar oferta';
/** The price step's button when the management dialog (or the login) follows. */
const priceNextName = 'Siguiente';
const dialog = (name: string) => screen.findByRole('dialog', { name });
const amountInput = (within_: HTMLElement) => within(within_).getByRole('textbox', { name: /Tu oferta/ });

// The dialogs are a lazy chunk: loaded once here, so the first test does not wait for the transform.
beforeAll(async () => {
  await import('./offer-flow');
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the price step (SPEC 5.1)', () => {
  it('starts at the highest offer, steps by 10 €/mes within the bounds and says when it is out of them', async () => {
    const user = userEvent.setup();
    const property = sampleProperty();
    mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
    });
    renderOfferAction(property);
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    const offer = await dialog('Hacer oferta');
    // Reference 1.100 (the highest offer): bounds 550 and 1.650.
    const summary = within(offer).getByRole('region', { name: 'Resumen' });
    expect(summary).toHaveTextContent('Piso en alquiler en Malasaña, Madrid');
    expect(summary).toHaveTextContent('Madrid (Madrid)');
    expect(summary).toHaveTextContent('Oferta: 1.100 €/mes');
    expect(within(offer).getByText('Oferta más alta')).toBeInTheDocument();
    const input = amountInput(offer);
    expect(input).toHaveValue('1.100');
    expect(input).toHaveFocus();
    expect(within(offer).getByText('Entre 550 €/mes y 1.650 €/mes.')).toBeInTheDocument();

    await user.click(within(offer).getByRole('button', { name: 'Subir 10 €/mes' }));
    expect(input).toHaveValue('1.110');
    expect(summary).toHaveTextContent('Oferta: 1.110 €/mes');
    await user.click(within(offer).getByRole('button', { name: 'Bajar 10 €/mes' }));
    await user.click(within(offer).getByRole('button', { name: 'Bajar 10 €/mes' }));
    expect(input).toHaveValue('1.090');

    const send = within(offer).getByRole('button', { name: priceNextName });
    await user.clear(input);
    await user.type(input, '549');
    expect(within(offer).getByText('Oferta es demasiado baja, ajusta el importe')).toBeInTheDocument();
    expect(send).toBeDisabled();
    // The stepper brings it back within the bounds, to the minimum.
    await user.click(within(offer).getByRole('button', { name: 'Subir 10 €/mes' }));
    expect(input).toHaveValue('559');
    expect(send).toBeEnabled();

    await user.clear(input);
    await user.type(input, '1651');
    expect(within(offer).getByText('Oferta demasiado alta, ajusta el importe')).toBeInTheDocument();
    expect(send).toBeDisabled();
    await user.click(within(offer).getByRole('button', { name: 'Bajar 10 €/mes' }));
    expect(input).toHaveValue('1.641');

    await user.clear(input);
    await user.type(input, '1650');
    expect(send).toBeEnabled();
    expect(within(offer).getByRole('button', { name: 'Subir 10 €/mes' })).toBeDisabled();
    await user.clear(input);
    expect(send).toBeDisabled();
  });

  it("is 'Modificar oferta' from my current offer, and 'Hacer oferta' when none is current", async () => {
    const user = userEvent.setup();
    const property = sampleProperty();
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([myOffer(property, { amount: 1080 })]),
    });
    renderOfferAction(property);
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    const offer = await dialog('Modificar oferta');
    expect(amountInput(offer)).toHaveValue('1.080');
    expect(within(offer).getByText('Tu oferta actual')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/tenant/offers')[0]?.url.searchParams.get('announcementId')).toBe(
      announcementId,
    );
    expect(within(offer).getByRole('button', { name: priceNextName })).toBeEnabled();
  });

  it('steps a sale by 250 €, starting at the price when there is no offer', async () => {
    const user = userEvent.setup();
    mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
    });
    renderOfferAction(sampleProperty(saleAnnouncement));
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    const offer = await dialog('Hacer oferta');
    expect(within(offer).getByText('Precio de referencia')).toBeInTheDocument();
    expect(amountInput(offer)).toHaveValue('200.000');
    await user.click(within(offer).getByRole('button', { name: 'Subir 250 €' }));
    expect(amountInput(offer)).toHaveValue('200.250');
  });
});

describe('the management dialog (SPEC 4.2, 5.3)', () => {
  it('asks an incomplete rental profile for the employment section and sends what the rules accept', async () => {
    const user = userEvent.setup();
    const property = sampleProperty();
    const onOfferSent = vi.fn();
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [pendingRoute]: () => ok(management(property)),
      [offersRoute]: () => json(201, { data: myOffer(property, { amount: 1100 }) }),
    });
    renderOfferAction(property, { onOfferSent });
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    await user.click(within(await dialog('Hacer oferta')).getByRole('button', { name: priceNextName }));

    const form = await dialog('Hacer oferta');
    expect(within(form).getByRole('group', { name: 'Situación laboral' })).toBeInTheDocument();
    const pending = api.callsTo('POST', `/api/announcement/${announcementId}/pending-offers`)[0]?.body as {
      offerId: string;
    };
    expect(pending).toMatchObject({ amount: 1100, offerPaymentType: 'OPT000' });
    expect(within(form).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();

    const next = within(form).getByRole('button', { name: sendName });
    const nif = within(form).getByRole('textbox', { name: /DNI, NIF o NIE/ });
    await user.click(next);
    expect(within(form).getByText('Indica tu DNI, NIF o NIE.')).toBeInTheDocument();
    expect(nif).toHaveFocus();
    await user.type(nif, '12345678A');
    await user.click(next);
    expect(
      within(form).getByText('El DNI/NIF/NIE no es válido. Revisa los números y la letra.'),
    ).toBeInTheDocument();
    await user.clear(nif);
    await user.type(nif, ' 12345678z ');
    await user.click(next);
    expect(within(form).getByText('Indica tu tipo de contrato.')).toBeInTheDocument();
    await user.selectOptions(within(form).getByRole('combobox', { name: /Tipo de contrato/ }), 'Indefinido');
    const salary = within(form).getByRole('textbox', { name: /Salario neto mensual/ });
    await user.type(salary, '250');
    await user.click(next);
    expect(
      within(form).getByText('Introduce un salario neto mensual válido: entre 300 € y 10.000 €.'),
    ).toBeInTheDocument();
    expect(salary).toHaveFocus();
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)).toHaveLength(0);
    await user.clear(salary);
    await user.type(salary, '1.850,75');
    await user.click(next);

    const confirmation = await dialog('Tu oferta se ha enviado');
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)[0]?.body).toEqual({
      id: pending.offerId,
      amount: 1100,
      offerPaymentType: 'OPT000',
      nif: '12345678Z',
      typeContractCode: 'UTC001',
      salary: 1850,
    });
    expect(onOfferSent).toHaveBeenCalledOnce();
    expect(within(confirmation).getByRole('link', { name: 'Ir a mis ofertas' })).toHaveAttribute(
      'href',
      '/my-offers',
    );
    // 'Completar mi perfil' once the profile's pages exist (their own issue): never a link to a 404.
    const profileLink = within(confirmation).queryByRole('link', { name: 'Completar mi perfil' });
    if (profileBuilt) expect(profileLink).toHaveAttribute('href', '/profile');
    else expect(profileLink).not.toBeInTheDocument();
    expect(within(confirmation).getByRole('link', { name: 'Ver más inmuebles' })).toHaveAttribute(
      'href',
      '/properties',
    );
  });

  it('sends a rental straight, with no management dialog, when the profile is complete', async () => {
    const user = userEvent.setup();
    const property = sampleProperty();
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [offersRoute]: () => json(201, { data: myOffer(property, { amount: 1100 }) }),
    });
    renderOfferAction(property, { session: loggedSession(true) });
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    await user.click(within(await dialog('Hacer oferta')).getByRole('button', { name: 'Enviar oferta' }));
    await dialog('Tu oferta se ha enviado');
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/pending-offers`)).toHaveLength(0);
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)[0]?.body).toMatchObject({
      amount: 1100,
      offerPaymentType: 'OPT000',
    });
    expect(screen.queryByRole('link', { name: 'Completar mi perfil' })).not.toBeInTheDocument();
  });

  it('asks a sale for its conditions: mortgage only with Hipoteca, the reason, the contract type', async () => {
    const user = userEvent.setup();
    const property = sampleProperty(saleAnnouncement);
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [pendingRoute]: () => ok(management(property)),
      [offersRoute]: () => json(201, { data: myOffer(property, { amount: 200000 }) }),
    });
    renderOfferAction(property);
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    await user.click(within(await dialog('Hacer oferta')).getByRole('button', { name: priceNextName }));
    const form = await dialog('Hacer oferta');

    const cash = within(form).getByRole('radio', { name: 'Al contado' });
    expect(cash).toBeChecked();
    const mortgage = within(form).getByRole('textbox', { name: /Importe de la hipoteca/ });
    expect(mortgage).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: 'Tengo la hipoteca preaprobada' })).toBeDisabled();
    // A sale's employment section asks the contract type only.
    expect(within(form).queryByRole('textbox', { name: /DNI/ })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: 'Hipoteca' }));
    expect(mortgage).toBeEnabled();
    const next = within(form).getByRole('button', { name: sendName });
    await user.click(next);
    expect(within(form).getByText('Indica el importe de la hipoteca.')).toBeInTheDocument();
    expect(mortgage).toHaveFocus();
    await user.type(mortgage, '150000');
    await user.click(within(form).getByRole('checkbox', { name: 'Tengo la hipoteca preaprobada' }));
    await user.click(next);
    expect(within(form).getByText('Indica el motivo de la compra.')).toBeInTheDocument();
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Motivo de la compra/ }),
      'Vivienda habitual',
    );
    await user.click(next);
    expect(within(form).getByText('Indica tu tipo de contrato.')).toBeInTheDocument();
    await user.selectOptions(within(form).getByRole('combobox', { name: /Tipo de contrato/ }), 'Temporal');
    await user.type(within(form).getByRole('textbox', { name: /Nota para el propietario/ }), '  Sin prisa  ');
    await user.click(next);

    await dialog('Tu oferta de compra se ha enviado');
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)[0]?.body).toMatchObject({
      amount: 200000,
      offerPaymentType: 'OPT001',
      mortgageAmount: 150000,
      mortgagePreApproved: true,
      reasonPurchaseCode: 'ORP001',
      description: 'Sin prisa',
      typeContractCode: 'UTC002',
    });
  });

  it('refuses, when editing, a mortgage above the offer, as it is typed', async () => {
    const user = userEvent.setup();
    const property = sampleProperty(saleAnnouncement);
    const own = myOffer(property, {
      amount: 190000,
      offerPaymentType: 'OPT001',
      mortgageAmount: 100000,
      reasonPurchaseCode: 'ORP002',
    });
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([own]),
      [pendingRoute]: () => ok(management(property, { yourOffer: 190000, yourOfferId: myOfferId })),
      [offersRoute]: () => ok(own),
    });
    renderOfferAction(property);
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    await user.click(within(await dialog('Modificar oferta')).getByRole('button', { name: priceNextName }));
    const form = await dialog('Modificar oferta');
    expect(within(form).getByRole('radio', { name: 'Hipoteca' })).toBeChecked();
    const mortgage = within(form).getByRole('textbox', { name: /Importe de la hipoteca/ });
    expect(mortgage).toHaveValue('100.000');
    const message = 'El importe de la hipoteca no puede superar el de la oferta.';
    await user.clear(mortgage);
    await user.type(mortgage, '190001');
    // Told while typing, on the field, before the send button.
    expect(within(form).getByText(message)).toBeInTheDocument();
    expect(mortgage).toHaveAccessibleDescription(expect.stringContaining(message));
    await user.selectOptions(within(form).getByRole('combobox', { name: /Tipo de contrato/ }), 'Indefinido');
    await user.click(within(form).getByRole('button', { name: sendName }));
    expect(within(form).getAllByText(message)).toHaveLength(1);
    expect(mortgage).toHaveFocus();
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)).toHaveLength(0);
    await user.clear(mortgage);
    await user.type(mortgage, '190000');
    expect(within(form).queryByText(message)).toBeNull();
    await user.click(within(form).getByRole('button', { name: sendName }));
    await dialog('Tu oferta se ha modificado');
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)[0]?.body).toMatchObject({
      id: myOfferId,
      mortgageAmount: 190000,
    });
  });

  it('refuses, when making an offer, a mortgage above it as it is typed (issue 23)', async () => {
    const user = userEvent.setup();
    const property = sampleProperty(saleAnnouncement);
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [pendingRoute]: () => ok(management(property)),
      [offersRoute]: () => json(201, { data: myOffer(property, { amount: 200000 }) }),
    });
    renderOfferAction(property);
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    await user.click(within(await dialog('Hacer oferta')).getByRole('button', { name: priceNextName }));
    const form = await dialog('Hacer oferta');
    await user.click(within(form).getByRole('radio', { name: 'Hipoteca' }));
    const mortgage = within(form).getByRole('textbox', { name: /Importe de la hipoteca/ });
    const message = 'El importe de la hipoteca no puede superar el de la oferta.';
    // The offer is 200.000 €: 900.000 € of mortgage is refused as soon as it is typed.
    await user.type(mortgage, '900000');
    expect(within(form).getByText(message)).toBeInTheDocument();
    expect(mortgage).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Motivo de la compra/ }),
      'Vivienda habitual',
    );
    await user.selectOptions(within(form).getByRole('combobox', { name: /Tipo de contrato/ }), 'Temporal');
    await user.click(within(form).getByRole('button', { name: sendName }));
    expect(mortgage).toHaveFocus();
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)).toHaveLength(0);
    await user.clear(mortgage);
    await user.type(mortgage, '200000');
    expect(within(form).queryByText(message)).toBeNull();
    await user.click(within(form).getByRole('button', { name: sendName }));
    await dialog('Tu oferta de compra se ha enviado');
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)[0]?.body).toMatchObject({
      amount: 200000,
      offerPaymentType: 'OPT001',
      mortgageAmount: 200000,
    });
  });

  it('blocks a double submit: one request while sending', async () => {
    const user = userEvent.setup();
    const property = sampleProperty(saleAnnouncement);
    let answer: (response: Response) => void = () => undefined;
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [pendingRoute]: () =>
        ok(
          management(property, {
            actions: { ...management(property).actions, hasProfileCompletedToSaleOffer: true },
          }),
        ),
      [offersRoute]: () => () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderOfferAction(property);
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    await user.click(within(await dialog('Hacer oferta')).getByRole('button', { name: priceNextName }));
    const form = await dialog('Hacer oferta');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: /Motivo de la compra/ }),
      'Inversión para alquilar',
    );
    const next = within(form).getByRole('button', { name: sendName });
    await user.click(next);
    expect(next).toBeDisabled();
    await user.click(next);
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)).toHaveLength(1);
    answer(json(201, { data: myOffer(property, { amount: 200000 }) }));
    await dialog('Tu oferta de compra se ha enviado');
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)).toHaveLength(1);
  });

  it("shows a rule's error on its field, and an unexpected failure as SPEC 8's text, reusing the id", async () => {
    const user = userEvent.setup();
    const property = sampleProperty();
    let failure = fail(422, 'NIF_USED_BY_GUARANTOR', 'nif');
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [pendingRoute]: () => ok(management(property)),
      [offersRoute]: () => failure,
    });
    renderOfferAction(property);
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    await user.click(within(await dialog('Hacer oferta')).getByRole('button', { name: priceNextName }));
    const form = await dialog('Hacer oferta');
    await user.type(within(form).getByRole('textbox', { name: /DNI/ }), 'X1234567L');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Tipo de contrato/ }), 'Indefinido');
    await user.type(within(form).getByRole('textbox', { name: /Salario/ }), '2000');
    await user.click(within(form).getByRole('button', { name: sendName }));
    const nif = within(form).getByRole('textbox', { name: /DNI/ });
    await waitFor(() =>
      expect(nif).toHaveAccessibleDescription(/Este DNI\/NIF\/NIE ya está siendo usado por un avalista/),
    );

    failure = json(500, { errors: [{ code: 'INTERNAL_ERROR', message: 'x' }] });
    await user.click(within(form).getByRole('button', { name: sendName }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Ha ocurrido un error a la hora de crear la oferta.',
    );
    const ids = api
      .callsTo('POST', `/api/announcement/${announcementId}/offers`)
      .map((call) => (call.body as { id: string }).id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });
});

describe('visit requests (SPEC 2.5)', () => {
  it("go straight to 'Solicitud de visita' with amount 0 and the visit's wording", async () => {
    const user = userEvent.setup();
    const property = sampleProperty(visitAnnouncement);
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [pendingRoute]: () => ok(management(property)),
      [offersRoute]: () => json(201, { data: myOffer(property, { amount: 0, isVisitRequest: true }) }),
    });
    renderOfferAction(property);
    await user.click(screen.getByRole('button', { name: 'Solicitar visita' }));
    const form = await dialog('Solicitud de visita');
    const summary = within(form).getByRole('region', { name: 'Resumen' });
    expect(summary).toHaveTextContent('Formaliza tu solicitud');
    expect(summary).toHaveTextContent(
      'Estos datos son necesarios para evaluar tu solicitud y facilitar la decisión del propietario.',
    );
    expect(summary).not.toHaveTextContent('Oferta:');
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/pending-offers`)[0]?.body).toMatchObject({
      amount: 0,
    });
    await user.type(within(form).getByRole('textbox', { name: /DNI/ }), 'Y1234567X');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Tipo de contrato/ }), 'Indefinido');
    await user.type(within(form).getByRole('textbox', { name: /Salario/ }), '1500');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    await dialog('Tu solicitud de visita se ha enviado');
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)[0]?.body).toMatchObject({
      amount: 0,
      offerPaymentType: 'OPT000',
    });
  });

  it("say SPEC 8's visit text when the request fails unexpectedly", async () => {
    const user = userEvent.setup();
    const property = sampleProperty(visitAnnouncement);
    mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [pendingRoute]: () =>
        ok(
          management(property, {
            actions: { ...management(property).actions, hasTenantProfileCompletedToOffer: true },
          }),
        ),
      [offersRoute]: () => json(503, { errors: [{ code: 'SERVICE_UNAVAILABLE', message: 'x' }] }),
    });
    renderOfferAction(property);
    await user.click(screen.getByRole('button', { name: 'Solicitar visita' }));
    const form = await dialog('Solicitud de visita');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Ha ocurrido un error al solicitar la visita.',
    );
  });
});

describe('a visitor (SPEC 2.1 afterAction)', () => {
  it('goes to the login with the afterAction, and comes back to the dialog with what they typed', async () => {
    const user = userEvent.setup();
    const property = sampleProperty();
    mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
    });
    const visitor = renderOfferAction(property, { session: anonymousSession });
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    const offer = await dialog('Hacer oferta');
    const input = amountInput(offer);
    await user.clear(input);
    await user.type(input, '1234');
    await user.click(within(offer).getByRole('button', { name: priceNextName }));
    const location = await screen.findByTestId('location');
    const url = new URL(location.textContent ?? '', 'http://localhost');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirectTo')).toBe(`/property/${property.id}`);
    expect(url.searchParams.get('afterAction')).toBe(`make-offer:${announcementId}`);
    visitor.unmount();

    // Back, logged in: the app hands the afterAction over and the dialog opens with the draft.
    const handled = vi.fn();
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
    });
    renderOfferAction(property, { replay: true, onReplayHandled: handled });
    const again = await dialog('Hacer oferta');
    expect(amountInput(again)).toHaveValue('1.234');
    expect(api.callsTo('GET', '/api/tenant/offers')).toHaveLength(1);
    await user.click(within(again).getByRole('button', { name: 'Cerrar' }));
    expect(handled).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The draft is used once.
    expect(sessionStorage.length).toBe(0);
  });

  it("opens the dialog for a logged user sent by a 'Modificar oferta' link", async () => {
    const property = sampleProperty();
    mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([myOffer(property)]),
    });
    renderOfferAction(property, { replay: true });
    expect(await dialog('Modificar oferta')).toBeInTheDocument();
  });
});
