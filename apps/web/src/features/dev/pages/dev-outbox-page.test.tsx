import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { extractCode } from '../outbox';
import DevOutboxPage from './dev-outbox-page';

beforeEach(() => {
  clearToasts();
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const token = 'T0ken-of-the-start-log_0123456789abcdef';

const sms = {
  id: 'm2',
  channel: 'sms',
  recipient: '+34600000001',
  subject: null,
  body: 'Tu código de Casaoferta es 482913. Caduca en 5 minutos.',
  createdAt: '2025-07-01T08:00:05.000Z',
};
const email = {
  id: 'm1',
  channel: 'email',
  recipient: 'agente@casaoferta.es',
  subject: 'Bienvenida',
  body: 'Hola',
  createdAt: '2025-07-01T08:00:00.000Z',
};

describe('extractCode', () => {
  it('finds a six-digit code and nothing else', () => {
    expect(extractCode(sms.body)).toBe('482913');
    expect(extractCode('Llama al 600000001')).toBeNull();
    expect(extractCode('sin código')).toBeNull();
  });
});

describe('/dev/outbox', () => {
  it('takes the token from the printed link, sends it, and keeps it out of the address bar', async () => {
    window.history.replaceState(null, '', `/dev/outbox#token=${token}`);
    const api = mockApi({ 'GET /api/dev/outbox': () => ok([sms]) });
    render(<DevOutboxPage />);
    await screen.findByRole('table', { name: 'Mensajes enviados' });
    expect(api.calls[0]?.headers['x-dev-tools-token']).toBe(token);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/dev/outbox');
    expect(window.localStorage.getItem('casaoferta.dev-tools-token')).toBe(token);
  });

  it('asks for the printed link when it has no token (the API answers 404 without one)', async () => {
    const api = mockApi({ 'GET /api/dev/outbox': () => fail(404, 'ROUTE_NOT_FOUND') });
    render(<DevOutboxPage />);
    expect(await screen.findByText(/Abre el buzón con el enlace que muestra la consola/)).toBeInTheDocument();
    expect(api.calls[0]?.headers['x-dev-tools-token']).toBeUndefined();
    expect(getToasts()).toHaveLength(0);
  });

  it('lists the messages and copies an SMS code', async () => {
    window.localStorage.setItem('casaoferta.dev-tools-token', token);
    mockApi({ 'GET /api/dev/outbox': () => ok([sms, email]) });
    // userEvent installs a clipboard stub of its own.
    const user = userEvent.setup();
    render(<DevOutboxPage />);
    const table = await screen.findByRole('table', { name: 'Mensajes enviados' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('+34600000001');
    expect(rows[2]).toHaveTextContent('Bienvenida');
    expect(within(table).getAllByRole('button')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Copiar código 482913' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('482913');
    expect(getToasts().at(-1)?.message).toBe('Código 482913 copiado');
  });

  it('says the outbox does not exist in production', async () => {
    mockApi({ 'GET /api/dev/outbox': () => fail(404, 'NOT_FOUND') });
    render(<DevOutboxPage />);
    expect(await screen.findByText(/En producción no existe/)).toBeInTheDocument();
    expect(getToasts()).toHaveLength(0);
  });
});
