import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runtimeConfig } from '../shared/runtime-config';
import { storageKeys } from '../shared/storage-keys';
import { clearToasts, getToasts, showToast } from '../shared/ui/toast-store';
import { clearLocalSession, logout, logoutDestination } from './logout';
import { fail, mockApi, ok } from '../test/mock-api';

const fillStorage = () => {
  for (const key of Object.values(storageKeys)) {
    localStorage.setItem(key, 'x');
    sessionStorage.setItem(key, 'x');
  }
};

beforeEach(() => clearToasts());
afterEach(() => {
  vi.unstubAllGlobals();
  runtimeConfig.appHost = '';
});

describe('clearLocalSession', () => {
  it('clears every account key and cookie, keeping the cookie choice, tutorial-done and the outbox token', () => {
    fillStorage();
    document.cookie = 'session_hint=1; path=/';
    showToast('antes');
    clearLocalSession();
    for (const key of [
      storageKeys.bearerToken,
      storageKeys.tempBearerToken,
      storageKeys.impersonatedUser,
      storageKeys.newPropertyDraft,
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
      expect(sessionStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(storageKeys.cookiePreferences)).toBe('x');
    expect(localStorage.getItem(storageKeys.tutorialDone)).toBe('x');
    expect(localStorage.getItem(storageKeys.devToolsToken)).toBe('x');
    expect(document.cookie).not.toContain('session_hint');
    expect(getToasts()).toHaveLength(0);
  });
});

describe('logout', () => {
  it('calls the logout endpoint with the stored tokens after clearing storage', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'main');
    sessionStorage.setItem(storageKeys.tempBearerToken, 'temp');
    const api = mockApi({ 'POST /api/logout': () => ok({ loggedOut: true }) });
    await logout();
    expect(api.callsTo('POST', '/api/logout').map((call) => call.token)).toEqual(['main', 'temp']);
    expect(localStorage.getItem(storageKeys.bearerToken)).toBeNull();
    expect(getToasts()).toHaveLength(0);
  });

  it('still logs out locally when the server fails, and says so', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'main');
    mockApi({ 'POST /api/logout': () => fail(500, 'INTERNAL_ERROR') });
    await logout();
    expect(localStorage.getItem(storageKeys.bearerToken)).toBeNull();
    expect(getToasts().map((toast) => toast.message)).toEqual(['Error al cerrar sesión en el servidor']);
  });
});

describe('logoutDestination', () => {
  it('goes to /login outside the production app host', () => {
    expect(logoutDestination()).toEqual({ href: '/login', external: false });
    runtimeConfig.appHost = 'app.casaoferta.es';
    expect(logoutDestination()).toEqual({ href: '/login', external: false });
  });

  it("takes an agent to the agents' login, also on the production app host", () => {
    runtimeConfig.appHost = window.location.host;
    expect(logoutDestination(true)).toEqual({ href: '/login-agents', external: false });
  });

  it('goes to the public site on the production app host', () => {
    runtimeConfig.appHost = window.location.host;
    expect(logoutDestination()).toEqual({
      href: `https://${window.location.host}/que-es-casaoferta`,
      external: true,
    });
  });
});
