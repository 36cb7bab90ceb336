import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { householdPeople, tenantDocuments, tenantProfiles, users } from '../../db/schema/index';
import { bearer } from '../../test/auth-helpers';
import { testConfig } from '../../test/helpers';
import { documentPath, documentsRoot } from '../documents/files';

/** Shared by the tenant profile's tests. */

/** A DNI with its right check letter for the number `n` (SPEC 5.3). */
export const dni = (n: number): string =>
  `${String(n).padStart(8, '0')}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23] ?? ''}`;

export const work = { nif: '12345678Z', typeContractCode: 'UTC001', salaryRangeCode: 'URS005' };
export const personal = {
  name: 'Lucía',
  surname: 'García Pérez',
  birthDate: '1990-04-12',
  countryCode: 'ES',
  civilStatusCode: 'UCS001',
};
export const coexistence = { numberCohabitants: 2, numberChildren: 1, hasPets: false, hasSmokers: true };
export const wizard = { ...work, ...personal, ...coexistence };
export const person = (nif: string, overrides: object = {}) => ({
  ...work,
  ...personal,
  name: 'Marta',
  surname: 'Avalista Ruiz',
  nif,
  ...overrides,
});
export const newPerson = (nif: string, overrides: object = {}) => ({
  id: randomUUID(),
  ...person(nif),
  ...overrides,
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function tenantClient(app: FastifyInstance) {
  const call = (method: Method, url: string, token: string | null, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  return {
    call,
    profile: (token: string) => call('GET', '/api/tenant', token),
  };
}

export const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { errors: { code: string; field?: string }[] }).errors[0];

/** Everything stored of a tenant's profile, to compare before and after a refused request. */
export async function storedState(db: Db, userId: string) {
  const profile = await db.select().from(tenantProfiles).where(eq(tenantProfiles.userId, userId));
  const people = await db.select().from(householdPeople).where(eq(householdPeople.tenantId, userId));
  const documents = await db.select().from(tenantDocuments).where(eq(tenantDocuments.tenantId, userId));
  const [user] = await db
    .select({ hasProfileCompleted: users.hasProfileCompleted })
    .from(users)
    .where(eq(users.id, userId));
  return { profile, people, documents, hasProfileCompleted: user?.hasProfileCompleted };
}

export const documentsDir = documentsRoot(testConfig().dataDir);

/** A stored document of the tenant (`personId` null) or of one of their people, with its file on disk. */
export async function storeDocument(db: Db, tenantId: string, personId: string | null) {
  const storageKey = randomUUID();
  const [row] = await db
    .insert(tenantDocuments)
    .values({
      id: randomUUID(),
      tenantId,
      personId,
      kindCode: 'TDK002',
      fileName: 'nomina-enero.pdf',
      contentType: 'application/pdf',
      size: 4,
      storageKey,
      sha256: '0'.repeat(64),
    })
    .returning();
  if (!row) throw new Error('storeDocument: no row returned');
  await fs.mkdir(documentsDir, { recursive: true });
  await fs.writeFile(documentPath(documentsDir, storageKey), 'data');
  return row;
}

export const fileExists = (storageKey: string) =>
  fs.access(documentPath(documentsDir, storageKey)).then(
    () => true,
    () => false,
  );

export const personRows = (db: Db, tenantId: string, role: string) =>
  db
    .select()
    .from(householdPeople)
    .where(and(eq(householdPeople.tenantId, tenantId), eq(householdPeople.role, role)));
