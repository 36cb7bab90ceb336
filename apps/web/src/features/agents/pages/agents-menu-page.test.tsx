import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../../app/session-provider';
import { fail, mockApi, ok, sampleAgent, sampleImpersonated } from '../../../test/mock-api';
import type { ApiCall } from '../../../test/mock-api';
import { storageKeys } from '../../../shared/storage-keys';
import AgentsMenuPage from './agents-menu-page';

const carmen = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Carmen',
  surname: 'Ruiz Ortega',
  phoneNumber: '+34600000001',
  isBlocked: true,
  isVerified: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const javier = { ...sampleImpersonated, createdAt: '2025-01-02T00:00:00.000Z' };

const listFor = (call: ApiCall) => {
  const search = call.url.searchParams.get('search') ?? '';
  const items = [carmen, javier].filter((user) => `${user.name} ${user.surname}`.includes(search));
  return ok({ items, page: 1, pageSize: 20, total: items.length });
};

beforeEach(() => localStorage.setItem(storageKeys.bearerToken, 'agent-token'));
afterEach(() => vi.unstubAllGlobals());

function renderMenu() {
  return render(
    <MemoryRouter initialEntries={['/agents-menu']}>
      <SessionProvider reload={() => undefined}>
        <Routes>
          <Route path="/agents-menu" element={<AgentsMenuPage />} />
          <Route path="/properties" element={<p>catálogo</p>} />
          <Route path="/login" element={<p>pantalla de login</p>} />
          <Route path="/login-agents" element={<p>pantalla de login de agentes</p>} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

const agentRoutes = {
  'GET /api/authentication': () => ok(sampleAgent),
  'GET /api/authentication/agents': () => ok(sampleAgent),
  'GET /api/authentication/agents/manageable-users': () => listFor,
};

describe('/agents-menu', () => {
  it('lists manageable users with badges and searches with a debounce', async () => {
    const api = mockApi(agentRoutes);
    const user = userEvent.setup();
    renderMenu();
    const list = await screen.findByRole('list', { name: 'Usuarios que puedes gestionar' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('2 usuarios encontrados')).toBeInTheDocument();
    expect(within(list).getByText('Bloqueado')).toBeInTheDocument();
    const calls = () => api.callsTo('GET', '/api/authentication/agents/manageable-users');
    expect(calls()[0]?.token).toBe('agent-token');
    expect(calls()[0]?.url.searchParams.get('pageSize')).toBe('20');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar usuarios' }), 'Javier');
    await waitFor(() => expect(screen.getByText('1 usuario encontrado')).toBeInTheDocument());
    expect(calls().at(-1)?.url.searchParams.get('search')).toBe('Javier');
    // Debounced: not one call per key stroke.
    expect(calls().length).toBeLessThan(4);
  });

  it('acts as a user after asking the reason, then opens the catalogue', async () => {
    const api = mockApi({
      ...agentRoutes,
      'POST /api/authentication/agents/impersonate': () =>
        ok({ token: 'temp-token', expiresAt: '2030-01-01T00:00:00.000Z', user: sampleImpersonated }),
    });
    const user = userEvent.setup();
    renderMenu();
    await user.click(await screen.findByRole('button', { name: 'Actuar como Javier Moreno Sánchez' }));
    const dialog = screen.getByRole('dialog', { name: 'Actuar como Javier Moreno Sánchez' });
    const reason = within(dialog).getByRole('textbox', { name: /Motivo/ });
    expect(reason).toHaveFocus();
    await user.type(reason, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Actuar como' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(/al menos 5 caracteres/);
    await user.type(reason, ' ticket 42');
    await user.click(within(dialog).getByRole('button', { name: 'Actuar como' }));
    await screen.findByText('catálogo');
    expect(api.callsTo('POST', '/api/authentication/agents/impersonate')[0]).toMatchObject({
      token: 'agent-token',
      body: { userId: sampleImpersonated.id, reason: 'abc ticket 42' },
    });
    expect(sessionStorage.getItem(storageKeys.tempBearerToken)).toBe('temp-token');
    expect(JSON.parse(sessionStorage.getItem(storageKeys.impersonatedUser) ?? '{}')).toEqual(
      sampleImpersonated,
    );
  });

  it('shows the API refusal inside the dialog', async () => {
    mockApi({
      ...agentRoutes,
      'POST /api/authentication/agents/impersonate': () => fail(403, 'CANNOT_IMPERSONATE_AGENT'),
    });
    const user = userEvent.setup();
    renderMenu();
    await user.click(await screen.findByRole('button', { name: 'Actuar como Carmen Ruiz Ortega' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'Motivo suficiente');
    await user.click(within(dialog).getByRole('button', { name: 'Actuar como' }));
    expect(
      await within(dialog).findByText(/No se puede actuar en nombre de otro agente/),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem(storageKeys.tempBearerToken)).toBeNull();
  });

  it("links to the validation queue ('Pendientes de validación')", async () => {
    mockApi(agentRoutes);
    renderMenu();
    expect(await screen.findByRole('link', { name: 'Pendientes de validación' })).toHaveAttribute(
      'href',
      '/agents-validation',
    );
  });

  it('says when there is nobody to list', async () => {
    mockApi({
      ...agentRoutes,
      'GET /api/authentication/agents/manageable-users': () =>
        ok({ items: [], page: 1, pageSize: 20, total: 0 }),
    });
    renderMenu();
    expect(await screen.findByText('Todavía no hay usuarios registrados.')).toBeInTheDocument();
  });

  it('shows an error state with retry when the list cannot load', async () => {
    mockApi({
      ...agentRoutes,
      'GET /api/authentication/agents/manageable-users': () => fail(403, 'FORBIDDEN'),
    });
    renderMenu();
    expect(await screen.findByText('No hemos podido cargar los usuarios')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it("logs out to the agents' login", async () => {
    const api = mockApi({ ...agentRoutes, 'POST /api/logout': () => ok({ loggedOut: true }) });
    const user = userEvent.setup();
    renderMenu();
    await screen.findByRole('list');
    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await screen.findByText('pantalla de login de agentes');
    expect(api.callsTo('POST', '/api/logout')).toHaveLength(1);
    expect(localStorage.getItem(storageKeys.bearerToken)).toBeNull();
  });
});
