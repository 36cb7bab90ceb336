import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { clearToasts } from '../../../shared/ui/toast-store';
import { ownerAnnouncement, propertyId, propertyRoutes, renderAt } from '../test-data';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

describe('room rental form', () => {
  it('requires the price and the room type, then sends the room', async () => {
    const saved = ownerAnnouncement(3, { typeCode: 'ATY001', statusCode: 'AST000' });
    const api = mockApi({
      ...propertyRoutes(),
      'POST /api/announcement/room-rental/draft': () => ok(saved),
      [`PUT /api/announcement/${saved.id}/room-rental`]: () => ok(saved),
    });
    const completeSaves = () => api.callsTo('PUT', `/api/announcement/${saved.id}/room-rental`);
    const user = userEvent.setup();
    renderAt(`/new-announcement-alquiler-habitacion/${propertyId}`);
    const title = await screen.findByRole('textbox', { name: /Título del anuncio/ });
    await waitFor(() => expect(title).toHaveAttribute('placeholder', 'Habitación en Madrid'));
    await user.click(await screen.findByRole('button', { name: 'Guardar y revisar' }));
    expect(await screen.findByText('Indica el precio')).toBeInTheDocument();
    expect(screen.getByText('Elige el tipo de habitación')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /Tipo de habitación/ })).toHaveAccessibleDescription(
      /Elige el tipo de habitación/,
    );

    await user.type(screen.getByRole('textbox', { name: /Precio mensual de la habitación/ }), '450');
    await user.click(screen.getByRole('radio', { name: 'Doble' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Cama' }), 'ABT003');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ventana' }), 'AWT001');
    await user.type(screen.getByRole('spinbutton', { name: /Personas que viven/ }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Preferencia de convivencia' }), 'AGP001');
    await user.click(screen.getByRole('checkbox', { name: 'Tranquilo' }));
    await user.click(screen.getByRole('checkbox', { name: 'No fumador' }));
    const expenses = screen.getByRole('group', { name: '¿Gastos incluidos en el precio?' });
    await user.click(within(expenses).getByRole('radio', { name: 'Sí' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mascotas' }), 'APT001');
    await user.click(screen.getByRole('button', { name: 'Guardar y revisar' }));

    await waitFor(() => expect(completeSaves()).toHaveLength(1));
    expect(completeSaves()[0]?.body).toEqual({
      propertyId,
      offerTypeCode: 'AOT001',
      price: 450,
      durationCode: 'ADU002',
      customTitle: '',
      description: '',
      roomTypeCode: 'PRT002',
      bedTypeCode: 'ABT003',
      windowTypeCode: 'AWT001',
      cohabitants: 2,
      genderPreferenceCode: 'AGP001',
      lifestyleCodes: ['ALS001', 'ALS011'],
      expensesIncluded: true,
      petTypeCode: 'APT001',
      furnished: true,
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/new-property-publication?announcementId=${saved.id}`,
      ),
    );
  });
});
