import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeImpersonation } from './session-storage';
import { storageKeys } from './storage-keys';
import { readOtherTabChange } from './tab-sync';

const user = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Javier',
  surname: 'Moreno',
  countryCode: 'ES',
  phoneNumber: '+34600000002',
  isBlocked: false,
  isVerified: true,
};

const event = (
  key: string | null,
  newValue: string | null,
  oldValue: string | null = null,
  area = localStorage,
) => new StorageEvent('storage', { key, newValue, oldValue, storageArea: area });

afterEach(() => vi.restoreAllMocks());

describe('readOtherTabChange (issue 23)', () => {
  it('reads the main token: set is a login, removed is a logout, unchanged is nothing', () => {
    expect(readOtherTabChange(event(storageKeys.bearerToken, 'new'))).toEqual({ type: 'logged-in' });
    expect(readOtherTabChange(event(storageKeys.bearerToken, null, 'old'))).toEqual({ type: 'logged-out' });
    expect(readOtherTabChange(event(storageKeys.bearerToken, 'same', 'same'))).toBeNull();
  });

  it('reads storage cleared at once as a logout only when the token went with it', () => {
    expect(readOtherTabChange(event(null, null))).toEqual({ type: 'logged-out' });
    localStorage.setItem(storageKeys.bearerToken, 'still');
    expect(readOtherTabChange(event(null, null))).toBeNull();
  });

  it('reads the tab-sync messages, and nothing from other keys, session storage or malformed text', () => {
    const start = JSON.stringify({ type: 'impersonation-start', token: 't', user, at: 1 });
    expect(readOtherTabChange(event(storageKeys.tabSync, start))).toEqual({
      type: 'impersonation-start',
      token: 't',
      user,
    });
    expect(readOtherTabChange(event(storageKeys.tabSync, '{"type":"impersonation-end"}'))).toEqual({
      type: 'impersonation-end',
    });
    for (const raw of ['{"type":"impersonation-start","token":"t","user":{}}', 'no json', '[]', '{}']) {
      expect(readOtherTabChange(event(storageKeys.tabSync, raw))).toBeNull();
    }
    expect(readOtherTabChange(event(storageKeys.tabSync, null))).toBeNull();
    expect(readOtherTabChange(event(storageKeys.cookiePreferences, '{}'))).toBeNull();
    expect(readOtherTabChange(event(storageKeys.bearerToken, null, 'x', sessionStorage))).toBeNull();
  });
});

describe('storeImpersonation', () => {
  it('stores the impersonation in this tab and tells the others, leaving no token in local storage', () => {
    const written = vi.spyOn(Storage.prototype, 'setItem');
    storeImpersonation('temp-token', user);
    expect(sessionStorage.getItem(storageKeys.tempBearerToken)).toBe('temp-token');
    const told = written.mock.calls.find(([key]) => key === storageKeys.tabSync);
    expect(JSON.parse(told?.[1] ?? '{}')).toMatchObject({
      type: 'impersonation-start',
      token: 'temp-token',
      user,
    });
    expect(localStorage.getItem(storageKeys.tabSync)).toBeNull();
  });
});
