import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConfigError, parseDocumentsKey, type Config } from '../../config';
import { createOnce } from '../../platform/create-once';
import { deriveSecretKeys, type SecretKeys } from '../../platform/secret-keys';
import { storageKeys, type ObjectStore } from '../../platform/storage/index';

/**
 * Tenants' documents at rest (decision 016): each file is encrypted with AES-256-GCM under the
 * configured key, with a fresh 12-byte IV, and stored as
 *
 *   magic "CODOC" (5 bytes) · version 1 (1 byte) · IV (12 bytes) · GCM tag (16 bytes) · ciphertext
 *
 * The header's first 6 bytes and the storage key are the additional authenticated data: a file moved
 * under another row's name, or given another header, fails its tag. Nothing is ever sent before the tag
 * has been verified (a first pass reads the whole file through the decipher and checks the plaintext's
 * SHA-256 against the row; the second pass streams it). The bytes are encrypted in this process, before
 * they reach the object store (decision 035): a bucket holds ciphertext only.
 */

const MAGIC = Buffer.concat([Buffer.from('CODOC', 'latin1'), Buffer.from([1])]);
const IV_BYTES = 12;
const TAG_BYTES = 16;
const TAG_OFFSET = MAGIC.length + IV_BYTES;
export const HEADER_BYTES = TAG_OFFSET + TAG_BYTES;
const CHUNK_BYTES = 256 * 1024;

export interface DocumentVault {
  /** Where the encrypted files live (`documents/<storageKey>.enc`, never served as they are). */
  store: ObjectStore;
  key: Buffer;
}

/** The key's file outside production when DOCUMENTS_KEY is unset: made once, mode 0600. */
export const generatedKeyPath = (dataDir: string): string => path.join(dataDir, 'documents.key');

/**
 * The documents key: DOCUMENTS_KEY when set (always in production: config.ts refuses to start without
 * it); otherwise the key kept in the data dir, generated on the first start so documents stay readable
 * across restarts. Two processes starting together agree on one key (the file is linked into place
 * whole, or not at all).
 */
export async function resolveDocumentsKey(config: Pick<Config, 'documentsKey' | 'dataDir'>): Promise<Buffer> {
  if (config.documentsKey) return config.documentsKey;
  const file = generatedKeyPath(config.dataDir);
  await fs.mkdir(config.dataDir, { recursive: true });
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await createOnce(file, `${randomBytes(32).toString('base64')}\n`);
  const created = await readKeyFile(file);
  if (!created) throw new ConfigError(`No se ha podido crear la clave de los documentos en ${file}`);
  return created;
}

/**
 * The keys of the outbox's one-time codes and of the codes' hashes (platform/secret-keys.ts), derived
 * from the documents key: like it, outside the database.
 */
export const secretKeysOf = async (config: Pick<Config, 'documentsKey' | 'dataDir'>): Promise<SecretKeys> =>
  deriveSecretKeys(await resolveDocumentsKey(config));

async function readKeyFile(file: string): Promise<Buffer | null> {
  const text = await fs.readFile(file, 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) return null;
  const key = parseDocumentsKey(text);
  if (!key) {
    throw new ConfigError(
      `Configuración no válida:\n  DOCUMENTS_KEY: el archivo ${file} no contiene una clave de 32 bytes en base64. Si había documentos cifrados con ella, restáurala; si no, borra el archivo para generar otra.`,
    );
  }
  return key;
}

/** The store's documents and the key (from DOCUMENTS_KEY, or the local one outside production). */
export async function openVault(
  config: Pick<Config, 'documentsKey' | 'dataDir'>,
  store: ObjectStore,
): Promise<DocumentVault> {
  return { store, key: await resolveDocumentsKey(config) };
}

const additionalData = (storageKey: string) => Buffer.concat([MAGIC, Buffer.from(storageKey, 'utf8')]);

/**
 * Encrypts `plaintext` and stores it under `storageKey`, whole or not at all (the store writes a
 * temporary file and renames it, or makes one PUT).
 */
