import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../shared/api/client';
import { sessionExpiredNotice } from '../shared/api/session-expiry';
import { storageKeys } from '../shared/storage-keys';
import { useSession, useSessionActions } from '../shared/session';
import { SessionProvider } from './session-provider';
import { RequireLogin } from './guard';
import { fail, mockApi, ok, sampleAgent, sampleImpersonated, sampleUser } from '../test/mock-api';

const reload = vi.fn();

afterEach(() => {
  vi.unstubAllGlobals();
  reload.mockClear();
});

function Probe() {
  const session = useSession();
  const { logout, stopImpersonating } = useSessionActions();
  return (
    <div>
      <p data-testid="state">
        {JSON.stringify({
          checked: session.checked,
          logged: session.logged,
          isAgent: session.isAgent,
          isImpersonating: session.isImpersonating,
          user: session.user?.name ?? null,
          agent: session.agent?.name ?? null,
          impersonated: session.impersonatedUser?.name ?? null,
        })}
      </p>
      <button type="button" onClick={() => void logout()}>
        salir
      </button>
      <button type="button" onClick={() => void stopImpersonating()}>
        cambiar
      </button>
    </div>
  );
}

function renderProvider(path = '/settings') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider reload={reload}>
        <Routes>
          <Route path="/login" element={<p>pantalla de login</p>} />
          <Route path="/login-agents" element={<p>pantalla de login de agentes</p>} />
          <Route path="*" element={<Probe />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as Record<string, unknown>;

describe('SessionProvider', () => {
  it('is a checked visitor without a stored token, with no call', () => {
    const api = mockApi({});
    renderProvider();
    expect(state()).toMatchObject({ checked: true, logged: false });
    expect(api.calls).toHaveLength(0);
  });

  it('loads the user of a stored token', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'user-token');
    const api = mockApi({ 'GET /api/authentication': () => ok(sampleUser) });
    renderProvider();
    expect(state()).toMatchObject({ checked: false });
    await waitFor(() => expect(state()).toMatchObject({ checked: true, logged: true, user: 'Carmen' }));
    expect(state()).toMatchObject({ isAgent: false, agent: null });
    expect(api.calls[0]?.token).toBe('user-token');
  });

  it('clears the token when the check fails', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'bad-token');
    sessionStorage.setItem(storageKeys.tempBearerToken, 'temp');
    mockApi({ 'GET /api/authentication': () => fail(401, 'UNAUTHENTICATED') });
    renderProvider();
    await waitFor(() => expect(state()).toMatchObject({ checked: true, logged: false }));
    expect(localStorage.getItem(storageKeys.bearerToken)).toBeNull();
    expect(sessionStorage.getItem(storageKeys.tempBearerToken)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('counts a user with roles as an agent once the agent check succeeds', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'agent-token');
    mockApi({
      'GET /api/authentication': () => ok(sampleAgent),
      'GET /api/authentication/agents': () => ok(sampleAgent),
    });
    renderProvider();
    await waitFor(() => expect(state()).toMatchObject({ isAgent: true, agent: 'Lucía', user: 'Lucía' }));
  });

  it('does not count roles as an agent when the agent check fails (SPEC 2.4)', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'agent-token');
    mockApi({
      'GET /api/authentication': () => ok(sampleAgent),
      'GET /api/authentication/agents': () => fail(403, 'FORBIDDEN'),
    });
    renderProvider();
    await waitFor(() => expect(state()).toMatchObject({ checked: true, logged: true, isAgent: false }));
  });

  it('restores an impersonation from session storage after a reload', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'agent-token');
    sessionStorage.setItem(storageKeys.tempBearerToken, 'temp-token');
    sessionStorage.setItem(storageKeys.impersonatedUser, JSON.stringify(sampleImpersonated));
    const api = mockApi({
      'GET /api/authentication': () => ok(sampleAgent),
      'GET /api/authentication/agents': () => ok(sampleAgent),
    });
    api.fetchMock.mockImplementation(async (input, init = {}) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      if (String(input).endsWith('/agents')) return ok(sampleAgent);
      return ok(auth === 'Bearer temp-token' ? { ...sampleUser, ...sampleImpersonated } : sampleAgent);
    });
    renderProvider();
    await waitFor(() =>
      expect(state()).toMatchObject({
        isAgent: true,
        isImpersonating: true,
        user: 'Javier',
        agent: 'Lucía',
        impersonated: 'Javier',
      }),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'cambiar' }));
    await waitFor(() => expect(state()).toMatchObject({ isImpersonating: false, user: 'Lucía' }));
    expect(sessionStorage.getItem(storageKeys.tempBearerToken)).toBeNull();
    expect(sessionStorage.getItem(storageKeys.impersonatedUser)).toBeNull();
  });

  it('drops an expired impersonation and keeps the agent', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'agent-token');
    sessionStorage.setItem(storageKeys.tempBearerToken, 'expired');
    sessionStorage.setItem(storageKeys.impersonatedUser, JSON.stringify(sampleImpersonated));
    const api = mockApi({});
    api.fetchMock.mockImplementation(async (_input, init = {}) =>
      (init.headers as Record<string, string>).Authorization === 'Bearer expired'
        ? fail(401, 'UNAUTHENTICATED')
        : ok(sampleAgent),
    );
    renderProvider();
    await waitFor(() => expect(state()).toMatchObject({ checked: true, isAgent: true }));
    expect(state()).toMatchObject({ isImpersonating: false, user: 'Lucía' });
    expect(sessionStorage.getItem(storageKeys.tempBearerToken)).toBeNull();
  });
});

