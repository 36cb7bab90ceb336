import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { clearToasts } from '../../../shared/ui/toast-store';
import { ownerAnnouncement, propertyId, propertyRoutes, propertySummary, renderAt } from '../test-data';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('sale announcement form', () => {
  // Issue 23 point 13: the owner states the arras; the line under them says them as the buyer reads them.
  it('asks for the arras, 10 % penitenciales to start from, and sends the ones chosen', async () => {
    const saved = ownerAnnouncement(8, { typeCode: 'ATY003', statusCode: 'AST000' });
    const api = mockApi({
      ...propertyRoutes(),
      'POST /api/announcement/sale/draft': () => ok(saved),
      [`PUT /api/announcement/${saved.id}/sale`]: () => ok(saved),
    });
    const user = userEvent.setup();
    renderAt(`/new-announcement-venta/${propertyId}`);
    const arras = within(await screen.findByRole('group', { name: 'Arras' }));
    await user.type(screen.getByRole('textbox', { name: /Precio de venta/ }), '245.000');
    expect(arras.getByRole('combobox', { name: 'Tipo de arras' })).toHaveValue('ARS001');
    expect(arras.getByRole('radio', { name: 'Porcentaje del precio' })).toBeChecked();
    const value = arras.getByRole('spinbutton', { name: 'Porcentaje (%)' });
    expect(value).toHaveValue(10);
    expect(value).toHaveAccessibleDescription(/^Arras penitenciales: 10\s% del precio \(24\.500 €\)$/);

    await user.clear(value);
    await user.type(value, '40');
    await user.click(screen.getByRole('button', { name: 'Guardar y revisar' }));
    await waitFor(() => expect(value).toHaveAttribute('aria-invalid', 'true'));
    expect(api.callsTo('PUT', `/api/announcement/${saved.id}/sale`)).toHaveLength(0);

    await user.selectOptions(arras.getByRole('combobox', { name: 'Tipo de arras' }), 'Arras confirmatorias');
    await user.click(arras.getByRole('radio', { name: 'Importe en euros' }));
    const euros = arras.getByRole('spinbutton', { name: 'Importe (€)' });
    await user.clear(euros);
    await user.type(euros, '20000');
    expect(euros).toHaveAccessibleDescription('Arras confirmatorias: 20.000 €');
    await user.click(screen.getByRole('button', { name: 'Guardar y revisar' }));
    await waitFor(() => expect(api.callsTo('PUT', `/api/announcement/${saved.id}/sale`)).toHaveLength(1));
    expect(api.callsTo('PUT', `/api/announcement/${saved.id}/sale`)[0]?.body).toMatchObject({
      price: 245_000,
      arras: { typeCode: 'ARS002', unit: 'euros', value: 20_000 },
    });
  });

  it('asks for the price in Spanish, then sends the sale and opens the publication step', async () => {
    const saved = ownerAnnouncement(7, { typeCode: 'ATY003', statusCode: 'AST000' });
    const api = mockApi({
      ...propertyRoutes(),
      'POST /api/announcement/sale/draft': () => ok(saved),
      [`PUT /api/announcement/${saved.id}/sale`]: () => ok(saved),
    });
    const completeSaves = () => api.callsTo('PUT', `/api/announcement/${saved.id}/sale`);
    const user = userEvent.setup();
    renderAt(`/new-announcement-venta/${propertyId}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Anuncio de venta' })).toBeInTheDocument();
    expect(await screen.findByText('Piso en alquiler en Malasaña, Madrid · Ref. CO-P1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Guardar y revisar' }));
    const price = screen.getByRole('textbox', { name: /Precio de venta/ });
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(price).toHaveAccessibleDescription(/en euros.*Indica el precio/);
    expect(completeSaves()).toHaveLength(0);

    // Typed the Spanish way: a browser number field read this as 250 €.
    await user.type(price, '250.000');
    await user.type(screen.getByRole('textbox', { name: /Gastos de comunidad/ }), '80');
    await user.type(screen.getByRole('textbox', { name: /IBI/ }), '1.450');
    await user.click(screen.getByRole('radio', { name: 'Precio fijo, solo solicitudes de visita' }));
    await user.click(screen.getByRole('radio', { name: '60 días' }));
    await user.type(screen.getByRole('textbox', { name: 'Descripción' }), 'Luminoso y reformado.');
    expect(screen.getByText('21 de 5000 caracteres')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Título del anuncio/ })).toHaveAttribute(
      'placeholder',
      'Piso en venta en Madrid',
    );
    await user.click(screen.getByRole('button', { name: 'Guardar y revisar' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/new-property-publication?announcementId=${saved.id}`,
      ),
    );
    expect(completeSaves()).toHaveLength(1);
    expect(completeSaves()[0]?.body).toEqual({
      propertyId,
      offerTypeCode: 'AOT002',
      price: 250000,
      durationCode: 'ADU003',
      communityFees: 80,
      ibi: 1450,
      arras: { typeCode: 'ARS001', unit: 'percent', value: 10 },
      customTitle: '',
      description: 'Luminoso y reformado.',
    });
  });

  it('refuses cents and absurd prices with a clear message, and warns about unusual ones', async () => {
    const api = mockApi(propertyRoutes());
    const user = userEvent.setup();
    renderAt(`/new-announcement-venta/${propertyId}`);
    const price = await screen.findByRole('textbox', { name: /Precio de venta/ });
    const save = screen.getByRole('button', { name: 'Guardar y revisar' });
    const puts = () => api.calls.filter((call) => call.method === 'PUT');

    // A browser number field read "250000,50" as 25.000.050 €.
    await user.type(price, '250000,50');
    await user.click(save);
    await waitFor(() => expect(price).toHaveFocus());
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(/Escribe el importe en euros, sin céntimos\./);

    await user.clear(price);
    await user.type(price, '250');
    await user.click(save);
    await waitFor(() =>
      expect(price).toHaveAccessibleDescription(
        /Precio demasiado bajo: el mínimo es 1\.000 €\. Revisa que no falten ceros\./,
      ),
    );

    await user.clear(price);
    await user.type(price, '25000050');
    expect(price).toHaveValue('25.000.050');
    expect(price).toHaveAccessibleDescription(
      /Es un precio poco habitual\. Comprueba la cifra: 25\.000\.050 €\./,
    );
    expect(puts()).toEqual([]);
  });

  it('explains each offer type in one line', async () => {
    mockApi({ ...propertyRoutes() });
    renderAt(`/new-announcement-venta/${propertyId}`);
    const group = await screen.findByRole('group', { name: /Cómo quieres recibir interesados/ });
    expect(within(group).getByRole('radio', { name: 'Recibir ofertas de precio' })).toBeChecked();
    expect(
      within(group).getByRole('radio', { name: 'Recibir ofertas de precio' }),
    ).toHaveAccessibleDescription(/te proponen un precio/);
    expect(within(group).getByText(/solo te piden una visita/)).toBeInTheDocument();
  });

  it('warns when the property is not validated yet', async () => {
    mockApi({
      ...propertyRoutes(),
      'GET /api/announcement/properties': () => ok([propertySummary({ validationStatus: 'PSG002' })]),
    });
    renderAt(`/new-announcement-venta/${propertyId}`);
    expect(await screen.findByText(/Tu inmueble aún no está validado/)).toBeInTheDocument();
  });
});
