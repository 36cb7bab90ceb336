import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultNotificationSettings } from '@casaoferta/domain/schemas/user-settings';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, sampleUser } from '../../../test/mock-api';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { formatDateTime } from '../format-date';
import SettingsPage from './settings-page';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const access = {
  agentName: 'Lucía Agente',
  reason: 'Consulta 1234 por teléfono',
  startedAt: '2025-07-01T08:00:00.000Z',
  endedAt: '2025-07-01T08:30:00.000Z',
  requests: 7,
};

const userWithSettings = (supportAccess: unknown[] = []) => ({
  ...sampleUser,
  notificationSettings: defaultNotificationSettings,
  supportAccess,
});

const noEmail = { email: null, pendingEmail: null, pendingExpiresAt: null };

const renderPage = () =>
  render(
    <MemoryRouter>
      <SettingsPage />
    </MemoryRouter>,
  );

describe('/settings', () => {
  it('shows the account, the notification table and the empty support list', async () => {
    mockApi({
      'GET /api/user': () => ok(userWithSettings()),
      'GET /api/user/email': () => ok(noEmail),
    });
    renderPage();
    expect(await screen.findByText('Carmen Ruiz Ortega')).toBeInTheDocument();
    expect(screen.getByText('+34600000001')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Avisos por tipo y canal' });
    for (const name of ['Ofertas', 'Visitas', 'Mis anuncios', 'Contratos', 'Novedades de Casaoferta']) {
      expect(within(table).getByRole('rowheader', { name })).toBeInTheDocument();
    }
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Aviso', 'E-mail', 'SMS', 'WhatsApp']);
    expect(screen.getByRole('switch', { name: 'Mis anuncios por SMS' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Ofertas por E-mail' })).toBeChecked();
    expect(screen.getByText('Nadie del equipo de soporte ha accedido a tu cuenta.')).toBeInTheDocument();
  });

  it('saves the switches and confirms', async () => {
    const api = mockApi({
      'GET /api/user': () => ok(userWithSettings()),
      'GET /api/user/email': () => ok(noEmail),
      'PUT /api/user/notification/settings': () => (call) => ok(call.body),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('switch', { name: 'Novedades de Casaoferta por WhatsApp' }));
    await user.click(screen.getByRole('switch', { name: 'Ofertas por SMS' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain(
        'Se han modificado los datos correctamente',
      ),
    );
    expect(api.callsTo('PUT', '/api/user/notification/settings')[0]?.body).toEqual({
      ...defaultNotificationSettings,
      offers: { email: true, sms: false, whatsapp: true },
      news: { email: false, sms: false, whatsapp: true },
    });
  });

  it('lists support accesses with Madrid time', async () => {
    mockApi({
      'GET /api/user': () => ok(userWithSettings([access])),
      'GET /api/user/email': () => ok(noEmail),
    });
    renderPage();
    expect(await screen.findByText('Lucía Agente')).toBeInTheDocument();
    expect(screen.getByText('Consulta 1234 por teléfono')).toBeInTheDocument();
    expect(screen.getByText(/7 acciones realizadas/)).toBeInTheDocument();
    expect(formatDateTime(access.startedAt)).toBe('1 jul 2025, 10:00');
    expect(screen.getByText(/Del 1 jul 2025, 10:00 al 1 jul 2025, 10:30/)).toBeInTheDocument();
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    mockApi({ 'GET /api/user': () => fail(404, 'NOT_FOUND') });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido cargar tu configuración');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