describe('401 after the check', () => {
  async function loggedIn(extra: Record<string, () => Response>, path = '/settings?tab=2') {
    localStorage.setItem(storageKeys.bearerToken, 'user-token');
    const api = mockApi({ 'GET /api/authentication': () => ok(sampleUser), ...extra });
    renderProvider(path);
    await waitFor(() => expect(state()).toMatchObject({ logged: true }));
    return api;
  }

  it('on a page that needs login, a session that ended goes to /login?redirectTo=… and says so', async () => {
    const api = await loggedIn({
      'GET /api/offers': () => fail(401, 'UNAUTHENTICATED'),
      'GET /api/authentication/users/blocked-status': () => ok({ isBlocked: false }),
    });
    localStorage.setItem(storageKeys.tutorialDone, 'true');
    localStorage.setItem(storageKeys.newPropertyDraft, '{"values":{}}');
    await apiRequest('/api/offers').catch(() => undefined);
    expect(api.callsTo('GET', '/api/authentication/users/blocked-status')[0]?.token).toBe('user-token');
    expect(localStorage.getItem(storageKeys.bearerToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.tutorialDone)).toBe('true');
    // What was typed stays for after the login.
    expect(localStorage.getItem(storageKeys.newPropertyDraft)).toBe('{"values":{}}');
    expect(reload).toHaveBeenCalledExactlyOnceWith('/login?redirectTo=%2Fsettings%3Ftab%3D2');
    expect(sessionExpiredNotice()).toBe(true);
  });

  it('on a public page, a session that ended reloads the page for a visitor', async () => {
    await loggedIn(
      {
        'GET /api/offers': () => fail(401, 'UNAUTHENTICATED'),
        'GET /api/authentication/users/blocked-status': () => ok({ isBlocked: false }),
      },
      '/properties',
    );
    await apiRequest('/api/offers').catch(() => undefined);
    expect(localStorage.getItem(storageKeys.bearerToken)).toBeNull();
    expect(reload).toHaveBeenCalledExactlyOnceWith();
  });

  it('logs a blocked user out locally and reloads', async () => {
    await loggedIn({
      'GET /api/offers': () => fail(401, 'UNAUTHENTICATED'),
      'GET /api/authentication/users/blocked-status': () => ok({ isBlocked: true }),
    });
    localStorage.setItem(storageKeys.newPropertyDraft, '{}');
    await apiRequest('/api/offers').catch(() => undefined);
    expect(localStorage.getItem(storageKeys.bearerToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.newPropertyDraft)).toBeNull();
    expect(reload).toHaveBeenCalledExactlyOnceWith();
    expect(sessionExpiredNotice()).toBe(false);
  });

  it('ignores a 401 for a call made without a token (a failed login)', async () => {
    await loggedIn({ 'POST /api/x': () => fail(401, 'INVALID_CREDENTIALS') });
    await apiRequest('/api/x', { method: 'POST', token: null }).catch(() => undefined);
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.bearerToken)).toBe('user-token');
  });
});

