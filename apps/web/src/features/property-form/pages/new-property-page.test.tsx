import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, type ApiAnswer, type ApiCall } from '../../../test/mock-api';
import { storageKeys } from '../../../shared/storage-keys';
import {
  completeValues,
  municipalitiesOf,
  propertyId,
  provinces,
  renderAt,
  renderWithSlowSaleForm,
  storeDraft,
} from '../test-support';

afterEach(() => vi.unstubAllGlobals());

const places = {
  'POST /api/masters/province': () => ok(provinces),
  'POST /api/masters/municipality': () => (call: ApiCall) =>
    ok(municipalitiesOf[(call.body as { provinceCode: string }).provinceCode] ?? []),
};

const heading = (name: RegExp) => screen.findByRole('heading', { level: 2, name });

/** From the form's first step: 'Siguiente' to the last, then sent, landing on the sale's announcement form. */
async function sendFromFirstStep(user: ReturnType<typeof userEvent.setup>) {
  for (const step of [/Paso 2 de 4/, /Paso 3 de 4/, /Paso 4 de 4/]) {
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await heading(step);
  }
  await user.click(screen.getByRole('button', { name: 'Enviar a validación' }));
  expect(await screen.findByText('Formulario de venta')).toBeInTheDocument();
}

/**
 * The API of a new property's drafts: each draft save stores the fields under the form's id and makes
 * that property readable and sendable (PUT), as the server does.
 */
function draftServer() {
  const saved = new Map<string, Record<string, unknown>>();
  const routes: Record<string, () => ApiAnswer> = {
    ...places,
    'POST /api/property/draft': () => (call: ApiCall) => {
      const { id, ...fields } = call.body as { id: string };
      saved.set(id, { ...saved.get(id), ...fields });
      const page = { id, images: [], ...saved.get(id), owner: { validationStatus: 'PSG002' } };
      routes[`GET /api/property/${id}`] = () => ok(page);
      routes[`PUT /api/property/${id}`] = () => ok(page);
      routes[`GET /api/announcement/property/${id}/images`] = () => ok([]);
      return ok({ id });
    },
  };
  return { saved, routes };
}

