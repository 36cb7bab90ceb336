import { asc, eq } from 'drizzle-orm';
import { HouseholdRole } from '@casaoferta/domain/codes';
import { profileCompleteness } from '@casaoferta/domain/rules/tenant-profile';
import type { HouseholdPerson, TenantDocument, TenantProfile } from '@casaoferta/domain/schemas/tenant';
import type { DocumentKindCode } from '@casaoferta/domain/codes';
import type { Db } from '../../db/client';
import { tenantDocuments } from '../../db/schema/index';
import { storedProfileOf } from '@casaoferta/domain/rules/tenant-profile';
import { readHousehold, type PersonRow } from './profile-store';

type DocumentRow = typeof tenantDocuments.$inferSelect;

export function documentDto(row: DocumentRow): TenantDocument {
  return {
    id: row.id,
    kindCode: row.kindCode as DocumentKindCode,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A co-holder or guarantor as the wizard reads it (every field is stored when the person is saved). */
export function personDto(row: PersonRow, documents: readonly DocumentRow[]): HouseholdPerson {
  return {
    id: row.id,
    role: row.role === HouseholdRole.Guarantor ? HouseholdRole.Guarantor : HouseholdRole.CoHolder,
    nif: row.nif ?? '',
    typeContractCode: row.typeContractCode ?? '',
    salaryRangeCode: row.salaryRangeCode ?? '',
    name: row.name ?? '',
    surname: row.surname ?? '',
    birthDate: row.birthDate ?? '',
    countryCode: row.countryCode ?? '',
    civilStatusCode: row.civilStatusCode ?? '',
    documents: documents.filter((doc) => doc.personId === row.id).map(documentDto),
  };
}

/** The documents of a tenant (theirs and their people's), oldest first. */
export const documentsOf = (db: Db, userId: string) =>
  db
    .select()
    .from(tenantDocuments)
    .where(eq(tenantDocuments.tenantId, userId))
    .orderBy(asc(tenantDocuments.createdAt), asc(tenantDocuments.id));

/** GET /api/tenant: the whole profile, empty (nulls, `id: null`) until something is saved. */
export async function readTenantProfile(db: Db, userId: string): Promise<TenantProfile> {
  const { profile, self, people } = await readHousehold(db, userId);
  const documents = await documentsOf(db, userId);
  const coTitulars = people
    .filter((person) => person.role === HouseholdRole.CoHolder)
    .map((person) => personDto(person, documents));
  const guarantors = people
    .filter((person) => person.role === HouseholdRole.Guarantor)
    .map((person) => personDto(person, documents));
  const stored = storedProfileOf(self, profile);
  const updatedAt = [profile?.updatedAt, self?.updatedAt]
    .filter((at): at is Date => at instanceof Date)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    id: profile?.id ?? null,
    nif: stored?.nif ?? null,
    typeContractCode: stored?.typeContractCode ?? null,
    salaryRangeCode: stored?.salaryRangeCode ?? null,
    name: stored?.name ?? null,
    surname: stored?.surname ?? null,
    birthDate: stored?.birthDate ?? null,
    countryCode: stored?.countryCode ?? null,
    civilStatusCode: stored?.civilStatusCode ?? null,
    numberCohabitants: stored?.numberCohabitants ?? null,
    numberChildren: stored?.numberChildren ?? null,
    hasPets: stored?.hasPets ?? null,
    hasSmokers: stored?.hasSmokers ?? null,
    presentation: profile?.presentation ?? null,
    hasCoTitular: coTitulars.length > 0,
    hasGuarantor: guarantors.length > 0,
    coTitulars,
    guarantors,
    documents: documents.filter((doc) => doc.personId === null).map(documentDto),
    completeness: profileCompleteness(stored),
    updatedAt: updatedAt ? updatedAt.toISOString() : null,
  };
}