describe('logout', () => {
  it('calls the endpoint, clears the session and ends on /login', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'user-token');
    const api = mockApi({
      'GET /api/authentication': () => ok(sampleUser),
      'POST /api/logout': () => ok({ loggedOut: true }),
    });
    renderProvider();
    await waitFor(() => expect(state()).toMatchObject({ logged: true }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'salir' }));
    await screen.findByText('pantalla de login');
    expect(api.callsTo('POST', '/api/logout')[0]?.token).toBe('user-token');
    expect(localStorage.getItem(storageKeys.bearerToken)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('ends an agent on /login-agents', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'agent-token');
    mockApi({
      'GET /api/authentication': () => ok(sampleAgent),
      'GET /api/authentication/agents': () => ok(sampleAgent),
      'POST /api/logout': () => ok({ loggedOut: true }),
    });
    renderProvider('/agents-menu');
    await waitFor(() => expect(state()).toMatchObject({ isAgent: true }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'salir' }));
    expect(await screen.findByText('pantalla de login de agentes')).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.bearerToken)).toBeNull();
  });
});

describe('other tabs (issue 23)', () => {
  /** What the browser dispatches here when another tab of the site writes local storage. */
  const fromOtherTab = (key: string, newValue: string | null, oldValue: string | null = null) =>
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key, newValue, oldValue, storageArea: localStorage }),
      );
    });

  /** Another tab's logout: it clears the shared storage, then this tab hears of the token. */
  const otherTabLogsOut = () => {
    localStorage.removeItem(storageKeys.bearerToken);
    fromOtherTab(storageKeys.bearerToken, null, 'user-token');
  };

  function renderGuarded(path: string) {
    return render(
      <MemoryRouter initialEntries={[path]}>
        <SessionProvider reload={reload}>
          <Routes>
            <Route path="/login" element={<p>pantalla de login</p>} />
            <Route
              path="/settings"
              element={
                <RequireLogin>
                  <Probe />
                </RequireLogin>
              }
            />
            <Route path="*" element={<Probe />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>,
    );
  }

  it('a logout in another tab sends a page that needs login to /login, with no call and no error', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'user-token');
    const api = mockApi({ 'GET /api/authentication': () => ok(sampleUser) });
    renderGuarded('/settings');
    await waitFor(() => expect(state()).toMatchObject({ logged: true, user: 'Carmen' }));
    otherTabLogsOut();
    expect(await screen.findByText('pantalla de login')).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
    expect(sessionExpiredNotice()).toBe(false);
  });

  it('a logout in another tab leaves a public page logged out, its impersonation gone', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'agent-token');
    sessionStorage.setItem(storageKeys.tempBearerToken, 'temp-token');
    sessionStorage.setItem(storageKeys.impersonatedUser, JSON.stringify(sampleImpersonated));
    const api = mockApi({});
    api.fetchMock.mockImplementation(async (input, init = {}) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      if (String(input).endsWith('/agents')) return ok(sampleAgent);
      return ok(auth === 'Bearer temp-token' ? { ...sampleUser, ...sampleImpersonated } : sampleAgent);
    });
    renderProvider('/properties');
    await waitFor(() => expect(state()).toMatchObject({ isImpersonating: true }));
    localStorage.removeItem(storageKeys.bearerToken);
    fromOtherTab(storageKeys.bearerToken, null, 'agent-token');
    expect(state()).toMatchObject({ checked: true, logged: false, isAgent: false, user: null });
    expect(sessionStorage.getItem(storageKeys.tempBearerToken)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('a load answered after another tab logged out is dropped', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'user-token');
    let answer: (response: Response) => void = () => undefined;
    const api = mockApi({});
    api.fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderProvider('/properties');
    expect(state()).toMatchObject({ checked: false });
    otherTabLogsOut();
    expect(state()).toMatchObject({ checked: true, logged: false });
    await act(async () => answer(ok(sampleUser)));
    expect(state()).toMatchObject({ logged: false, user: null });
  });

  it('a login in another tab logs this one in', async () => {
    const api = mockApi({ 'GET /api/authentication': () => ok(sampleUser) });
    renderProvider('/properties');
    expect(state()).toMatchObject({ logged: false });
    localStorage.setItem(storageKeys.bearerToken, 'user-token');
    fromOtherTab(storageKeys.bearerToken, 'user-token');
    await waitFor(() => expect(state()).toMatchObject({ checked: true, logged: true, user: 'Carmen' }));
    expect(api.calls[0]?.token).toBe('user-token');
  });
});
