import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { openPglite, type Database } from '../db/client';
import { createProperty } from '../db/factories';
import { contracts, outbox } from '../db/schema/index';
import { contractTestKit, ownerForm, tenantForm, type Person } from '../modules/contracts/test-support';
import { makePdf, uploadRequest } from '../modules/documents/test-support';
import { secretKeysOf } from '../modules/documents/vault';
import { bearer, userWithSession } from '../test/auth-helpers';
import { testConfig, type TestApp } from '../test/helpers';
import { multipart } from '../test/multipart';
import { readableBody } from './outbox';

/**
 * Back up, destroy, restore (issue 25 point 7, docs/OPERATIONS.md "Backups and restore"), in the embedded
 * mode: the API stopped, DATA_DIR (PGlite's data, the local store, the generated documents key and
 * sealing certificate) copied whole, the original destroyed, the copy put back, the API started again.
 * A photo, a document and a signed contract open as before, and a session made before still works.
 */
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `casaoferta-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string, template?: Blob): Promise<TestApp> {
  const database: Database = await openPglite(dataDir, template ? { loadDataDir: template } : {});
  const config = testConfig({ DATA_DIR: dataDir });
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe('a backup of DATA_DIR, restored', () => {
  it('opens the photo, the document and the signed contract, and keeps the sessions', async () => {
    const dataDir = tempDir('backup-live');
    let t = await start(dataDir, new Blob([fs.readFileSync(inject('pgliteTemplate'))]));
    const kit = contractTestKit(() => t);
    const owner = await userWithSession(t.database.db, { name: 'Olga', surname: 'Dueñas Ruiz' });
    const tenant = await userWithSession(t.database.db, { name: 'Teo', surname: 'García López' });

    const property = await createProperty(t.database.db, owner.user.id);
    const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const body = await multipart(
      { propertyId: property.id },
      { name: 'salon.jpg', type: 'image/jpeg', bytes: picture },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/announcement/images',
      headers: { ...bearer(owner.token), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const gallery: string = uploaded.json().data.gallery;
    const photo = (await t.app.inject({ method: 'GET', url: gallery })).rawPayload;

    const pdf = await makePdf();
    const document = await uploadRequest(t, tenant.token, '/api/document', {
      name: 'nomina.pdf',
      type: 'application/pdf',
      bytes: pdf,
    });
    expect(document.statusCode).toBe(201);
    const documentUrl = `/api/document/download?documentId=${document.json().data.id}`;

    const { id } = await kit.sentToSign(owner, tenant);
    const keys = await secretKeysOf(t.config);
    const sign = async (person: Person, party: 'owner' | 'tenant', fullName: string) => {
      expect(
        (await kit.call('POST', `/api/contract/${id}/${party}/sign-code`, person.token)).statusCode,
      ).toBe(200);
      const [message] = await t.database.db
        .select({ id: outbox.id, body: outbox.body, sealedBody: outbox.sealedBody })
        .from(outbox)
        .where(and(eq(outbox.recipient, person.user.phoneNumber ?? ''), eq(outbox.channel, 'sms')))
        .orderBy(desc(outbox.createdAt))
        .limit(1);
      const code = (message && readableBody(keys, message))?.match(/\b(\d{6})\b/)?.[1] ?? '';
      const signed = await kit.call('POST', `/api/contract/${id}/${party}/sign`, person.token, {
        fullName,
        code,
      });
      expect(signed.statusCode).toBe(200);
    };
    await sign(owner, 'owner', `${ownerForm().party.name} ${ownerForm().party.surname}`);
    await sign(tenant, 'tenant', `${tenantForm().party.name} ${tenantForm().party.surname}`);
    const [row] = await t.database.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row?.statusCode).toBe('CST004');
    const contract = (await kit.call('GET', `/api/contract/${id}/download`, owner.token)).rawPayload;
    expect(contract.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The backup: the API stopped, DATA_DIR copied whole. Then the original is destroyed.
    await t.close();
    const backup = tempDir('backup-copy');
    fs.cpSync(dataDir, backup, { recursive: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(fs.existsSync(dataDir)).toBe(false);

    // The restore: the copy put back, the API started on it.
    fs.cpSync(backup, dataDir, { recursive: true });
    t = await start(dataDir);
    try {
      const again = await t.app.inject({ method: 'GET', url: gallery });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(photo)).toBe(true);
      const restored = await t.app.inject({ method: 'GET', url: documentUrl, headers: bearer(tenant.token) });
      expect(restored.statusCode).toBe(200);
      expect(restored.rawPayload.equals(pdf)).toBe(true);
      const signed = await kit.call('GET', `/api/contract/${id}/download`, tenant.token);
      expect(signed.statusCode).toBe(200);
      expect(signed.rawPayload.equals(contract)).toBe(true);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/authentication',
        headers: bearer(owner.token),
      });
      expect(me.statusCode).toBe(200);
      expect(JSON.stringify(me.json())).toContain(owner.user.id);
    } finally {
      await t.close();
    }
  }, 120_000);
});
