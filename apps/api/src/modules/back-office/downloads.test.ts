import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { solvencyTexts } from '@casaoferta/domain/rules/solvency-texts';
import { createAnnouncement, createOffer, createUser } from '../../db/factories';
import { agentAuditLog, documentDownloads, propertyImages } from '../../db/schema/index';
import { createSession } from '../../platform/auth';
import { imageFile, mediaRoot } from '../../platform/media';
import { agentWithSession, bearer, userWithSession } from '../../test/auth-helpers';
import type { TestApp } from '../../test/helpers';
import { documentPath } from '../documents/files';
import { addPerson, createDocumentsApp, makePdf } from '../documents/test-support';
import type { DocumentVault } from '../documents/vault';
import { storeProfile } from '../offers/profile-test-support';
import {
  agentWithoutDownloads,
  pdftotext,
  readZip,
  reportText,
  storeDocument,
  unzipTest,
  vaultOf,
} from './downloads-test-support';
import { zipSegment, ZipNames } from './downloads-zip';

let t: TestApp & { dataDir: string; documentsDir: string };
let vault: DocumentVault;
let agent: { token: string; agent: { id: string } };
let pdf: Buffer;
beforeAll(async () => {
  t = await createDocumentsApp();
  vault = await vaultOf(t.dataDir);
  agent = await agentWithSession(t.database.db, 'agent');
  pdf = await makePdf();
});
afterAll(() => t.close());

const db = () => t.database.db;
const get = (url: string, token?: string | null) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const logOf = (tenantId: string) =>
  db().select().from(documentDownloads).where(eq(documentDownloads.tenantId, tenantId));

/** A live rental of a new owner with a sent offer of a candidate whose profile has a guarantor. */
async function offerWorld(options: { sale?: boolean } = {}) {
  const owner = await createUser(db(), { name: 'Olga', surname: 'Dueña Martín' });
  const { announcement, property } = await createAnnouncement(
    db(),
    owner.id,
    options.sale ? { typeCode: 'ATY003', price: 250_000, customTitle: 'Ático en venta' } : { price: 900 },
  );
  const candidate = await createUser(db(), {
    name: 'Laura',
    surname: 'García Núñez',
    email: `laura-${Date.now()}@correo.test`,
    isVerified: true,
  });
  await storeProfile(db(), candidate.id, {
    work: { nif: '87654321X', typeContractCode: 'UTC001', salaryRangeCode: 'URS006' },
    personal: true,
    household: true,
    guarantors: [{ nif: '11111111H', salaryRangeCode: 'URS008' }],
  });
  const offer = await createOffer(
    db(),
    announcement.id,
    candidate.id,
    options.sale
      ? { amount: 240_000, paymentType: 'OPT001', mortgageAmount: 180_000, mortgagePreApproved: true }
      : { amount: 900 },
  );
  return { owner, announcement, property, candidate, offer };
}

const reportUrl = (w: { announcement: { id: string }; offer: { id: string } }, kind: string) =>
  `/api/agents/announcement/${w.announcement.id}/offer/${w.offer.id}/${kind}`;

describe('who may download', () => {
  it('answers 401 to a visitor, 403 to a person, to an agent acting as one and to an agent without the permission, 400 to a bad id, 404 to unknown rows', async () => {
    const w = await offerWorld();
    const person = await userWithSession(db());
    const actingAs = await createSession(db(), {
      userId: person.user.id,
      kind: 'impersonation',
      agentId: agent.agent.id,
    });
    const limited = await agentWithoutDownloads(db());
    const missing = '00000000-0000-4000-8000-000000000001';
    const urls = [
      reportUrl(w, 'solvency-report'),
      reportUrl(w, 'candidate-report'),
      reportUrl(w, 'document-users'),
      `/api/agents/announcement/${w.announcement.id}/document-users`,
      `/api/agents/users/${w.candidate.id}/documents/zip`,
      `/api/property/${w.property.id}/download-images`,
    ];
    for (const url of urls) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, person.token)).statusCode, url).toBe(403);
      expect((await get(url, actingAs.token)).statusCode, url).toBe(403);
      const refused = await get(url, limited.token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().errors[0].code).toBe('FORBIDDEN');
      expect((await get(url, agent.token)).statusCode, url).toBe(200);
      const bad = url.replace(/[0-9a-f-]{36}/, 'no-es-un-id');
      expect((await get(bad, agent.token)).statusCode, bad).toBe(400);
      const unknown = url.replace(/[0-9a-f-]{36}/, missing);
      expect((await get(unknown, agent.token)).statusCode, unknown).toBe(404);
    }
    // An offer of another announcement is not this announcement's.
    const other = await offerWorld();
    for (const kind of ['solvency-report', 'candidate-report', 'document-users']) {
      const url = `/api/agents/announcement/${w.announcement.id}/offer/${other.offer.id}/${kind}`;
      expect((await get(url, agent.token)).statusCode, url).toBe(404);
    }
    // A HEAD would log downloads without sending them: there is none.
    expect(
      (await t.app.inject({ method: 'HEAD', url: urls[2] ?? '', headers: bearer(agent.token) })).statusCode,
    ).toBe(404);
  });
});

