import { timingSafeEqual } from 'node:crypto';
import { sha256 } from '../../platform/tokens';

/** The code is hashed with its row id as salt: a database reader cannot reuse one table of 10^6 hashes. */
export const hashCode = (otpId: string, code: string): string => sha256(`${otpId}:${code}`);

export function codeMatches(otpId: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashCode(otpId, code));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}
