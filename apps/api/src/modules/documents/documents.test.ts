import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documentDownloads, tenantDocuments } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import type { TestApp } from '../../test/helpers';
import { documentPath } from './files';
import { MAX_DOCUMENTS_PER_TENANT } from './store';
import {
  addPerson,
  createDocumentsApp,
  encrypted,
  errorCode,
  filesIn,
  jpegWith,
  makePdf,
  uploadRequest,
  withOpenAction,
} from './test-support';

let t: TestApp & { dataDir: string; documentsDir: string };
let plainPdf: Buffer;
beforeAll(async () => {
  t = await createDocumentsApp();
  plainPdf = await makePdf();
});
afterAll(() => t.close());

const db = () => t.database.db;
const pdf = (bytes: Buffer, name = 'nomina.pdf') => ({ name, type: 'application/pdf', bytes });
const rowsOf = (tenantId: string) =>
  db().select().from(tenantDocuments).where(eq(tenantDocuments.tenantId, tenantId));
const download = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('uploading a document', () => {
  it('stores my PDF encrypted: the file on disk is not the plaintext and decrypts to the same SHA-256', async () => {
    const tenant = await userWithSession(db());
    const marker = 'NOMINA-CONFIDENCIAL-7731';
    const bytes = jpegWith(marker);
    const res = await uploadRequest(t, tenant.token, '/api/document', {
      name: 'C:\\Users\\ana\\nómina\u202egpj.exe',
      type: 'application/octet-stream',
      bytes,
    });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ kindCode: 'TDK002', contentType: 'image/jpeg', size: bytes.length });
    // No folders, no invisible right-to-left override, and the extension of what it really is.
    expect(data.fileName).toBe('nóminagpj.exe.jpg');
    const [row] = await rowsOf(tenant.user.id);
    expect(row?.sha256).toBe(sha256(bytes));
    const stored = fs.readFileSync(documentPath(t.documentsDir, row?.storageKey ?? ''));
    expect(stored.includes(Buffer.from(marker))).toBe(false);
    expect(stored.subarray(0, 5).toString('latin1')).toBe('CODOC');
    expect(stored.length).toBe(bytes.length + 34);
    expect(fs.statSync(documentPath(t.documentsDir, row?.storageKey ?? '')).mode & 0o077).toBe(0);

    const got = await download(tenant.token, `/api/document/download?documentId=${data.id}`);
    expect(got.statusCode).toBe(200);
    expect(sha256(got.rawPayload)).toBe(sha256(bytes));
  });

  it('answers a download as an attachment that no browser renders, sniffs or caches', async () => {
    const tenant = await userWithSession(db());
    const res = await uploadRequest(
      t,
      tenant.token,
      '/api/document',
      pdf(plainPdf, 'Nómina octubre; 100%.pdf'),
    );
    const id = res.json().data.id;
    const got = await download(tenant.token, `/api/document/download?documentId=${id}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Nomina octubre_ 100_.pdf"; filename*=UTF-8''N%C3%B3mina%20octubre%3B%20100%25.pdf`,
    );
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.headers['content-security-policy']).toBe('sandbox');
    expect(got.rawPayload.equals(plainPdf)).toBe(true);
    // No HEAD: it would log a download that sent nothing.
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/document/download?documentId=${id}`,
      headers: bearer(tenant.token),
    });
    expect(head.statusCode).toBe(404);
    const log = await db()
      .select()
      .from(documentDownloads)
      .where(eq(documentDownloads.tenantId, tenant.user.id));
    expect(log).toHaveLength(1);
  });

  it.each([
    [
      'an executable renamed .pdf',
      'programa.pdf',
      () => Buffer.from('MZ\x90\x00\x03\x00\x00\x00 This program', 'latin1'),
      415,
      'DOCUMENT_INVALID',
    ],
    ['an empty file', 'vacio.pdf', () => Buffer.alloc(0), 400, 'DOCUMENT_EMPTY'],
    [
      'a PDF that does not parse',
      'roto.pdf',
      () => Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog', 'latin1'),
      415,
      'DOCUMENT_INVALID',
    ],
    [
      'a PDF with an OpenAction JavaScript',
      'js.pdf',
      () => makePdf({ edit: withOpenAction('JavaScript') }),
      422,
      'DOCUMENT_UNSAFE',
    ],
    [
      'a PDF with JavaScript in a compressed object stream',
      'objstm.pdf',
      () => makePdf({ objectStreams: true, edit: withOpenAction('JavaScript') }),
      422,
      'DOCUMENT_UNSAFE',
    ],
    [
      'a PDF with a Launch action',
      'launch.pdf',
      () => makePdf({ edit: withOpenAction('Launch') }),
      422,
      'DOCUMENT_UNSAFE',
    ],
    ['an encrypted PDF', 'clave.pdf', () => makePdf({ edit: encrypted }), 422, 'DOCUMENT_PROTECTED'],
  ])('refuses %s (%s): its 4xx, no row, no file', async (_what, name, bytes, status, code) => {
    const tenant = await userWithSession(db());
    const content = await bytes();
    if (name === 'objstm.pdf') expect(content.includes(Buffer.from('JavaScript'))).toBe(false);
    const before = filesIn(t.documentsDir);
    const res = await uploadRequest(t, tenant.token, '/api/document', pdf(content, name));
    expect(res.statusCode).toBe(status);
    expect(res.json().errors[0]).toMatchObject({ code, field: 'file' });
    expect(await rowsOf(tenant.user.id)).toEqual([]);
    expect(filesIn(t.documentsDir)).toEqual(before);
  });

  it('refuses 50 MB with 413 DOCUMENT_TOO_LARGE, no row, no file', async () => {
    const tenant = await userWithSession(db());
    const huge = Buffer.alloc(50 * 1024 * 1024, 0x20);
    huge.write('%PDF-1.7\n', 'latin1');
    const before = filesIn(t.documentsDir);
    const res = await uploadRequest(t, tenant.token, '/api/document', pdf(huge, 'enorme.pdf'));
    expect(res.statusCode).toBe(413);
    expect(errorCode(res)).toBe('DOCUMENT_TOO_LARGE');
    expect(await rowsOf(tenant.user.id)).toEqual([]);
    expect(filesIn(t.documentsDir)).toEqual(before);
  });

  it('refuses a missing file or kind with 400 INVALID_INPUT, storing nothing', async () => {
    const tenant = await userWithSession(db());
    const before = filesIn(t.documentsDir);
    const noFile = await uploadRequest(t, tenant.token, '/api/document', null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'file' });
    const badKind = await uploadRequest(t, tenant.token, '/api/document', pdf(plainPdf), {
      kindCode: 'TDK999',
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().errors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'kindCode' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/document',
      headers: bearer(tenant.token),
      payload: { kindCode: 'TDK001' },
    });
    expect(json.statusCode).toBe(415);
    expect(await rowsOf(tenant.user.id)).toEqual([]);
    expect(filesIn(t.documentsDir)).toEqual(before);
  });

  it('stores a document of my guarantor and of my co-holder, never of another tenant’s person or the other role', async () => {
    const tenant = await userWithSession(db());
    const other = await userWithSession(db());
    const guarantor = await addPerson(db(), tenant.user.id, 'guarantor');
    const coHolder = await addPerson(db(), tenant.user.id, 'co_holder');
    const othersCoHolder = await addPerson(db(), other.user.id, 'co_holder');
    const file = pdf(plainPdf);
    expect(
      (await uploadRequest(t, tenant.token, `/api/document/guarantor/${guarantor}`, file)).statusCode,
    ).toBe(201);
    expect(
      (await uploadRequest(t, tenant.token, `/api/document/cotitular/${coHolder}`, file)).statusCode,
    ).toBe(201);
    const before = filesIn(t.documentsDir);
    for (const url of [
      `/api/document/cotitular/${othersCoHolder}`,
      `/api/document/guarantor/${coHolder}`,
      `/api/document/cotitular/${guarantor}`,
      `/api/document/guarantor/${randomUUID()}`,
    ]) {
      const res = await uploadRequest(t, tenant.token, url, file);
      expect(res.statusCode, url).toBe(404);
    }
    expect(filesIn(t.documentsDir)).toEqual(before);
    const rows = await rowsOf(tenant.user.id);
    expect(rows.map((row) => row.personId).sort()).toEqual([coHolder, guarantor].sort());
  });

  it(`keeps at most ${MAX_DOCUMENTS_PER_TENANT} documents: with 39 stored, of 5 uploads at once exactly one succeeds`, async () => {
    const tenant = await userWithSession(db());
    const guarantor = await addPerson(db(), tenant.user.id, 'guarantor');
    await db()
      .insert(tenantDocuments)
      .values(
        Array.from({ length: MAX_DOCUMENTS_PER_TENANT - 1 }, (_, i) => ({
          id: randomUUID(),
          tenantId: tenant.user.id,
          personId: i % 2 === 0 ? null : guarantor,
          kindCode: 'TDK006',
          fileName: `doc-${i}.pdf`,
          contentType: 'application/pdf',
          size: 1,
          storageKey: randomUUID(),
          sha256: '0'.repeat(64),
        })),
      );
    const before = filesIn(t.documentsDir);
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        uploadRequest(
          t,
          tenant.token,
          i % 2 === 0 ? '/api/document' : `/api/document/guarantor/${guarantor}`,
          pdf(plainPdf),
        ),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 422, 422, 422, 422]);
    for (const res of answers.filter((r) => r.statusCode === 422))
      expect(errorCode(res)).toBe('TOO_MANY_DOCUMENTS');
    expect(await rowsOf(tenant.user.id)).toHaveLength(MAX_DOCUMENTS_PER_TENANT);
    // Only the stored one's file is new: the refused uploads left nothing behind.
    expect(filesIn(t.documentsDir)).toHaveLength(before.length + 1);
  });

  it('is not cut by a server time-out before a slow upload of 120 s ends', () => {
    expect(t.app.initialConfig.connectionTimeout ?? 0).toBe(0);
    expect(t.app.server.requestTimeout).toBe(0);
  });
});

describe('deleting a document', () => {
  it('deletes my own (the row, then the file): 204; another user’s id is 404 and keeps it', async () => {
    const tenant = await userWithSession(db());
    const other = await userWithSession(db());
    const id = (await uploadRequest(t, tenant.token, '/api/document', pdf(plainPdf))).json().data.id;
    const [row] = await rowsOf(tenant.user.id);
    const file = documentPath(t.documentsDir, row?.storageKey ?? '');
    expect(fs.existsSync(file)).toBe(true);
    const del = (token: string, url: string) =>
      t.app.inject({ method: 'DELETE', url, headers: bearer(token) });
    expect((await del(other.token, `/api/document/${id}`)).statusCode).toBe(404);
    expect(fs.existsSync(file)).toBe(true);
    expect((await del(tenant.token, `/api/document/${id}`)).statusCode).toBe(204);
    expect(await rowsOf(tenant.user.id)).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    expect((await del(tenant.token, `/api/document/${id}`)).statusCode).toBe(404);
  });

  it('deletes a person’s document only through that person’s path', async () => {
    const tenant = await userWithSession(db());
    const guarantor = await addPerson(db(), tenant.user.id, 'guarantor');
    const coHolder = await addPerson(db(), tenant.user.id, 'co_holder');
    const id = (
      await uploadRequest(t, tenant.token, `/api/document/guarantor/${guarantor}`, pdf(plainPdf))
    ).json().data.id;
    const del = (url: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(tenant.token) });
    expect((await del(`/api/document/${id}`)).statusCode).toBe(404);
    expect((await del(`/api/document/${id}/cotitular/${coHolder}`)).statusCode).toBe(404);
    expect((await del(`/api/document/${id}/cotitular/${guarantor}`)).statusCode).toBe(404);
    expect((await del(`/api/document/${id}/guarantor/${guarantor}`)).statusCode).toBe(204);
    expect(await rowsOf(tenant.user.id)).toEqual([]);
  });
});

describe('downloading my documents', () => {
  it('answers 404 for another user’s document or another tenant’s person, and logs nothing', async () => {
    const tenant = await userWithSession(db());
    const other = await userWithSession(db());
    const coHolder = await addPerson(db(), tenant.user.id, 'co_holder');
    const own = (await uploadRequest(t, tenant.token, '/api/document', pdf(plainPdf))).json().data.id;
    const theirs = (
      await uploadRequest(t, tenant.token, `/api/document/cotitular/${coHolder}`, pdf(plainPdf))
    ).json().data.id;
    for (const url of [
      `/api/document/download?documentId=${own}`,
      `/api/document/download/cotitular/${coHolder}?documentId=${theirs}`,
    ]) {
      expect((await download(other.token, url)).statusCode, url).toBe(404);
    }
    // Mine, but through the wrong path.
    expect((await download(tenant.token, `/api/document/download?documentId=${theirs}`)).statusCode).toBe(
      404,
    );
    expect(
      (await download(tenant.token, `/api/document/download/guarantor/${coHolder}?documentId=${theirs}`))
        .statusCode,
    ).toBe(404);
    const ok = await download(
      tenant.token,
      `/api/document/download/cotitular/${coHolder}?documentId=${theirs}`,
    );
    expect(ok.statusCode).toBe(200);
    const log = await db()
      .select()
      .from(documentDownloads)
      .where(eq(documentDownloads.tenantId, tenant.user.id));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      documentId: theirs,
      byRole: 'tenant',
      byUserId: tenant.user.id,
      offerId: null,
    });
  });

  it('fails a tampered file with 500 INTERNAL_ERROR: nothing of it sent, no log row', async () => {
    const tenant = await userWithSession(db());
    const marker = 'DNI-ANA-LOPEZ-0042';
    const id = (
      await uploadRequest(t, tenant.token, '/api/document', {
        name: 'dni.jpg',
        type: 'image/jpeg',
        bytes: jpegWith(marker),
      })
    ).json().data.id;
    const [row] = await rowsOf(tenant.user.id);
    const file = documentPath(t.documentsDir, row?.storageKey ?? '');
    const stored = fs.readFileSync(file);
    stored.writeUInt8(stored.readUInt8(stored.length - 100) ^ 0x01, stored.length - 100);
    fs.writeFileSync(file, stored);
    const got = await download(tenant.token, `/api/document/download?documentId=${id}`);
    expect(got.statusCode).toBe(500);
    expect(errorCode(got)).toBe('INTERNAL_ERROR');
    expect(got.body.includes(marker)).toBe(false);
    expect(
      await db().select().from(documentDownloads).where(eq(documentDownloads.tenantId, tenant.user.id)),
    ).toEqual([]);
  });

  it('never fails a download racing the deletion of its document: 200 or 404, and the delete 204', async () => {
    const tenant = await userWithSession(db());
    for (let round = 0; round < 4; round++) {
      const id = (await uploadRequest(t, tenant.token, '/api/document', pdf(plainPdf))).json().data.id;
      const [got, deleted] = await Promise.all([
        download(tenant.token, `/api/document/download?documentId=${id}`),
        t.app.inject({ method: 'DELETE', url: `/api/document/${id}`, headers: bearer(tenant.token) }),
      ]);
      expect([200, 404]).toContain(got.statusCode);
      if (got.statusCode === 200) expect(got.rawPayload.equals(plainPdf)).toBe(true);
      expect(deleted.statusCode).toBe(204);
    }
    expect(await rowsOf(tenant.user.id)).toEqual([]);
  });

  it('logs an agent acting as me under the agent’s own id', async () => {
    const tenant = await userWithSession(db());
    const { agent } = await agentWithSession(db());
    const asTenant = await createSession(db(), {
      userId: tenant.user.id,
      kind: 'impersonation',
      agentId: agent.id,
      reason: 'Ayuda con documentos',
    });
    const id = (await uploadRequest(t, tenant.token, '/api/document', pdf(plainPdf))).json().data.id;
    expect((await download(asTenant.token, `/api/document/download?documentId=${id}`)).statusCode).toBe(200);
    const [log] = await db()
      .select()
      .from(documentDownloads)
      .where(eq(documentDownloads.tenantId, tenant.user.id));
    expect(log).toMatchObject({ byRole: 'agent', byUserId: agent.id, documentId: id });
  });
});
