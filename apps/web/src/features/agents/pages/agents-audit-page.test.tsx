import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { storageKeys } from '../../../shared/storage-keys';
import AgentsAuditPage from './agents-audit-page';

beforeEach(() => localStorage.setItem(storageKeys.bearerToken, 'agent-token'));
afterEach(() => vi.unstubAllGlobals());

const agentId = '00000000-0000-4000-8000-0000000000a1';
const userId = '00000000-0000-4000-8000-0000000000b1';
const entry = {
  id: '00000000-0000-4000-8000-0000000000c1',
  at: '2026-11-23T10:00:00.000Z',
  agentId,
  agentName: 'Lucía Agente',
  actingAsUserId: null,
  actingAsUserName: null,
  action: '/api/agents/users/black-list',
  method: 'POST',
  path: '/api/agents/users/black-list',
  targetUserId: userId,
  targetUserName: 'Javier Gómez',
  targetAnnouncementId: null,
  targetPropertyId: null,
  status: 200,
  ip: '10.0.0.7',
};

describe('/agents-audit', () => {
  it('shows who did what to whom, and filters by the user, the agent and the days', async () => {
    const api = mockApi({
      'GET /api/agents/audit': () => ok({ items: [entry], page: 1, pageSize: 50, total: 1 }),
    });
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <AgentsAuditPage />
      </MemoryRouter>,
    );
    const card = within(await screen.findByRole('list')).getByRole('listitem');
    expect(card).toHaveTextContent('Lucía Agente sobre Javier Gómez');
    expect(card).toHaveTextContent('POST /api/agents/users/black-list');
    expect(card).toHaveTextContent('Correcto (200) · IP 10.0.0.7');
    expect(api.calls[0]?.token).toBe('agent-token');

    await user.click(within(card).getByRole('button', { name: 'Ver solo este usuario' }));
    expect(api.calls.at(-1)?.url.searchParams.get('userId')).toBe(userId);
    await user.click(await screen.findByRole('button', { name: 'Ver solo este agente' }));
    expect(api.calls.at(-1)?.url.searchParams.get('agentId')).toBe(agentId);
    await user.type(screen.getByLabelText('Desde'), '2026-11-20');
    const from = api.calls.at(-1)?.url.searchParams.get('from') ?? '';
    expect(new Date(from).getDate()).toBe(20);
    await user.click(screen.getByRole('button', { name: /Usuario: Javier Gómez/ }));
    expect(api.calls.at(-1)?.url.searchParams.has('userId')).toBe(false);
    expect(api.calls.at(-1)?.url.searchParams.get('agentId')).toBe(agentId);
  });
});
