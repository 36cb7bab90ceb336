import { parseJsonObject } from './json-object';
import type { ImpersonatedUser } from '@casaoferta/domain/schemas/auth';
import { storageKeys } from './storage-keys';

/** Stores the token of a login (user or agent); a new login ends any impersonation. */
export function storeMainToken(token: string): void {
  localStorage.setItem(storageKeys.bearerToken, token);
  clearImpersonation();
}

export function clearMainToken(): void {
  localStorage.removeItem(storageKeys.bearerToken);
  clearImpersonation();
}

/** SPEC 4.7: the impersonation lives in session storage, so it survives a reload of this tab only. */
export function storeImpersonation(token: string, user: ImpersonatedUser): void {
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

const isNullableString = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';

/** Parsed by hand: zod stays off the first load. Anything malformed reads as no info. */
export function readImpersonatedUser(): ImpersonatedUser | null {
  const raw = sessionStorage.getItem(storageKeys.impersonatedUser);
  if (!raw) return null;
  const v = parseJsonObject(raw);
  if (
    !v ||
    typeof v.id !== 'string' ||
    typeof v.name !== 'string' ||
    typeof v.surname !== 'string' ||
    !isNullableString(v.countryCode) ||
    !isNullableString(v.phoneNumber) ||
    typeof v.isBlocked !== 'boolean' ||
    typeof v.isVerified !== 'boolean'
  ) {
    return null;
  }
  return {
    id: v.id,
    name: v.name,
    surname: v.surname,
    countryCode: v.countryCode,
    phoneNumber: v.phoneNumber,
    isBlocked: v.isBlocked,
    isVerified: v.isVerified,
  };
}
