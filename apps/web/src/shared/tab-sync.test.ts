import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from './storage-keys';
import { readOtherTabChange } from './tab-sync';

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

  it('reads nothing from other keys or session storage', () => {
    expect(readOtherTabChange(event(storageKeys.cookiePreferences, '{}'))).toBeNull();
    expect(readOtherTabChange(event(storageKeys.impersonatedUser, '{}'))).toBeNull();
    expect(readOtherTabChange(event(storageKeys.bearerToken, null, 'x', sessionStorage))).toBeNull();
  });
});
