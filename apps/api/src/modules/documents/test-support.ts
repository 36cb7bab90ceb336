import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import type { Db } from '../../db/client';
import { householdPeople } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/helpers';
import { bearer } from '../../test/auth-helpers';
import { multipart } from '../../test/multipart';

/** A test app with a data dir of its own, so its documents folder holds only this file's files. */
export async function createDocumentsApp(): Promise<TestApp & { dataDir: string; documentsDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-documents-'));
  const t = await createTestApp({ DATA_DIR: dataDir });
  return {
    ...t,
    dataDir,
    documentsDir: path.join(dataDir, 'documents'),
    async close() {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every file in the documents folder, temporary ones included. */
export const filesIn = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

/** A one-page PDF; `edit` may add objects before it is saved. */
export async function makePdf(
  options: { objectStreams?: boolean; edit?: (doc: PDFDocument) => void } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText('Nómina de octubre', { x: 20, y: 100, size: 14 });
  options.edit?.(doc);
  return Buffer.from(await doc.save({ useObjectStreams: options.objectStreams ?? false }));
}

/** A catalog /OpenAction of type `type` (JavaScript runs `app.alert`, Launch starts a program). */
export const withOpenAction =
  (type: 'JavaScript' | 'Launch') =>
  (doc: PDFDocument): void => {
    const action =
      type === 'JavaScript'
        ? doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hola")') })
        : doc.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') });
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  };

/** An /Encrypt entry in the trailer: what a password-protected PDF carries. */
export const encrypted = (doc: PDFDocument): void => {
  doc.context.trailerInfo.Encrypt = doc.context.register(
    doc.context.obj({ Filter: 'Standard', V: 2, R: 3, Length: 128, P: -3904 }),
  );
};

/** A JPEG by its magic bytes, with a marker that must never appear in the stored file. */
export const jpegWith = (marker: string): Buffer =>
  Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.from(marker.repeat(200), 'utf8')]);

export async function uploadRequest(
  t: TestApp,
  token: string,
  url: string,
  file: { name: string; type: string; bytes: Buffer } | null,
  fields: Record<string, string> = { kindCode: 'TDK002' },
) {
  const body = await multipart(fields, file ?? undefined);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** A co-holder or guarantor row of `tenantId` (the profile endpoints are not needed for documents). */
export async function addPerson(
  db: Db,
  tenantId: string,
  role: 'co_holder' | 'guarantor',
  name = 'Marta',
): Promise<string> {
  const id = randomUUID();
  await db.insert(householdPeople).values({
    id,
    tenantId,
    role,
    nif: `${Math.floor(Math.random() * 1e8)
      .toString()
      .padStart(8, '0')}${role === 'guarantor' ? 'G' : 'C'}`,
    name,
    surname: 'Ruiz Soto',
  });
  return id;
}

export const errorCode = (response: { json: () => unknown }): string | undefined =>
  (response.json() as { errors?: { code: string }[] }).errors?.[0]?.code;
