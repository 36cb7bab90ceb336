import { loadAuthSchemas } from '../validation';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RedirectLoggedAgent } from '../../../app/guard';
import { SessionProvider } from '../../../app/session-provider';
import { fail, mockApi, ok, sampleAgent } from '../../../test/mock-api';
import { storageKeys } from '../../../shared/storage-keys';
import LoginAgentsPage from './login-agents-page';

afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/login-agents']}>
      <SessionProvider reload={() => undefined}>
        <Routes>
          <Route
            path="/login-agents"
            element={
              <RedirectLoggedAgent>
                <LoginAgentsPage />
              </RedirectLoggedAgent>
            }
          />
          <Route path="/agents-menu" element={<p>menú de agente</p>} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );

// The forms' schemas load on the first validation (validation.ts): loaded once here, so each test
// answers as soon as the form does.
beforeAll(async () => {
  await loadAuthSchemas();
});

describe('/login-agents', () => {
  it('validates, logs the agent in and moves on to /agents-menu', async () => {
    const api = mockApi({
      'POST /api/authentication/agents/authenticate': () =>
        ok({ token: 'agent-token', expiresAt: '2030-01-01T00:00:00.000Z', user: sampleAgent }),
      'GET /api/authentication': () => ok(sampleAgent),
      'GET /api/authentication/agents': () => ok(sampleAgent),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByLabelText(/Correo electrónico/)).toHaveAccessibleDescription(
      'Escribe un correo electrónico válido.',
    );
    await user.type(screen.getByLabelText(/Correo electrónico/), 'agente@casaoferta.es');
    await user.type(screen.getByLabelText(/Contraseña/), 'casaoferta-demo');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('menú de agente')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.bearerToken)).toBe('agent-token');
    expect(api.callsTo('POST', '/api/authentication/agents/authenticate')[0]?.body).toEqual({
      email: 'agente@casaoferta.es',
      password: 'casaoferta-demo',
    });
  });

  it('shows wrong credentials in the form', async () => {
    mockApi({ 'POST /api/authentication/agents/authenticate': () => fail(401, 'INVALID_CREDENTIALS') });
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText(/Correo electrónico/), 'agente@casaoferta.es');
    await user.type(screen.getByLabelText(/Contraseña/), 'mal');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('El correo o la contraseña no son correctos.'),
    );
    expect(localStorage.getItem(storageKeys.bearerToken)).toBeNull();
  });
});
