import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { HouseholdRole, type HouseholdRoleCode } from '@casaoferta/domain/codes';
import type { ErrorCode } from '@casaoferta/domain/errors';
import { userAttributes } from '@casaoferta/domain/masters/user';
import {
  profileCompleteness,
  type HouseholdIds,
  type ProfileIssue,
  type ProfileOptions,
  storedProfileOf,
} from '@casaoferta/domain/rules/tenant-profile';
import type { Db } from '../../db/client';
import { householdPeople, tenantProfiles, users } from '../../db/schema/index';
import { DomainError, uniqueViolation } from '../../platform/errors';

/**
 * What every save of the tenant's profile does inside its transaction: hold the tenant's user row (one
 * writer of a profile at a time: counts and identifiers are read under it), create the profile row and
 * the tenant's own person row on the first save, and keep `users.has_profile_completed` equal to what
 * is stored when the transaction ends.
 */

export type ProfileRow = typeof tenantProfiles.$inferSelect;
export type PersonRow = typeof householdPeople.$inferSelect;

/** The master lists the wizard picks from (SPEC 5.4), read once. */
const attributes = userAttributes();
export const profileOptions: ProfileOptions = {
  typeContract: attributes.userRenterTypeContract,
  salaryRange: attributes.userRenterSalaryRange,
  country: attributes.countries,
  civilStatus: attributes.userRenterCivilStatus,
};

/** Throws the rule's error when there is one. */
export function raise(issue: ProfileIssue): void {
  if (issue) throw new DomainError(issue.code, issue.field);
}

/**
 * Locks the tenant's user row until the transaction ends: every save of one profile runs after the
 * other, so a count or an identifier read afterwards stays true until the commit. `update` also holds
 * off new rows that point at the user (documents of the tenant) while the profile is deleted.
 */
export async function lockTenant(
  tx: Db,
  userId: string,
  strength: 'update' | 'no key update',
): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for(strength);
  if (!row) throw new DomainError('UNAUTHENTICATED');
}

/** The profile row and every person of it (the tenant's own row too), people in creation order. */
export async function readHousehold(tx: Db, userId: string) {
  const [profile] = await tx.select().from(tenantProfiles).where(eq(tenantProfiles.userId, userId));
  const people = await tx
    .select()
    .from(householdPeople)
    .where(eq(householdPeople.tenantId, userId))
    .orderBy(asc(householdPeople.createdAt), asc(householdPeople.id));
  const self = people.find((person) => person.role === HouseholdRole.Tenant);
  return { profile, self, people };
}

export type Household = Awaited<ReturnType<typeof readHousehold>>;

const ofRole = (people: readonly PersonRow[], role: HouseholdRoleCode) =>
  people.flatMap((person) =>
    person.role === role && person.nif !== null ? [{ id: person.id, nif: person.nif }] : [],
  );

/** The identifiers already in the profile, for `nifIssue`. */
export function householdIds(household: Household): HouseholdIds {
  return {
    tenant: household.self?.nif ?? null,
    coHolders: ofRole(household.people, HouseholdRole.CoHolder),
    guarantors: ofRole(household.people, HouseholdRole.Guarantor),
  };
}

/**
 * The profile row and the tenant's own person row, created empty on the first save (the profile's id is
 * also the tenant person's id). Under the tenant's lock; `on conflict` keeps a second insert harmless.
 */
export async function ensureProfile(tx: Db, userId: string, household: Household): Promise<ProfileRow> {
  let profile = household.profile;
  if (!profile) {
    await tx
      .insert(tenantProfiles)
      .values({ userId, id: randomUUID() })
      .onConflictDoNothing({ target: tenantProfiles.userId });
    [profile] = await tx.select().from(tenantProfiles).where(eq(tenantProfiles.userId, userId));
    if (!profile) throw new DomainError('NOT_FOUND');
  }
  if (!household.self) {
    await tx
      .insert(householdPeople)
      .values({ id: profile.id, tenantId: userId, role: HouseholdRole.Tenant })
      .onConflictDoNothing();
  }
  return profile;
}

/**
 * Marks the profile changed and sets `users.has_profile_completed` from what the transaction stored:
 * the flag the session reads always equals the computed `hasTenantProfileCompleted`.
 */
export async function syncCompleteness(tx: Db, userId: string): Promise<void> {
  await tx
    .update(tenantProfiles)
    .set({ updatedAt: sql`now()` })
    .where(eq(tenantProfiles.userId, userId));
  const [profile] = await tx.select().from(tenantProfiles).where(eq(tenantProfiles.userId, userId));
  const [self] = await tx
    .select()
    .from(householdPeople)
    .where(and(eq(householdPeople.tenantId, userId), eq(householdPeople.role, HouseholdRole.Tenant)));
  const completed = profileCompleteness(storedProfileOf(self, profile)).hasTenantProfileCompleted;
  await tx.update(users).set({ hasProfileCompleted: completed }).where(eq(users.id, userId));
}

export const ONE_NIF_INDEX = 'household_people_one_nif';

/** The code for an identifier another person of the profile holds, by who holds it. */
export function nifTakenCode(role: string | undefined): ErrorCode {
  if (role === HouseholdRole.Tenant) return 'NIF_USED_BY_TENANT';
  if (role === HouseholdRole.Guarantor) return 'NIF_USED_BY_GUARANTOR';
  return 'NIF_USED_BY_COTITULAR';
}

/**
 * Runs a save; when the unique index of one identifier per profile refused it (a writer that did not
 * take the tenant's lock), answers who holds the identifier instead of a 500. The transaction is over
 * by then: the holder is read afresh.
 */
export async function mappingNifConflict<T>(
  db: Db,
  userId: string,
  nif: string,
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null || (constraint !== ONE_NIF_INDEX && constraint !== '')) throw error;
    const [holder] = await db
      .select({ role: householdPeople.role })
      .from(householdPeople)
      .where(and(eq(householdPeople.tenantId, userId), eq(householdPeople.nif, nif)));
    if (!holder && constraint === '') throw error;
    throw new DomainError(nifTakenCode(holder?.role), 'nif');
  }
}
