import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createUser } from '../../db/factories';
import { localStore } from '../../platform/storage/local';
import { readObject } from '../../platform/storage/store';
import { createTestDatabase } from '../../test/helpers';
import { storeDocument } from '../back-office/downloads-test-support';
import { rotateDocumentsKey } from './rotate';
import { openVerified, StoredDocumentUnreadable } from './vault';

/** Rotating the documents key (decision 035): every file re-encrypted, resumable, nothing else touched. */
let database: Database;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-rotate-'));
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const text = async (opened: { stream(): NodeJS.ReadableStream }) => {
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

describe('rotating the documents key', () => {
  it('re-encrypts every document under the new key, and resumes after a stop', async () => {
    const store = localStore(dataDir);
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const tenant = await createUser(database.db);
    const rows = [];
    for (const name of ['nomina', 'contrato', 'dni']) {
      rows.push(
        await storeDocument(database.db, { store, key: oldKey }, tenant.id, {
          bytes: Buffer.from(`${name} de Teo`),
          fileName: `${name}.pdf`,
        }),
      );
    }
    const [first, second] = rows;
    if (!first || !second) throw new Error('no rows');
    const before = await readObject(store, `documents/${first.storageKey}.enc`);
    expect(await rotateDocumentsKey(database.db, store, oldKey, newKey)).toMatchObject({
      reencrypted: 3,
      alreadyNew: 0,
      unreadable: [],
    });
    // Run again (as after a stop halfway): what is under the new key is skipped.
    const again = await rotateDocumentsKey(database.db, store, oldKey, newKey);
    expect(again).toMatchObject({ reencrypted: 0, alreadyNew: 3 });
    expect(
      (await readObject(store, `documents/${first.storageKey}.enc`))?.equals(before ?? Buffer.alloc(0)),
    ).toBe(false);
    expect(await text(await openVerified({ store, key: newKey }, second.storageKey, second.sha256))).toBe(
      'contrato de Teo',
    );
    await expect(openVerified({ store, key: oldKey }, first.storageKey, first.sha256)).rejects.toThrow(
      StoredDocumentUnreadable,
    );
    // A file readable with neither key is named, not overwritten.
    await store.put(`documents/${first.storageKey}.enc`, randomBytes(80));
    const damaged = await rotateDocumentsKey(database.db, store, newKey, randomBytes(32));
    expect(damaged.unreadable).toEqual([first.storageKey]);
    expect(damaged.reencrypted).toBe(2);
  });
});
