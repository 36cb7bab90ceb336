import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys for what the database keeps but must not be able to reveal (issue 22): the one-time codes a
 * queued message carries, and the hashes of the codes themselves. Both are derived with HKDF-SHA256
 * from the documents key (DOCUMENTS_KEY, required in production; elsewhere the key file generated in
 * DATA_DIR: modules/documents/vault.ts), which is never in the database, its replicas or its backups.
 * Whoever reads the database alone can neither decrypt a queued code nor test the 10^6 candidates of a
 * code against its hash.
 */
export interface SecretKeys {
  /** AES-256-GCM: the readable text of a message carrying a one-time code (`outbox.sealed_body`). */
  readonly messages: Buffer;
  /** HMAC-SHA256: the stored hashes of login and contract-signing codes. */
  readonly codes: Buffer;
}

const derive = (root: Buffer, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), `casaoferta:${purpose}:v1`, 32));

export const deriveSecretKeys = (documentsKey: Buffer): SecretKeys => ({
  messages: derive(documentsKey, 'outbox-secrets'),
  codes: derive(documentsKey, 'one-time-codes'),
});

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * `plaintext` encrypted with AES-256-GCM under `key` with a fresh IV, as `v1.<base64url of IV · tag ·
 * ciphertext>`. `context` (the row it belongs to) is authenticated: a sealed text copied into another
 * row does not open there.
 */
export function sealText(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url')}`;
}

/** The text `sealText` sealed, or null when it does not open (another key or context, tampered with). */
export function openText(key: Buffer, sealed: string, context: string): string | null {
  const [version, payload, ...rest] = sealed.split('.');
  if (version !== VERSION || payload === undefined || rest.length > 0) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** HMAC-SHA256 of `value` under `key`, base64url. */
export const keyedHash = (key: Buffer, value: string): string =>
  createHmac('sha256', key).update(value).digest('base64url');
