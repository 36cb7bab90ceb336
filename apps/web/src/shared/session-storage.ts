import { parseJsonObject } from './json-object';
import type { ImpersonatedUser } from '@casaoferta/domain/schemas/auth';
import { storageKeys } from './storage-keys';
import { tellOtherTabs, toImpersonatedUser } from './tab-sync';

/** Stores the token of a login (user or agent); a new login ends any impersonation. */
export function storeMainToken(token: string): void {
  localStorage.setItem(storageKeys.bearerToken, token);
  clearImpersonation();
}

export function clearMainToken(): void {
  localStorage.removeItem(storageKeys.bearerToken);
  clearImpersonation();
}

/**
 * SPEC 4.7: the impersonation lives in session storage, so it survives a reload of this tab; the agent's
 * other tabs are told and act as the same user (issue 23, tab-sync.ts).
 */
export function storeImpersonation(token: string, user: ImpersonatedUser): void {
  writeImpersonation(token, user);
  tellOtherTabs({ type: 'impersonation-start', token, user });
}

/** The impersonation another tab started, stored in this one without telling anyone again. */
export function writeImpersonation(token: string, user: ImpersonatedUser): void {
  sessionStorage.setItem(storageKeys.tempBearerToken, token);
  sessionStorage.setItem(storageKeys.impersonatedUser, JSON.stringify(user));
}

export function clearImpersonation(): void {
  sessionStorage.removeItem(storageKeys.tempBearerToken);
  sessionStorage.removeItem(storageKeys.impersonatedUser);
}

/** The temporary token, only when it differs from the main one (SPEC 4.7). */
export function impersonationToken(): string | null {
  const temp = sessionStorage.getItem(storageKeys.tempBearerToken);
  const main = localStorage.getItem(storageKeys.bearerToken);
  return temp && temp !== main ? temp : null;
}

/** Parsed by hand: zod stays off the first load. Anything malformed reads as no info. */
export function readImpersonatedUser(): ImpersonatedUser | null {
  const raw = sessionStorage.getItem(storageKeys.impersonatedUser);
  if (!raw) return null;
  return toImpersonatedUser(parseJsonObject(raw));
}
