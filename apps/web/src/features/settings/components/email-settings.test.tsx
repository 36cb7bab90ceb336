import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryProvider } from '../../../shared/api/query-client';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { EmailSettings } from './email-settings';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const state = (email: string | null, pendingEmail: string | null = null) => ({
  email,
  pendingEmail,
  pendingExpiresAt: pendingEmail ? '2026-11-24T10:00:00.000Z' : null,
});

const renderSection = () =>
  render(
    <QueryProvider>
      <EmailSettings />
    </QueryProvider>,
  );

describe('the e-mail section of /settings', () => {
  it('sends a confirmation link to the address given and says it waits for it', async () => {
    const api = mockApi({
      'GET /api/user/email': () => ok(state(null)),
      'PUT /api/user/email': () => (call) => {
        const { email } = call.body as { email: string };
        return ok(state(null, email));
      },
    });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('Todavía no tienes un correo confirmado.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Correo electrónico/ }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(
      await screen.findByText(
        'Te hemos enviado un enlace a ana@example.com. Ábrelo para confirmar tu correo.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/email')[0]?.body).toEqual({ email: 'ana@example.com' });
    expect(getToasts()[0]?.message).toBe('Te hemos enviado un enlace de confirmación a ana@example.com.');
    expect(screen.getByRole('button', { name: 'Reenviar enlace' })).toBeEnabled();
  });

  it('catches an address that is not one before sending, and shows the server refusing one', async () => {
    const api = mockApi({
      'GET /api/user/email': () => ok(state(null)),
      'PUT /api/user/email': () => fail(400, 'INVALID_INPUT', 'email'),
    });
    const user = userEvent.setup();
    renderSection();
    const input = await screen.findByRole('textbox', { name: /Correo electrónico/ });
    await user.type(input, 'ana-sin-arroba');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(input).toHaveAccessibleDescription(/Escribe un correo electrónico válido/);
    expect(api.callsTo('PUT', '/api/user/email')).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'ana@ejemplo.es');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText(/Escribe un correo electrónico válido/)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/email')).toHaveLength(1);
  });

  it('shows the confirmed address, changes it and removes it', async () => {
    const api = mockApi({
      'GET /api/user/email': () => ok(state('luis@example.com')),
      'DELETE /api/user/email': () => ok(state(null)),
    });
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('luis@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cambiar correo' }));
    expect(screen.getByRole('textbox', { name: /Correo electrónico/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(screen.getByRole('button', { name: 'Quitar correo' }));
    expect(await screen.findByText('Todavía no tienes un correo confirmado.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/user/email')).toHaveLength(1);
  });
});
