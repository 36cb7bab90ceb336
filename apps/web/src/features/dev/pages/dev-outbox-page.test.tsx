import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { extractCode } from '../outbox';
import DevOutboxPage from './dev-outbox-page';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

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
  it('lists the messages and copies an SMS code', async () => {
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
    expect(
      await screen.findByText('El buzón de desarrollo no está disponible en producción.'),
    ).toBeInTheDocument();
    expect(getToasts()).toHaveLength(0);
  });
});