describe('the solvency report', () => {
  it('is a PDF with the profile, household, guarantor, incomes, ratio, verdict with the web’s reasons and the documents listed', async () => {
    const w = await offerWorld();
    const guarantorId = await addPerson(db(), w.candidate.id, 'guarantor', 'Pedro');
    await storeDocument(db(), vault, w.candidate.id, { bytes: pdf, fileName: 'nómina-octubre.pdf' });
    await storeDocument(db(), vault, w.candidate.id, {
      bytes: pdf,
      fileName: 'renta 2025.pdf',
      kindCode: 'TDK004',
      personId: guarantorId,
    });
    const res = await get(reportUrl(w, 'solvency-report'), agent.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="informe-solvencia-laura-garcia-nunez-${w.announcement.reference}.pdf"; filename*=UTF-8''informe-solvencia-laura-garcia-nunez-${w.announcement.reference}.pdf`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await reportText(res.rawPayload);
    for (const expected of [
      'Informe de solvencia',
      'Laura García Núñez',
      '•••••321X',
      'Indefinido',
      'De 2.000 € a 2.500 € netos/mes',
      'Convivientes',
      'Avalista',
      'Pedro Ruiz Soto',
      // 900 €/mes of the holder's 2.000 € and the guarantors' 3.000 € (Pedro has no band): 18 %, solvent
      // with a guarantor (45 % on the holder's alone). The owner's and the tenant's figure (issue 23, point 8).
      'Ingresos de los titulares 2.000 €/mes',
      'Ingresos de los avalistas 3.000 €/mes',
      'Ingresos del hogar 5.000 €/mes',
      'Veredicto Solvente con avalista',
      'Esfuerzo (alquiler / ingresos) 18\u00a0%',
      solvencyTexts.share('owner', '900 €/mes', 0.18, '5.000 €/mes', 1),
      solvencyTexts.withGuarantor('owner'),
      'nómina-octubre.pdf',
      'renta 2025.pdf',
      'Declaración de la renta',
      'Página 1 de',
    ]) {
      expect(text).toContain(expected);
    }
    // Listing the documents is not downloading them.
    expect(await logOf(w.candidate.id)).toHaveLength(0);
    // poppler reads it too, where the machine has it.
    const poppler = pdftotext(res.rawPayload);
    if (poppler !== null) expect(poppler).toContain('Informe de solvencia');
  });

  it('prints names in scripts the font lacks without failing', async () => {
    const w = await offerWorld();
    const { users } = await import('../../db/schema/index');
    await db()
      .update(users)
      .set({ name: 'Zoë 李', surname: 'Łukasz 🏠' })
      .where(eq(users.id, w.candidate.id));
    const res = await get(reportUrl(w, 'solvency-report'), agent.token);
    expect(res.statusCode).toBe(200);
    // DejaVu Sans prints Ł; it has no Chinese and no 🏠 (docs/decisions/025-pdf-font.md).
    expect(await reportText(res.rawPayload)).toContain('Zoë ? Łukasz ?');
  });
});

describe('the candidate report', () => {
  it('has the sale offer with its mortgage, the timeline, the contact data and the solvency summary', async () => {
    const w = await offerWorld({ sale: true });
    const res = await get(reportUrl(w, 'candidate-report'), agent.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename="informe-candidato-laura-garcia-nunez-${w.announcement.reference}.pdf"`,
    );
    const text = await reportText(res.rawPayload);
    for (const expected of [
      'Informe del candidato',
      'Ático en venta',
      'Enviada',
      '240.000 €',
      'Hipoteca',
      '180.000 €',
      'Oferta enviada',
      w.candidate.phoneNumber ?? '',
      w.candidate.email ?? '',
      'Usuario verificado',
      'Solvente',
      solvencyTexts.saleMortgageApproved('180.000 €'),
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('the documents zips', () => {
  it('streams the candidate’s and their people’s documents, a folder each, and logs each download where the candidate sees it', async () => {
    const w = await offerWorld();
    const guarantorId = await addPerson(db(), w.candidate.id, 'guarantor', 'Pedro');
    const coHolderId = await addPerson(db(), w.candidate.id, 'co_holder', 'Cora');
    const own = await storeDocument(db(), vault, w.candidate.id, { bytes: pdf, fileName: 'nómina.pdf' });
    const twin = await storeDocument(db(), vault, w.candidate.id, {
      bytes: Buffer.from('%PDF-otra'),
      fileName: 'nómina.pdf',
    });
    await storeDocument(db(), vault, w.candidate.id, {
      bytes: Buffer.from('%PDF-aval'),
      fileName: '../../etc/passwd',
      kindCode: 'TDK001',
      personId: guarantorId,
    });
    await storeDocument(db(), vault, w.candidate.id, {
      bytes: Buffer.from('%PDF-cotitular'),
      fileName: 'C:\\temp\\contrato\u202egpj.pdf',
      kindCode: 'TDK003',
      personId: coHolderId,
    });
    const res = await get(reportUrl(w, 'document-users'), agent.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(
      `filename="documentos-laura-garcia-nunez-${w.announcement.reference}.zip"`,
    );
    const entries = await readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      'Candidato - Laura García Núñez/Nóminas - nómina.pdf',
      'Candidato - Laura García Núñez/Nóminas - nómina (2).pdf',
      'Co-titular - Cora Ruiz Soto/Contrato de trabajo - C__temp_contratogpj.pdf',
      'Avalista - Pedro Ruiz Soto/Documento de identidad - .._.._etc_passwd',
    ]);
    expect(entries.every((e) => e.utf8)).toBe(true);
    // Info-ZIP reads it too (stored entries with data descriptors), where the machine has it.
    const tested = unzipTest(res.rawPayload);
    if (tested !== null) expect(tested).toBe(0);
    expect(entries[0]?.data.equals(pdf)).toBe(true);
    expect(entries[1]?.data.toString()).toBe('%PDF-otra');
    const log = await logOf(w.candidate.id);
    expect(log).toHaveLength(4);
    expect(log.every((row) => row.byRole === 'agent' && row.byUserId === agent.agent.id)).toBe(true);
    expect(log.every((row) => row.offerId === w.offer.id)).toBe(true);
    expect(new Set(log.map((row) => row.documentId))).toContain(own.id);
    expect(new Set(log.map((row) => row.documentId))).toContain(twin.id);
    // The candidate reads them on /profile/documentation as the team's.
    const session = await createSession(db(), { userId: w.candidate.id, kind: 'user' });
    const seen = await get('/api/document/downloads', session.token);
    expect(seen.json().data).toHaveLength(4);
    expect(seen.json().data[0].byLabel).toBe('Equipo de Casaoferta');
  });

  it('leaves out a document whose file fails its check, names it in NO INCLUIDOS.txt and logs no download of it', async () => {
    const w = await offerWorld();
    await storeDocument(db(), vault, w.candidate.id, { bytes: pdf, fileName: 'buena.pdf' });
    const bad = await storeDocument(db(), vault, w.candidate.id, { bytes: pdf, fileName: 'dañada.pdf' });
    const file = documentPath(t.documentsDir, bad.storageKey);
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    fs.writeFileSync(file, bytes);
    const res = await get(`/api/agents/users/${w.candidate.id}/documents/zip`, agent.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="documentos-laura-garcia-nunez.zip"');
    const entries = await readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      'Titular - Laura García Núñez/Nóminas - buena.pdf',
      'NO INCLUIDOS.txt',
    ]);
    expect(entries[1]?.data.toString()).toContain('Titular - Laura García Núñez/Nóminas - dañada.pdf');
    const log = await logOf(w.candidate.id);
    expect(log.map((row) => row.fileName)).toEqual(['buena.pdf']);
    expect(log[0]?.offerId).toBeNull();
  });

  it('gives a valid empty zip when there is nothing to download', async () => {
    const w = await offerWorld();
    const res = await get(reportUrl(w, 'document-users'), agent.token);
    expect(res.statusCode).toBe(200);
    expect(await readZip(res.rawPayload)).toEqual([]);
  });

  it('zips every current candidate of an announcement, a folder each, and leaves out withdrawn offers', async () => {
    const w = await offerWorld();
    await storeDocument(db(), vault, w.candidate.id, { bytes: pdf, fileName: 'nómina.pdf' });
    const second = await createUser(db(), { name: 'Íñigo', surname: 'Sáez' });
    const secondOffer = await createOffer(db(), w.announcement.id, second.id, { amount: 950 });
    await storeDocument(db(), vault, second.id, { bytes: pdf, fileName: 'dni.pdf', kindCode: 'TDK001' });
    const gone = await createUser(db(), { name: 'Retirado', surname: 'Pérez' });
    await createOffer(db(), w.announcement.id, gone.id, { amount: 950, statusCode: 'OSC003' });
    await storeDocument(db(), vault, gone.id, { bytes: pdf, fileName: 'no.pdf' });
    const res = await get(`/api/agents/announcement/${w.announcement.id}/document-users`, agent.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `filename="documentos-candidatos-${w.announcement.reference}.zip"`,
    );
    const names = (await readZip(res.rawPayload)).map((e) => e.name);
    expect(names).toEqual([
      'Laura García Núñez/Candidato - Laura García Núñez/Nóminas - nómina.pdf',
      'Íñigo Sáez/Candidato - Íñigo Sáez/Documento de identidad - dni.pdf',
    ]);
    expect((await logOf(second.id)).map((row) => row.offerId)).toEqual([secondOffer.id]);
    expect(await logOf(gone.id)).toHaveLength(0);
  });
});

describe('the photos zip', () => {
  it('zips the gallery size of every photo in order, pending ones named so, and names a missing file', async () => {
    const owner = await createUser(db());
    const { property } = await createAnnouncement(db(), owner.id);
    const root = mediaRoot(t.dataDir);
    fs.mkdirSync(root, { recursive: true });
    const webp = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#0f766e' } })
      .webp()
      .toBuffer();
    const keys = ['a', 'b', 'c'].map((k) => `${property.id}-${k}`);
    for (const key of keys.slice(0, 2)) fs.writeFileSync(imageFile(root, key, 'gallery'), webp);
    await db()
      .insert(propertyImages)
      .values(
        keys.map((storageKey, position) => ({
          propertyId: property.id,
          position: [1, 0, 2][position] ?? position,
          storageKey,
          width: 8,
          height: 6,
          pending: position === 0,
        })),
      );
    const res = await get(`/api/property/${property.id}/download-images`, agent.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename="fotos-${property.reference}.zip"`);
    const entries = await readZip(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([
      'foto-01.webp',
      'foto-02-pendiente.webp',
      'NO INCLUIDOS.txt',
    ]);
    expect(entries[0]?.data.equals(webp)).toBe(true);
    expect(entries[2]?.data.toString()).toContain('foto-03.webp');
    expect(path.basename(imageFile(root, keys[2] ?? '', 'gallery'))).not.toBe('');
    // A download is an agent's action: it is in the audit log, though a GET.
    const audited = await t.database.db
      .select()
      .from(agentAuditLog)
      .where(eq(agentAuditLog.targetPropertyId, property.id));
    expect(audited).toMatchObject([
      { agentId: agent.agent.id, method: 'GET', action: '/api/property/:id/download-images', status: 200 },
    ]);
  });
});

describe('names inside a zip', () => {
  it('never carry folders, parent steps, control characters or Windows-forbidden names', () => {
    expect(zipSegment('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(zipSegment('..')).toBe('Sin nombre');
    expect(zipSegment(' nómina\u0000\u202e.pdf. ')).toBe('nómina.pdf');
    expect(zipSegment('CON.pdf')).toBe('_CON.pdf');
    expect(zipSegment(`${'a'.repeat(300)}.pdf`)).toBe(`${'a'.repeat(116)}.pdf`);
    const names = new ZipNames();
    expect(names.take(['A', 'x.pdf'])).toBe('A/x.pdf');
    expect(names.take(['A', 'X.pdf'])).toBe('A/X (2).pdf');
    expect(names.take(['B/..', 'x.pdf'])).toBe('B_/x.pdf');
  });
});
