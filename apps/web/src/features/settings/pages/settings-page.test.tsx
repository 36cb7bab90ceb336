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
  it('shows the account, one channel choice per kind of notice and the empty support list', async () => {
    mockApi({
      'GET /api/user': () => ok(userWithSettings()),
      'GET /api/user/email': () => ok(noEmail),
    });
    renderPage();
    expect(await screen.findByText('Carmen Ruiz Ortega')).toBeInTheDocument();
    expect(screen.getByText('+34600000001')).toBeInTheDocument();
    const offers = await screen.findByRole('combobox', { name: 'Ofertas' });
    expect(offers).toHaveValue('auto');
    expect(
      within(offers)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Automático', 'WhatsApp', 'SMS', 'Correo electrónico (confírmalo antes)', 'No avisarme']);
    // E-mail is not offered until an address is confirmed.
    expect(
      within(offers).getByRole('option', { name: 'Correo electrónico (confírmalo antes)' }),
    ).toBeDisabled();
    for (const name of ['Visitas', 'Mis anuncios', 'Contratos']) {
      expect(screen.getByRole('combobox', { name })).toHaveValue('auto');
    }
    expect(screen.getByRole('combobox', { name: 'Novedades de Casaoferta' })).toHaveValue('off');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getByText('Nadie del equipo de soporte ha accedido a tu cuenta.')).toBeInTheDocument();
  });

  it('saves one preferred channel per kind, keeping the others automatic, and confirms', async () => {
    const api = mockApi({
      'GET /api/user': () => ok(userWithSettings()),
      'GET /api/user/email': () => ok(noEmail),
      'PUT /api/user/notification/settings': () => (call) => ok(call.body),
    });
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Ofertas' }), 'SMS');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Novedades de Casaoferta' }), 'WhatsApp');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Visitas' }), 'No avisarme');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain(
        'Se han modificado los datos correctamente',
      ),
    );
    expect(api.callsTo('PUT', '/api/user/notification/settings')[0]?.body).toEqual({
      ...defaultNotificationSettings,
      offers: { email: true, sms: true, whatsapp: true, preferred: 'sms' },
      visits: { email: false, sms: false, whatsapp: false, preferred: null },
      news: { email: false, sms: true, whatsapp: true, preferred: 'whatsapp' },
    });
  });

  it('offers e-mail once the address is confirmed, and shows a kind that prefers it', async () => {
    const prefersEmail = {
      ...defaultNotificationSettings,
      contracts: { ...defaultNotificationSettings.contracts, preferred: 'email' },
    };
    const api = mockApi({
      'GET /api/user': () => ok({ ...userWithSettings(), notificationSettings: prefersEmail }),
      'GET /api/user/email': () => ok({ ...noEmail, email: 'carmen@example.es' }),
      'PUT /api/user/notification/settings': () => (call) => ok(call.body),
    });
    const user = userEvent.setup();
    renderPage();
    const contracts = await screen.findByRole('combobox', { name: 'Contratos' });
    await waitFor(() => expect(contracts).toHaveValue('email'));
    const offers = screen.getByRole('combobox', { name: 'Ofertas' });
    expect(within(offers).getByRole('option', { name: 'Correo electrónico' })).toBeEnabled();
    await user.selectOptions(offers, 'Correo electrónico');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/user/notification/settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/user/notification/settings')[0]?.body).toMatchObject({
      offers: { email: true, preferred: 'email' },
      contracts: { email: true, preferred: 'email' },
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
