import type { Readable } from 'node:stream';

/** What the store knows of one object. */
export interface ObjectInfo {
  key: string;
  size: number;
  contentType: string;
  /** A validator for conditional requests (quoted, as HTTP sends it). */
  etag: string;
  lastModified: Date;
}

/** An object's bytes (or the asked range of them) as a stream, with what the store knows of it. */
export interface StoredObject extends ObjectInfo {
  body: Readable;
  /** The bytes sent when a range was asked: first and last, inclusive. */
  range: { start: number; end: number } | null;
}

/** One entry of a listing. */
export interface ListedObject {
  key: string;
  size: number;
  lastModified: Date;
}

/** The bytes to store: a buffer, or a stream of known length. */
export type ObjectBody = Buffer | { stream: Readable; length: number };

/**
 * Where every file of the product lives (issue 25 point 3, decision 035): photos, tenants' encrypted
 * documents, contracts' inventory photos. Keys are the server's own (`media/…`, `documents/…`,
 * `contract-images/…`), never a user's file name. A write is whole or absent: a reader never sees half
 * an object. Two implementations: the local disk under DATA_DIR (the embedded default) and an
 * S3-compatible bucket.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Where it is, for logs and the migration command (never a secret). */
  readonly location: string;
  put(key: string, body: ObjectBody, contentType?: string): Promise<void>;
  /** The object (or `range` of it), or null when there is none. */
  get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; one already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no promised order. */
  list(prefix: string): AsyncIterable<ListedObject>;
  /** Throws when the store cannot be written now (readiness). */
  ready(): Promise<void>;
  close(): void;
}

/** A key the server made: segments of letters, digits, `-`, `_` and `.`, none empty or hidden. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function assertKey(key: string): void {
  const segments = key.split('/');
  if (key.length === 0 || key.length > 512 || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new Error(`object store: invalid key ${JSON.stringify(key)}`);
  }
}

export const isValidKey = (key: string): boolean => {
  try {
    assertKey(key);
    return true;
  } catch {
    return false;
  }
};

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

/** The type of a key by its extension (the local disk keeps no metadata). */
export const contentTypeOf = (key: string): string =>
  contentTypes[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** The whole object as a buffer, or null when there is none. */
export async function readObject(store: ObjectStore, key: string): Promise<Buffer | null> {
  const object = await store.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
