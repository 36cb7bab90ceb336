import { createHash } from 'node:crypto';
import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenantDocuments } from '../../db/schema/index';
import type { ObjectStore } from '../../platform/storage/index';
import { openVerified, StoredDocumentUnreadable, writeEncrypted, type DocumentVault } from './vault';

export interface RotationReport {
  reencrypted: number;
  /** Already under the new key (a run stopped halfway, resumed). */
  alreadyNew: number;
  /** Readable with neither key, or missing: left as they are, named. */
  unreadable: string[];
}

const BATCH = 200;

/**
 * Re-encrypts every stored document from `oldKey` to `newKey` (decision 035, docs/OPERATIONS.md): each
 * file is read and verified with the old key (its GCM tag and the row's SHA-256), encrypted with the new
 * one and written in place, whole (a PUT or a rename). Resumable: a file that already opens with the new
 * key is skipped. Run it with the API stopped: a process still on the old key cannot read what was
 * re-encrypted.
 */
export async function rotateDocumentsKey(
  db: Db,
  store: ObjectStore,
  oldKey: Buffer,
  newKey: Buffer,
  onDocument: (storageKey: string) => void = () => undefined,
): Promise<RotationReport> {
  const before: DocumentVault = { store, key: oldKey };
  const after: DocumentVault = { store, key: newKey };
  const report: RotationReport = { reencrypted: 0, alreadyNew: 0, unreadable: [] };
  let last = '';
  for (;;) {
    const rows = await db
      .select({ storageKey: tenantDocuments.storageKey, sha256: tenantDocuments.sha256 })
      .from(tenantDocuments)
      .where(gt(tenantDocuments.storageKey, last))
      .orderBy(asc(tenantDocuments.storageKey))
      .limit(BATCH);
    if (rows.length === 0) return report;
    for (const row of rows) {
      last = row.storageKey;
      onDocument(row.storageKey);
      if (await opens(after, row.storageKey, row.sha256)) {
        report.alreadyNew += 1;
        continue;
      }
      const plaintext = await readPlain(before, row.storageKey, row.sha256);
      if (!plaintext) {
        report.unreadable.push(row.storageKey);
        continue;
      }
      await writeEncrypted(after, row.storageKey, plaintext);
      if (createHash('sha256').update(plaintext).digest('hex') !== row.sha256) {
        throw new Error(`rotation: ${row.storageKey} changed while it was re-encrypted`);
      }
      report.reencrypted += 1;
    }
  }
}

async function opens(vault: DocumentVault, storageKey: string, sha256: string): Promise<boolean> {
  return (await readPlain(vault, storageKey, sha256)) !== null;
}

async function readPlain(vault: DocumentVault, storageKey: string, sha256: string): Promise<Buffer | null> {
  try {
    const opened = await openVerified(vault, storageKey, sha256);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof StoredDocumentUnreadable) return null;
    throw error;
  }
}