export async function writeEncrypted(
  vault: DocumentVault,
  storageKey: string,
  plaintext: Buffer,
): Promise<void> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', vault.key, iv);
  cipher.setAAD(additionalData(storageKey));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const sealed = Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
  await vault.store.put(storageKeys.document(storageKey), sealed, 'application/octet-stream');
}

/** A stored file that cannot be read back as written: missing, cut, tampered with, or of another key. */
export class StoredDocumentUnreadable extends Error {
  constructor(
    readonly storageKey: string,
    reason: string,
  ) {
    super(`stored document ${storageKey} unreadable: ${reason}`);
  }
}

/** An opened, verified document: `stream()` decrypts it again while it is sent, once. */
export interface VerifiedDocument {
  stream(): Readable;
  close(): Promise<void>;
}

/**
 * Copies the stored file of `storageKey` (one GET, streamed) to a private temporary file, then reads it
 * all through the decipher without keeping it: the GCM tag and the plaintext's SHA-256 (`sha256`, the
 * row's) must both match, or it throws `StoredDocumentUnreadable` and nothing is sent. The copy is
 * unlinked as soon as it is open, so memory stays bounded whatever the size (a zip of many documents
 * streams in constant memory: downloads-memory.test.ts), nothing is left behind, and a deletion committed
 * meanwhile cannot take it from under the download.
 */
export async function openVerified(
  vault: DocumentVault,
  storageKey: string,
  sha256: string,
): Promise<VerifiedDocument> {
  const unreadable = (error: unknown) =>
    new StoredDocumentUnreadable(storageKey, error instanceof Error ? error.message : 'read failed');
  const object = await vault.store.get(storageKeys.document(storageKey)).catch((error: unknown) => {
    throw unreadable(error);
  });
  if (!object) throw new StoredDocumentUnreadable(storageKey, 'missing');
  const copy = path.join(os.tmpdir(), `casaoferta-document-${randomUUID()}.enc`);
  let file: FileHandle;
  try {
    await pipeline(object.body, createWriteStream(copy, { mode: 0o600 }));
    file = await fs.open(copy, 'r');
  } catch (error) {
    throw unreadable(error);
  } finally {
    await fs.rm(copy, { force: true });
  }
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await file.read(header, 0, HEADER_BYTES, 0);
    if (bytesRead !== HEADER_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new StoredDocumentUnreadable(storageKey, 'bad header');
    }
    const decipher = () => {
      const d = createDecipheriv('aes-256-gcm', vault.key, header.subarray(MAGIC.length, TAG_OFFSET));
      d.setAAD(additionalData(storageKey));
      d.setAuthTag(header.subarray(TAG_OFFSET, HEADER_BYTES));
      return d;
    };
    const check = decipher();
    const hash = createHash('sha256');
    for await (const chunk of file.createReadStream({
      start: HEADER_BYTES,
      autoClose: false,
      highWaterMark: CHUNK_BYTES,
    })) {
      hash.update(check.update(chunk as Buffer));
    }
    try {
      hash.update(check.final());
    } catch {
      throw new StoredDocumentUnreadable(storageKey, 'authentication failed');
    }
    if (hash.digest('hex') !== sha256) throw new StoredDocumentUnreadable(storageKey, 'checksum mismatch');
    let streamed = false;
    const opened = file;
    return {
      stream() {
        if (streamed) throw new Error('openVerified: a document is streamed once');
        streamed = true;
        const plain = decipher();
        const source = opened.createReadStream({ start: HEADER_BYTES, highWaterMark: CHUNK_BYTES });
        source.on('error', (error) => plain.destroy(error));
        plain.on('close', () => source.destroy());
        return source.pipe(plain);
      },
      async close() {
        if (!streamed) await opened.close().catch(() => undefined);
      },
    };
  } catch (error) {
    await file.close().catch(() => undefined);
    throw error;
  }
}
