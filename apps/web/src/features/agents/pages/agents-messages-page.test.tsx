import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, type ApiCall } from '../../../test/mock-api';
import { storageKeys } from '../../../shared/storage-keys';
import AgentsMessagesPage from './agents-messages-page';

beforeEach(() => localStorage.setItem(storageKeys.bearerToken, 'agent-token'));
afterEach(() => vi.unstubAllGlobals());

const failedEmail = {
  id: '00000000-0000-4000-8000-0000000000e1',
  channel: 'email',
  recipient: 'ana@example.com',
  subject: 'Has recibido una nueva oferta',
  status: 'failed',
  attempts: 5,
  provider: 'smtp',
  lastError: 'ETIMEDOUT: Connection timeout',
  createdAt: '2026-11-23T10:00:00.000Z',
  sentAt: null,
  nextAttemptAt: '2026-11-23T11:00:00.000Z',
};

const answer = (call: ApiCall) => {
  const status = call.url.searchParams.get('status');
  const items = status === 'failed' ? [failedEmail] : [];
  return ok({ items, total: items.length, page: 1, pageSize: 20 });
};

describe('/agents-messages', () => {
  it('lists failed messages with their error, with the agent’s own token, and filters by status', async () => {
    const api = mockApi({ 'GET /api/agents/messages': () => answer });
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <AgentsMessagesPage />
      </MemoryRouter>,
    );
    const list = await screen.findByRole('list');
    const card = within(list).getByRole('listitem');
    expect(within(card).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(card).getByText('ETIMEDOUT: Connection timeout')).toBeInTheDocument();
    expect(within(card).getByText(/5 intentos · Proveedor: smtp/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 mensaje');
    expect(api.calls[0]?.token).toBe('agent-token');
    expect(api.calls[0]?.url.searchParams.get('status')).toBe('failed');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'sent');
    expect(await screen.findByText('No hay mensajes en este estado.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Canal' }), 'sms');
    const last = api.calls.at(-1);
    expect(last?.url.searchParams.get('status')).toBe('sent');
    expect(last?.url.searchParams.get('channel')).toBe('sms');
  });
});
