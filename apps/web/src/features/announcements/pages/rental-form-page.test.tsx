import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { announcementId, ownerAnnouncement, propertyId, propertyRoutes, renderAt } from '../test-data';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const draft = ownerAnnouncement(1, {
  statusCode: 'AST000',
  title: 'Piso de dos dormitorios en Malasaña',
  details: {
    customTitle: 'Piso de dos dormitorios en Malasaña',
    depositCode: 'ADP002',
    responsibilityChargeCodes: ['ARC005'],
    furnished: 'Si',
    description: 'Muy luminoso',
    periodDays: 15,
    availableFrom: '2025-09-01',
  },
});
const location = () => screen.getByTestId('location');

describe('whole-home rental form', () => {
  it('posts the draft of a new rental, then puts the whole form', async () => {
    const created = ownerAnnouncement(8, { statusCode: 'AST000' });
    const api = mockApi({
      ...propertyRoutes(),
      'POST /api/announcement/draft': () => ok(created),
      [`PUT /api/announcement/${created.id}`]: () => ok(created),
    });
    const user = userEvent.setup();
    renderAt(`/new-announcement-alquiler/${propertyId}`);
    const rent = await screen.findByRole('textbox', { name: /Renta mensual/ });
    await user.type(rent, '950');
    expect(screen.getByText('€/mes')).toBeInTheDocument();
    expect(rent).toHaveAccessibleDescription(/en euros al mes/);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fianza' }), 'ADP001');
    await user.click(screen.getByRole('checkbox', { name: 'IBI a cargo del propietario' }));
    await user.click(screen.getByRole('checkbox', { name: 'Suministros incluidos en la renta' }));
    await user.click(
      within(screen.getByRole('group', { name: '¿Está amueblada?' })).getByRole('radio', { name: 'Sí' }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar y revisar' }));

    await waitFor(() =>
      expect(location()).toHaveTextContent(`/new-property-publication?announcementId=${created.id}`),
    );
    expect(api.callsTo('POST', '/api/announcement/draft').at(-1)?.body).toMatchObject({
      propertyId,
      price: 950,
    });
    expect(api.callsTo('PUT', `/api/announcement/${created.id}`)[0]?.body).toEqual({
      propertyId,
      offerTypeCode: 'AOT001',
      price: 950,
      durationCode: 'ADU002',
      customTitle: '',
      description: '',
      depositCode: 'ADP001',
      responsibilityChargeCodes: ['ARC001', 'ARC005'],
      furnished: true,
    });
  });

  it('prefills an existing draft and saves it with PUT', async () => {
    const api = mockApi({
      ...propertyRoutes(),
      [`GET /api/announcement/${announcementId}`]: () => ok(draft),
      [`PUT /api/announcement/${announcementId}`]: () => ok(draft),
      'POST /api/announcement/draft': () => ok(draft),
    });
    const user = userEvent.setup();
    renderAt(`/new-announcement-alquiler/${propertyId}/${announcementId}`);
    const price = await screen.findByRole('textbox', { name: /Renta mensual/ });
    expect(price).toHaveValue('1.150');
    expect(screen.getByRole('combobox', { name: 'Fianza' })).toHaveValue('ADP002');
    expect(screen.getByRole('checkbox', { name: 'Suministros incluidos en la renta' })).toBeChecked();
    expect(
      within(screen.getByRole('group', { name: '¿Está amueblada?' })).getByRole('radio', { name: 'Sí' }),
    ).toBeChecked();
    expect(screen.getByRole('radio', { name: '15 días' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Título del anuncio/ })).toHaveValue(
      'Piso de dos dormitorios en Malasaña',
    );
    expect(screen.getByRole('textbox', { name: 'Descripción' })).toHaveValue('Muy luminoso');
    expect(screen.getByLabelText('Disponible desde')).toHaveValue('2025-09-01');

    await user.clear(price);
    await user.type(price, '1200');
    await user.click(screen.getByRole('button', { name: 'Guardar y revisar' }));
    await waitFor(() => expect(api.callsTo('PUT', `/api/announcement/${announcementId}`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/api/announcement/${announcementId}`)[0]?.body).toEqual({
      propertyId,
      offerTypeCode: 'AOT001',
      price: 1200,
      customTitle: 'Piso de dos dormitorios en Malasaña',
      description: 'Muy luminoso',
      availableFrom: '2025-09-01',
      durationCode: 'ADU001',
      depositCode: 'ADP002',
      responsibilityChargeCodes: ['ARC005'],
      furnished: true,
    });
  });

  it('shows a field error the server answers under its field', async () => {
    mockApi({
      ...propertyRoutes(),
      [`GET /api/announcement/${announcementId}`]: () => ok(draft),
      [`PUT /api/announcement/${announcementId}`]: () => fail(400, 'INVALID_INPUT', 'price'),
    });
    const user = userEvent.setup();
    renderAt(`/new-announcement-alquiler/${propertyId}/${announcementId}`);
    await user.click(await screen.findByRole('button', { name: 'Guardar y revisar' }));
    const price = screen.getByRole('textbox', { name: /Renta mensual/ });
    await waitFor(() => expect(price).toHaveAccessibleDescription(/Este dato no es válido/));
    expect(price).toHaveFocus();
    expect(getToasts().map((toast) => toast.message)).toContain(
      'Los datos enviados no son válidos. Revisa el formulario.',
    );
    expect(location()).toHaveTextContent(`/new-announcement-alquiler/${propertyId}/${announcementId}`);
  });

  it('refuses an absurd rent with its limit and warns about an unusual one, as the room form does', async () => {
    const api = mockApi(propertyRoutes());
    const user = userEvent.setup();
    renderAt(`/new-announcement-alquiler/${propertyId}`);
    const rent = await screen.findByRole('textbox', { name: /Renta mensual/ });
    // Was accepted at 95.000 €/mes while the room form stopped at 20.000.
    await user.type(rent, '95000');
    await user.click(screen.getByRole('button', { name: 'Guardar y revisar' }));
    await waitFor(() =>
      expect(rent).toHaveAccessibleDescription(
        /Precio demasiado alto: el máximo es 30\.000 €\/mes\. Revisa que no sobren ceros\./,
      ),
    );
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await user.clear(rent);
    await user.type(rent, '9000');
    expect(rent).toHaveAccessibleDescription(
      /Es un precio poco habitual\. Comprueba la cifra: 9\.000 €\/mes\./,
    );
    expect(rent).not.toHaveAttribute('aria-invalid');
  });

  it('saves as you go and shows "Borrador guardado"', async () => {
    const created = ownerAnnouncement(9, { statusCode: 'AST000' });
    const api = mockApi({
      ...propertyRoutes(),
      'POST /api/announcement/draft': () => ok(created),
    });
    const user = userEvent.setup();
    renderAt(`/new-announcement-alquiler/${propertyId}`);
    await user.type(await screen.findByRole('textbox', { name: /Renta mensual/ }), '900');
    await waitFor(() => expect(api.callsTo('POST', '/api/announcement/draft')).toHaveLength(1), {
      timeout: 4000,
    });
    expect(api.callsTo('POST', '/api/announcement/draft')[0]?.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      propertyId,
      offerTypeCode: 'AOT001',
      price: 900,
      durationCode: 'ADU002',
      customTitle: '',
      description: '',
      responsibilityChargeCodes: [],
      furnished: false,
    });
    expect(await screen.findByText('Borrador guardado')).toBeInTheDocument();
    await waitFor(() =>
      expect(location()).toHaveTextContent(`/new-announcement-alquiler/${propertyId}/${created.id}`),
    );

    await user.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/announcement/draft')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/announcement/draft')[1]?.body).toMatchObject({
      id: created.id,
      price: 900,
    });
  });

  it('opens the form of the announcement kind when the route is of another kind', async () => {
    const sale = ownerAnnouncement(1, { typeCode: 'ATY003', statusCode: 'AST000' });
    mockApi({
      ...propertyRoutes(),
      [`GET /api/announcement/${announcementId}`]: () => ok(sale),
    });
    renderAt(`/new-announcement/${propertyId}/${announcementId}`);
    expect(await screen.findByRole('textbox', { name: /Precio de venta/ })).toBeInTheDocument();
    expect(location()).toHaveTextContent(`/new-announcement-venta/${propertyId}/${announcementId}`);
  });
});
