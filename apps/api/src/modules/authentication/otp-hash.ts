import { timingSafeEqual } from 'node:crypto';
import { keyedHash, type SecretKeys } from '../../platform/secret-keys';

/**
 * A one-time code's stored hash: HMAC-SHA256 under the codes' key, which is not in the database
 * (platform/secret-keys.ts), salted with the row's id. A plain hash of a 6-digit code would not hide it
 * from a database reader: the 10^6 candidates are tried in well under a second.
 */
export const hashCode = (keys: SecretKeys, salt: string, code: string): string =>
  keyedHash(keys.codes, `${salt}:${code}`);

export function codeMatches(keys: SecretKeys, salt: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(keys, salt, code));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}
