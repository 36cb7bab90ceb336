import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { contractImages, propertyImages, tenantDocuments } from '../../db/schema/index';
import { STALE_TEMPORARY_MS, sweepTemporaryFiles } from '../temp-files';
import type { ObjectStore } from './store';

/**
 * An object this old that no row names was left by an upload that never got its row (a process killed
 * between the store's write and the transaction's commit, decision 035): no upload takes hours.
 */
export const ORPHAN_MIN_AGE_MS = 6 * 60 * 60_000;

interface OrphanKind {
  prefix: string;
  /** The row's storage key of an object's key, or null for an object this sweep leaves alone. */
  storageKeyOf(key: string): string | null;
  table: PgTable;
  column: PgColumn;
}

const kinds: OrphanKind[] = [
  {
    // Uploaded photos only: demo photos (`media/demo/…`) are shared and made by the seed.
    prefix: 'media/properties/',
    storageKeyOf: (key) =>
      /^media\/(properties\/[^/]+\/[^/]+)-(?:thumb|card|gallery)\.webp$/.exec(key)?.[1] ?? null,
    table: propertyImages,
    column: propertyImages.storageKey,
  },
  {
    prefix: 'contract-images/',
    storageKeyOf: (key) => /^contract-images\/([^/]+\/[^/]+)\.jpg$/.exec(key)?.[1] ?? null,
    table: contractImages,
    column: contractImages.storageKey,
  },
  {
    prefix: 'documents/',
    storageKeyOf: (key) => /^documents\/([^/]+)\.enc$/.exec(key)?.[1] ?? null,
    table: tenantDocuments,
    column: tenantDocuments.storageKey,
  },
];

const BATCH = 500;

/**
 * Removes the objects no row names that are older than `minAgeMs`: photos, inventory photos and
 * documents whose upload stopped between the write and the commit. Safe in several processes at once
 * (a delete of what is gone is no error) and against uploads in progress (younger than the age).
 * Answers how many objects it removed.
 */
export async function sweepOrphans(
  db: Db,
  store: ObjectStore,
  minAgeMs = ORPHAN_MIN_AGE_MS,
  now = Date.now(),
): Promise<number> {
  let removed = 0;
  for (const kind of kinds) {
    let batch: { key: string; storageKey: string }[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const names = [...new Set(batch.map((item) => item.storageKey))];
      const used = new Set(
        (
          await db.select({ storageKey: kind.column }).from(kind.table).where(inArray(kind.column, names))
        ).map((row) => row.storageKey as string),
      );
      for (const item of batch.filter((candidate) => !used.has(candidate.storageKey))) {
        await store.delete(item.key);
        removed += 1;
      }
      batch = [];
    };
    for await (const object of store.list(kind.prefix)) {
      const storageKey = kind.storageKeyOf(object.key);
      if (!storageKey || now - object.lastModified.getTime() < minAgeMs) continue;
      batch.push({ key: object.key, storageKey });
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  }
  return removed;
}

export interface StorageSweep {
  stop(): void;
}

/**
 * Sweeps now and every hour: the local store's stale temporary files (platform/temp-files.ts) and the
 * orphaned objects of any store. Every process runs it; both sweeps are safe run twice at once.
 */
export function startStorageSweep(
  db: Db,
  store: ObjectStore,
  log: { info(object: object, message: string): void; warn(object: object, message: string): void },
): StorageSweep {
  const sweep = () => {
    if (store.kind === 'local') {
      for (const folder of ['media', 'documents', 'contract-images']) {
        const root = path.join(store.location, folder);
        sweepTemporaryFiles(root).then(
          (removed) => {
            if (removed > 0) log.info({ root, removed }, 'stale temporary files removed');
          },
          (error: unknown) => log.warn({ err: error, root }, 'temporary files: sweep failed'),
        );
      }
    }
    sweepOrphans(db, store).then(
      (removed) => {
        if (removed > 0) log.info({ store: store.location, removed }, 'orphaned files removed');
      },
      (error: unknown) => log.warn({ err: error, store: store.location }, 'orphaned files: sweep failed'),
    );
  };
  sweep();
  const timer = setInterval(sweep, STALE_TEMPORARY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
