import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/s3-server';
import { localStore } from './local';
import { copyObjects } from './migrate';
import { readObject } from './store';

/** Moving a local store into a bucket (decision 035): counts, idempotent, resumable, and the command. */
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let s3: TestS3;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-migrate-'));
const files: Record<string, Buffer> = {
  'media/demo/a-card.webp': randomBytes(2_000),
  'media/properties/p1/i1-gallery.webp': randomBytes(70_000),
  'documents/d1.enc': randomBytes(5_000),
  'contract-images/c1/i1.jpg': randomBytes(3_000),
};
beforeAll(async () => {
  s3 = await startS3('migrate-test');
  for (const [key, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dataDir, key)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, key), bytes);
  }
  // Not the store's: a temporary file, the database, the lock, a generated key.
  fs.writeFileSync(
    path.join(dataDir, 'media/demo/a-card.webp.0f8fad5b-d9cb-469f-a165-70867728950e.tmp'),
    'x',
  );
  fs.writeFileSync(path.join(dataDir, 'documents.key'), 'clave');
});
afterAll(async () => {
  await s3.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('storage:migrate', () => {
  it('copies every file once, skips what is there, and resumes after a stop', async () => {
    const bucket = s3.store();
    const first = await copyObjects(localStore(dataDir), bucket);
    expect(first).toMatchObject({ copied: 4, skipped: 0, failed: [] });
    for (const [key, bytes] of Object.entries(files)) {
      expect((await readObject(bucket, key))?.equals(bytes)).toBe(true);
    }
    expect(await bucket.head('documents.key')).toBeNull();
    expect(await copyObjects(localStore(dataDir), bucket)).toMatchObject({ copied: 0, skipped: 4 });
    // A run that stopped before the last two: they are copied, the others skipped.
    await bucket.delete('documents/d1.enc');
    await bucket.delete('contract-images/c1/i1.jpg');
    expect(await copyObjects(localStore(dataDir), bucket)).toMatchObject({ copied: 2, skipped: 2 });
  });

  it('is a command that reports its counts, and refuses without a bucket', async () => {
    // Not spawnSync: the S3 server runs in this process and must answer meanwhile.
    const run = (env: Record<string, string>) =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', 'src/cli/storage-migrate.ts'],
          { cwd: apiRoot, env: { PATH: process.env.PATH, NODE_ENV: 'test', DATA_DIR: dataDir, ...env } },
          (_error, stdout, stderr) => resolve({ status: child.exitCode, stdout, stderr }),
        );
      });
    const refused = await run({});
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/STORAGE=s3/);
    const documentsKey = randomBytes(32).toString('base64');
    const moved = await run({
      ...s3.env,
      S3_BUCKET: 'migrate-cli',
      DOCUMENTS_KEY: documentsKey,
      CONTRACT_SIGNING_P12: randomBytes(64).toString('base64'),
    });
    // The bucket must exist: the command does not create it.
    expect(moved.status).toBe(1);
    const into = await run({
      ...s3.env,
      DOCUMENTS_KEY: documentsKey,
      CONTRACT_SIGNING_P12: randomBytes(64).toString('base64'),
    });
    expect(into.stdout).toContain('Copiados: 0');
    expect(into.stdout).toContain('Ya estaban: 4');
    expect(into.status).toBe(0);
  });
});