describe('/new-property', () => {
  it('shows step 1 and the Spanish error of each required field on Siguiente', async () => {
    mockApi(places);
    const user = userEvent.setup();
    renderAt('/new-property?section=venta');
    expect(await heading(/Paso 1 de 4 Dirección/)).toBeInTheDocument();
    expect(
      screen.getByText('Dirección', { selector: '.property-stepper__name' }).closest('li'),
    ).toHaveAttribute('aria-current', 'step');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));

    const province = await screen.findByLabelText(/^Provincia/);
    expect(province).toHaveAccessibleDescription('Elige la provincia.');
    expect(province).toHaveFocus();
    expect(screen.getByLabelText(/^Calle/)).toHaveAccessibleDescription(
      'Indica la calle (hasta 120 caracteres).',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Revisa los campos marcados antes de seguir.');

    await user.type(screen.getByLabelText(/^Código postal/), '280');
    await user.tab();
    expect(screen.getByLabelText(/^Código postal/)).toHaveAccessibleDescription(
      'El código postal tiene 5 cifras.',
    );
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Paso 1 de 4');
  });

  it('loads the municipalities again when the province changes', async () => {
    const api = mockApi(places);
    const user = userEvent.setup();
    renderAt('/new-property');
    const municipality = await screen.findByLabelText(/^Municipio/);
    expect(municipality).toBeDisabled();
    await user.selectOptions(await screen.findByLabelText(/^Provincia/), 'Madrid');
    await waitFor(() => expect(municipality).toBeEnabled());
    expect(within(municipality).getByRole('option', { name: 'Alcalá de Henares' })).toBeInTheDocument();
    await user.selectOptions(municipality, '28079');

    await user.selectOptions(screen.getByLabelText(/^Provincia/), 'Barcelona');
    await waitFor(() =>
      expect(within(municipality).getByRole('option', { name: 'Barcelona' })).toBeInTheDocument(),
    );
    expect(within(municipality).queryByRole('option', { name: 'Alcalá de Henares' })).not.toBeInTheDocument();
    expect(municipality).toHaveValue('');
    expect(api.callsTo('POST', '/api/masters/municipality').map((call) => call.body)).toEqual([
      { provinceCode: '28' },
      { provinceCode: '08' },
    ]);
  });

  it('validates step 2 and saves the draft when moving on', async () => {
    const api = mockApi({ ...places, 'POST /api/property/draft': () => ok({ id: propertyId }) });
    const user = userEvent.setup();
    storeDraft({ step: 1, values: { ...completeValues, surfaceM2: undefined, rooms: undefined } });
    renderAt('/new-property?section=venta');
    expect(await heading(/Paso 2 de 4 Características/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(
      await screen.findByText('Indica la superficie en m², un número entero entre 5 y 100.000.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Habitaciones/)).toHaveAccessibleDescription(
      'Indica el número de habitaciones, de 0 a 50.',
    );

    await user.type(screen.getByLabelText(/^Superficie/), '75');
    await user.type(screen.getByLabelText(/^Habitaciones/), '2');
    await user.click(screen.getByRole('checkbox', { name: 'Terraza' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await heading(/Paso 3 de 4 Fotos/)).toHaveFocus();
    await waitFor(() => expect(api.callsTo('POST', '/api/property/draft')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/property/draft')[0]?.body).toMatchObject({
      street: 'Calle Mayor',
      municipalityCode: '28079',
      surfaceM2: 75,
      rooms: 2,
      features: ['PAF001', 'PAF002'],
    });
  });

  it('restores an unsent form from local storage, and can start over', async () => {
    mockApi(places);
    const user = userEvent.setup();
    storeDraft({ values: { provinceCode: '28', municipalityCode: '28005', street: 'Calle Real' } });
    renderAt('/new-property');
    expect(
      await screen.findByText('Hemos recuperado los datos que no llegaste a enviar.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Calle/)).toHaveValue('Calle Real');
    await waitFor(() => expect(screen.getByLabelText(/^Municipio/)).toHaveValue('28005'));
    expect(screen.getByLabelText(/^Provincia/)).toHaveValue('28');

    await user.type(screen.getByLabelText(/^Puerta/), 'B');
    const stored = JSON.parse(localStorage.getItem(storageKeys.newPropertyDraft) ?? '{}') as {
      values: Record<string, unknown>;
    };
    expect(stored.values).toMatchObject({ street: 'Calle Real', door: 'B' });

    await user.click(screen.getByRole('button', { name: 'Empezar de cero' }));
    expect(screen.getByLabelText(/^Calle/)).toHaveValue('');
  });

  it('sends to validation and continues to the announcement form of the section', async () => {
    const api = mockApi({
      ...places,
      'POST /api/property/draft': () => ok({ id: propertyId }),
      [`GET /api/announcement/property/${propertyId}/images`]: () => ok([]),
      [`PUT /api/property/${propertyId}`]: () => ok({ id: propertyId }),
    });
    const user = userEvent.setup();
    storeDraft({ id: propertyId, step: 3, values: completeValues });
    renderAt('/new-property?section=venta');
    expect(await heading(/Revisión/)).toBeInTheDocument();
    expect(screen.getByText('Calle Mayor 3')).toBeInTheDocument();
    expect(await screen.findByText('Madrid (Madrid)')).toBeInTheDocument();
    expect(screen.getByText('Piso')).toBeInTheDocument();
    expect(screen.getByText('80 m²')).toBeInTheDocument();
    expect(screen.getByText('Ascensor')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Enviar a validación' }));
    expect(await screen.findByText('Formulario de venta')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/property/${propertyId}`)[0]?.body).toMatchObject(completeValues);
    expect(localStorage.getItem(storageKeys.newPropertyDraft)).toBeNull();
  });

  it("puts the draft's id in the URL, so Back after sending comes back to it and saves it again", async () => {
    const { saved, routes } = draftServer();
    const api = mockApi(routes);
    const user = userEvent.setup();
    // Filled but never saved (no id yet).
    storeDraft({ step: 3, values: completeValues });
    renderAt('/new-property?section=venta');
    await user.click(await screen.findByRole('button', { name: 'Enviar a validación' }));
    expect(await screen.findByText('Formulario de venta')).toBeInTheDocument();
    const [id = ''] = [...saved.keys()];
    expect(api.callsTo('PUT', `/api/property/${id}`)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/new-property/${id}?section=venta`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edita tu inmueble' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Calle/)).toHaveValue('Calle Mayor');
    await sendFromFirstStep(user);
    expect(api.callsTo('PUT', `/api/property/${id}`)).toHaveLength(2);
    expect(saved.size).toBe(1);
  });

  it('Back while the announcement form still loads opens the property sent as its edit, not a create form', async () => {
    const { saved, routes } = draftServer();
    const api = mockApi(routes);
    const user = userEvent.setup();
    storeDraft({ step: 3, values: completeValues });
    const saleForm = renderWithSlowSaleForm('/new-property?section=venta');
    await user.click(await screen.findByRole('button', { name: 'Enviar a validación' }));
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/new-announcement-venta\//));
    const [id = ''] = [...saved.keys()];
    // The announcement form's code has not arrived: the router keeps the sent form on screen, busy.
    expect(screen.getByRole('heading', { level: 1, name: 'Publica tu inmueble' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar a validación' })).toHaveAttribute('aria-busy', 'true');

    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edita tu inmueble' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Publica tu inmueble' })).not.toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe(`/new-property/${id}?section=venta`);
    expect(await screen.findByLabelText(/^Calle/)).toHaveValue('Calle Mayor');
    // The code arriving late does not take the owner away from where Back left them.
    await act(async () => saleForm.arrive());
    expect(screen.queryByText('Formulario de venta')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Edita tu inmueble' })).toBeInTheDocument();

    // Sent again: the same property, updated.
    await sendFromFirstStep(user);
    expect(api.callsTo('PUT', `/api/property/${id}`)).toHaveLength(2);
    expect(api.callsTo('POST', '/api/property')).toHaveLength(0);
    expect(saved.size).toBe(1);
  });

  it('does not send a new property whose draft could not be saved: the save is repeated under the same id', async () => {
    let draftsDown = true;
    const routes: Record<string, () => ApiAnswer> = {
      ...places,
      'POST /api/property/draft': () => (call: ApiCall) => {
        if (draftsDown) return fail(503, 'SERVICE_UNAVAILABLE');
        const { id } = call.body as { id: string };
        routes[`PUT /api/property/${id}`] = () => ok({ id });
        return ok({ id });
      },
    };
    const api = mockApi(routes);
    const user = userEvent.setup();
    storeDraft({ step: 3, values: completeValues });
    renderAt('/new-property?section=venta');
    await user.click(await screen.findByRole('button', { name: 'Enviar a validación' }));
    expect(
      await screen.findByText('No se ha podido guardar el borrador. Lo intentaremos de nuevo.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/property')).toHaveLength(0);
    expect(screen.queryByText('Formulario de venta')).not.toBeInTheDocument();

    draftsDown = false;
    await user.click(screen.getByRole('button', { name: 'Enviar a validación' }));
    expect(await screen.findByText('Formulario de venta')).toBeInTheDocument();
    const [first, second] = api.callsTo('POST', '/api/property/draft').map((call) => call.body);
    expect(second).toEqual(first);
    const { id } = first as { id: string };
    expect(api.callsTo('PUT', `/api/property/${id}`)).toHaveLength(1);
    expect(api.callsTo('POST', '/api/property')).toHaveLength(0);
  });

  it('opens the review from the photo step without sending the form', async () => {
    const api = mockApi({
      ...places,
      'POST /api/property/draft': () => ok({ id: propertyId }),
      [`GET /api/announcement/property/${propertyId}/images`]: () => ok([]),
    });
    const user = userEvent.setup();
    storeDraft({ id: propertyId, step: 2, values: completeValues });
    renderAt('/new-property?section=venta');
    await screen.findByRole('heading', { level: 2, name: /Paso 3 de 4 Fotos/ });
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await heading(/Paso 4 de 4 Revisión/)).toHaveFocus();
    expect(api.callsTo('PUT', `/api/property/${propertyId}`)).toHaveLength(0);
    expect(screen.queryByText('Formulario de venta')).not.toBeInTheDocument();
  });

  it('puts a server error naming a field on that field, in its step', async () => {
    mockApi({
      ...places,
      'POST /api/property/draft': () => ok({ id: propertyId }),
      [`GET /api/announcement/property/${propertyId}/images`]: () => ok([]),
      [`PUT /api/property/${propertyId}`]: () => fail(400, 'INVALID_INPUT', 'surfaceM2'),
    });
    const user = userEvent.setup();
    storeDraft({ id: propertyId, step: 3, section: 'rental', values: completeValues });
    renderAt('/new-property');
    await user.click(await screen.findByRole('button', { name: 'Enviar a validación' }));
    const surface = await screen.findByLabelText(/^Superficie/);
    expect(surface).toHaveAccessibleDescription(
      'Indica la superficie en m², un número entero entre 5 y 100.000.',
    );
    expect(surface).toHaveFocus();
  });

  it('asks for the section when the URL has none', async () => {
    mockApi({ ...places, [`GET /api/announcement/property/${propertyId}/images`]: () => ok([]) });
    const user = userEvent.setup();
    storeDraft({ id: propertyId, step: 3, values: completeValues });
    renderAt('/new-property');
    await user.click(await screen.findByRole('button', { name: 'Enviar a validación' }));
    const group = screen.getByRole('group', { name: /¿Qué quieres hacer con el inmueble?/ });
    expect(group).toHaveAccessibleDescription('Elige qué quieres hacer con el inmueble.');
    expect(within(group).getByLabelText('Vender la vivienda')).toHaveFocus();
  });

  it('shows the agent’s reason when editing a rejected property', async () => {
    mockApi({
      ...places,
      [`GET /api/property/${propertyId}`]: () =>
        ok({
          id: propertyId,
          street: 'Calle Mayor',
          provinceCode: '28',
          municipalityCode: '28079',
          propertyTypeCode: 'PTY001',
          surfaceM2: 80,
          rooms: 3,
          bathrooms: 1,
          features: [],
          images: [],
          owner: {
            streetNumber: '3',
            postalCode: '28013',
            validationStatus: 'PSG004',
            validationReason: 'Faltan fotos',
          },
        }),
    });
    renderAt(`/new-property/${propertyId}?section=venta`);
    expect(await screen.findByText('Nuestro equipo ha rechazado este inmueble')).toBeInTheDocument();
    expect(screen.getByText('Motivo: Faltan fotos')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Edita tu inmueble' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Número/)).toHaveValue('3');
    expect(screen.getByLabelText(/^Código postal/)).toHaveValue('28013');
  });
});
