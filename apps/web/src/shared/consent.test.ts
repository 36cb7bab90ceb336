import { describe, expect, it, vi } from 'vitest';
import {
  defaultCookiePreferences,
  effectiveCookiePreferences,
  hasAnalyticsConsent,
  loadCookiePreferences,
  readCookiePreferences,
  saveCookiePreferences,
  subscribeCookiePreferences,
} from './consent';
import { storageKeys } from './storage-keys';

describe('cookie preferences', () => {
  it('has nothing stored at first: only essential cookies apply', () => {
    expect(readCookiePreferences()).toBeNull();
    expect(loadCookiePreferences()).toEqual({ status: 'missing' });
    expect(effectiveCookiePreferences()).toEqual({
      essentialCookies: true,
      dataCookies: false,
      customCookies: false,
    });
    expect(hasAnalyticsConsent()).toBe(false);
  });

  it('saves and reads back a choice', () => {
    saveCookiePreferences({ essentialCookies: true, dataCookies: true, customCookies: false });
    expect(JSON.parse(localStorage.getItem(storageKeys.cookiePreferences) ?? '')).toEqual({
      essentialCookies: true,
      dataCookies: true,
      customCookies: false,
    });
    expect(readCookiePreferences()).toEqual({
      essentialCookies: true,
      dataCookies: true,
      customCookies: false,
    });
    expect(hasAnalyticsConsent()).toBe(true);
  });

  it('treats unparsable or malformed storage as a load failure', () => {
    localStorage.setItem(storageKeys.cookiePreferences, '{not json');
    expect(loadCookiePreferences()).toEqual({ status: 'invalid' });
    expect(readCookiePreferences()).toBeNull();
    localStorage.setItem(storageKeys.cookiePreferences, JSON.stringify({ dataCookies: 'yes' }));
    expect(loadCookiePreferences()).toEqual({ status: 'invalid' });
    localStorage.setItem(storageKeys.cookiePreferences, 'null');
    expect(loadCookiePreferences()).toEqual({ status: 'invalid' });
    expect(effectiveCookiePreferences()).toEqual(defaultCookiePreferences);
    expect(hasAnalyticsConsent()).toBe(false);
  });

  it('forces essential cookies on even if storage says otherwise', () => {
    localStorage.setItem(
      storageKeys.cookiePreferences,
      JSON.stringify({ essentialCookies: false, dataCookies: false, customCookies: true }),
    );
    expect(readCookiePreferences()).toEqual({
      essentialCookies: true,
      dataCookies: false,
      customCookies: true,
    });
  });

  it('notifies subscribers on save and on changes from another tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeCookiePreferences(listener);
    saveCookiePreferences(defaultCookiePreferences);
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: storageKeys.cookiePreferences }));
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'something-else' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    saveCookiePreferences(defaultCookiePreferences);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
