import { createHash } from 'node:crypto';

/** A contract file's SHA-256 in hex, what the parties sign (apart from seal.ts, which loads pdf-lib). */
export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
