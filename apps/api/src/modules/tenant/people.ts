import { and, eq, sql } from 'drizzle-orm';
import type { HouseholdRole } from '@casaoferta/domain/codes';
import { normalizeSpanishId } from '@casaoferta/domain/rules/spanish-id';
import {
  madridToday,
  MAX_PEOPLE_PER_ROLE,
  personalIssue,
  workIssue,
} from '@casaoferta/domain/rules/tenant-profile';
import type { HouseholdPerson, NewPersonInput, PersonInput } from '@casaoferta/domain/schemas/tenant';
import type { Db } from '../../db/client';
import { householdPeople, tenantDocuments } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { removeDocumentFiles } from '../documents/files';
import { documentsOf, personDto } from './dto';
import {
  ensureProfile,
  householdIds,
  lockTenant,
  mappingNifConflict,
  profileOptions,
  raise,
  readHousehold,
  syncCompleteness,
  type Household,
  type PersonRow,
} from './profile-store';
import type { ObjectStore } from '../../platform/storage/index';

/**
 * Co-holders and guarantors of the tenant's profile (SPEC 3, 4.3, 7.5). Every change holds the tenant's
 * user row, so the count per role (MAX_PEOPLE_PER_ROLE) and the identifiers read are those at commit;
 * the unique index of one identifier per profile stands behind it.
 */

export type PersonRole = typeof HouseholdRole.CoHolder | typeof HouseholdRole.Guarantor;

function checkPerson(input: PersonInput, household: Household, selfId: string): void {
  raise(
    workIssue(input, profileOptions, householdIds(household), selfId) ??
      personalIssue(input, profileOptions, madridToday()),
  );
}

const personValues = (input: PersonInput) => ({
  nif: normalizeSpanishId(input.nif),
  typeContractCode: input.typeContractCode,
  salaryRangeCode: input.salaryRangeCode,
  name: input.name,
  surname: input.surname,
  birthDate: input.birthDate,
  countryCode: input.countryCode,
  civilStatusCode: input.civilStatusCode,
});

async function answer(tx: Db, userId: string, row: PersonRow): Promise<HouseholdPerson> {
  return personDto(row, await documentsOf(tx, userId));
}

/**
 * POST /api/tenant/co-titular and /guarantor. The id is the client's: the same id again from the same
 * tenant and role is a retry (the stored person, `created: false`, nothing written); an id someone else
 * holds is 404. Adding a person before the profile exists creates the (empty) profile.
 */
export async function addPerson(
  db: Db,
  userId: string,
  role: PersonRole,
  input: NewPersonInput,
): Promise<{ person: HouseholdPerson; created: boolean }> {
  return mappingNifConflict(db, userId, normalizeSpanishId(input.nif), () =>
    db.transaction(async (tx) => {
      await lockTenant(tx, userId, 'no key update');
      const [existing] = await tx.select().from(householdPeople).where(eq(householdPeople.id, input.id));
      if (existing) {
        if (existing.tenantId !== userId || existing.role !== role) throw new DomainError('NOT_FOUND');
        return { person: await answer(tx, userId, existing), created: false };
      }
      const household = await readHousehold(tx, userId);
      checkPerson(input, household, input.id);
      if (household.people.filter((person) => person.role === role).length >= MAX_PEOPLE_PER_ROLE) {
        throw new DomainError('TOO_MANY_PEOPLE');
      }
      await ensureProfile(tx, userId, household);
      const [row] = await tx
        .insert(householdPeople)
        .values({ id: input.id, tenantId: userId, role, ...personValues(input) })
        // Another tenant's row under this id, inserted since the read: not ours to name.
        .onConflictDoNothing({ target: householdPeople.id })
        .returning();
      if (!row) throw new DomainError('NOT_FOUND');
      await syncCompleteness(tx, userId);
      return { person: await answer(tx, userId, row), created: true };
    }),
  );
}

/** PUT /api/tenant/co-titular/{id} and /guarantor/{id}: 404 unless it is mine and of that role. */
export async function updatePerson(
  db: Db,
  userId: string,
  role: PersonRole,
  personId: string,
  input: PersonInput,
): Promise<HouseholdPerson> {
  return mappingNifConflict(db, userId, normalizeSpanishId(input.nif), () =>
    db.transaction(async (tx) => {
      await lockTenant(tx, userId, 'no key update');
      const household = await readHousehold(tx, userId);
      if (!household.people.some((person) => person.id === personId && person.role === role)) {
        throw new DomainError('NOT_FOUND');
      }
      checkPerson(input, household, personId);
      const [row] = await tx
        .update(householdPeople)
        .set({ ...personValues(input), updatedAt: sql`now()` })
        .where(
          and(
            eq(householdPeople.id, personId),
            eq(householdPeople.tenantId, userId),
            eq(householdPeople.role, role),
          ),
        )
        .returning();
      if (!row) throw new DomainError('NOT_FOUND');
      await syncCompleteness(tx, userId);
      return answer(tx, userId, row);
    }),
  );
}

/**
 * DELETE /api/tenant/co-titular/{id} and /guarantor/{id}: the person and their documents (the rows in
 * the transaction, the files once it committed). 404 unless it is mine and of that role.
 */
export async function deletePerson(
  db: Db,
  store: ObjectStore,
  userId: string,
  role: PersonRole,
  personId: string,
): Promise<void> {
  const storageKeys = await db.transaction(async (tx) => {
    await lockTenant(tx, userId, 'no key update');
    const mine = and(
      eq(householdPeople.id, personId),
      eq(householdPeople.tenantId, userId),
      eq(householdPeople.role, role),
    );
    // The person's row first: a document being added to them finishes before, or fails after.
    const [person] = await tx
      .select({ id: householdPeople.id })
      .from(householdPeople)
      .where(mine)
      .for('update');
    if (!person) throw new DomainError('NOT_FOUND');
    const documents = await tx
      .delete(tenantDocuments)
      .where(eq(tenantDocuments.personId, personId))
      .returning({ storageKey: tenantDocuments.storageKey });
    await tx.delete(householdPeople).where(mine);
    await syncCompleteness(tx, userId);
    return documents.map((doc) => doc.storageKey);
  });
  await removeDocumentFiles(store, storageKeys);
}
