import { parseJsonObject } from './json-object';
import { storageKeys } from './storage-keys';

/** SPEC 3: cookie preferences. Essential cookies are always on. */
export interface CookiePreferences {
  essentialCookies: true;
  /** Analytics. */
  dataCookies: boolean;
  /** Session recording. */
  customCookies: boolean;
}

/** SPEC 9: with nothing stored only essential cookies are on. */
export const defaultCookiePreferences: CookiePreferences = {
  essentialCookies: true,
  dataCookies: false,
  customCookies: false,
};

export const acceptAllCookiePreferences: CookiePreferences = {
  essentialCookies: true,
  dataCookies: true,
  customCookies: true,
};

export const rejectAllCookiePreferences: CookiePreferences = defaultCookiePreferences;

/** What storage holds: a valid choice, nothing yet, or something unreadable (SPEC 8: a load failure). */
export type StoredCookiePreferences =
  { status: 'stored'; preferences: CookiePreferences } | { status: 'missing' } | { status: 'invalid' };

function parse(raw: string): CookiePreferences | null {
  const value = parseJsonObject(raw);
  if (!value) return null;
  const { dataCookies, customCookies } = value;
  if (typeof dataCookies !== 'boolean' || typeof customCookies !== 'boolean') return null;
  return { essentialCookies: true, dataCookies, customCookies };
}

export function loadCookiePreferences(): StoredCookiePreferences {
  let raw: string | null;
  try {
    raw = localStorage.getItem(storageKeys.cookiePreferences);
  } catch {
    return { status: 'invalid' };
  }
  if (raw === null) return { status: 'missing' };
  const preferences = parse(raw);
  return preferences ? { status: 'stored', preferences } : { status: 'invalid' };
}

/** The stored choice, or null when nothing valid is stored. */
export function readCookiePreferences(): CookiePreferences | null {
  const stored = loadCookiePreferences();
  return stored.status === 'stored' ? stored.preferences : null;
}

/** The choice in force: the stored one, or only essential cookies. */
export function effectiveCookiePreferences(): CookiePreferences {
  return readCookiePreferences() ?? defaultCookiePreferences;
}

const listeners = new Set<() => void>();

export function saveCookiePreferences(preferences: CookiePreferences): void {
  const value: CookiePreferences = {
    essentialCookies: true,
    dataCookies: preferences.dataCookies,
    customCookies: preferences.customCookies,
  };
  try {
    localStorage.setItem(storageKeys.cookiePreferences, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the choice still applies to this page through the listeners.
  }
  for (const listener of listeners) listener();
}

/** Called after every save in this tab and when another tab changes the choice. */
export function subscribeCookiePreferences(callback: () => void): () => void {
  listeners.add(callback);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.cookiePreferences || event.key === null) callback();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(callback);
    window.removeEventListener('storage', onStorage);
  };
}

export function hasAnalyticsConsent(): boolean {
  return readCookiePreferences()?.dataCookies === true;
}

export function hasSessionRecordingConsent(): boolean {
  return readCookiePreferences()?.customCookies === true;
}
