import { and, eq, sql } from 'drizzle-orm';
import { HouseholdRole } from '@casaoferta/domain/codes';
import { normalizeSpanishId } from '@casaoferta/domain/rules/spanish-id';
import {
  coexistenceIssue,
  madridToday,
  personalIssue,
  workIssue,
} from '@casaoferta/domain/rules/tenant-profile';
import type {
  CoexistenceInput,
  PersonalInput,
  PresentationInput,
  ProfileInput,
  TenantProfile,
  WorkInput,
} from '@casaoferta/domain/schemas/tenant';
import type { Db } from '../../db/client';
import { householdPeople, tenantProfiles } from '../../db/schema/index';
import { readTenantProfile } from './dto';
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
} from './profile-store';

/**
 * The wizard's saves of the tenant's own profile (SPEC 4.3, 5.4): the three steps together or one
 * section at a time. Each checks its rules again under the tenant's lock, creates the profile on the
 * first save, stores the identifier normalised, keeps `users.has_profile_completed` in step and answers
 * the whole profile as committed.
 */

type Section = {
  /** The rules of the section, given what is stored (throws the first broken one). */
  check(household: Household): void;
  /** Writes the section; the profile and the tenant's own person row exist by then. */
  write(tx: Db, userId: string): Promise<void>;
  /** The identifier being saved, to name its holder if the unique index refuses it. */
  nif?: string;
};

async function saveSection(db: Db, userId: string, section: Section): Promise<TenantProfile> {
  const save = () =>
    db.transaction(async (tx) => {
      await lockTenant(tx, userId, 'no key update');
      const household = await readHousehold(tx, userId);
      section.check(household);
      await ensureProfile(tx, userId, household);
      await section.write(tx, userId);
      await syncCompleteness(tx, userId);
      return readTenantProfile(tx, userId);
    });
  const { nif } = section;
  return nif === undefined ? save() : mappingNifConflict(db, userId, nif, save);
}

const updateSelf = (tx: Db, userId: string, values: Partial<typeof householdPeople.$inferInsert>) =>
  tx
    .update(householdPeople)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(householdPeople.tenantId, userId), eq(householdPeople.role, HouseholdRole.Tenant)));

const updateProfile = (tx: Db, userId: string, values: Partial<typeof tenantProfiles.$inferInsert>) =>
  tx.update(tenantProfiles).set(values).where(eq(tenantProfiles.userId, userId));

const workValues = (input: WorkInput) => ({
  nif: normalizeSpanishId(input.nif),
  typeContractCode: input.typeContractCode,
  salaryRangeCode: input.salaryRangeCode,
});

const personalValues = (input: PersonalInput) => ({
  name: input.name,
  surname: input.surname,
  birthDate: input.birthDate,
  countryCode: input.countryCode,
  civilStatusCode: input.civilStatusCode,
});

const coexistenceValues = (input: CoexistenceInput) => ({
  numberCohabitants: input.numberCohabitants,
  numberChildren: input.numberChildren,
  hasPets: input.hasPets,
  hasSmokers: input.hasSmokers,
});

/** PUT /api/tenant/profile: the wizard's three steps at once. */
export const saveProfile = (db: Db, userId: string, input: ProfileInput) =>
  saveSection(db, userId, {
    nif: normalizeSpanishId(input.nif),
    check(household) {
      raise(
        workIssue(input, profileOptions, householdIds(household), null) ??
          personalIssue(input, profileOptions, madridToday()) ??
          coexistenceIssue(input),
      );
    },
    async write(tx, id) {
      await updateSelf(tx, id, { ...workValues(input), ...personalValues(input) });
      await updateProfile(tx, id, coexistenceValues(input));
    },
  });

/** PUT /api/tenant/profile/working: step 1. */
export const saveWorking = (db: Db, userId: string, input: WorkInput) =>
  saveSection(db, userId, {
    nif: normalizeSpanishId(input.nif),
    check: (household) => raise(workIssue(input, profileOptions, householdIds(household), null)),
    write: async (tx, id) => {
      await updateSelf(tx, id, workValues(input));
    },
  });

/** PUT /api/tenant/profile/personal: step 2. */
export const savePersonal = (db: Db, userId: string, input: PersonalInput) =>
  saveSection(db, userId, {
    check: () => raise(personalIssue(input, profileOptions, madridToday())),
    write: async (tx, id) => {
      await updateSelf(tx, id, personalValues(input));
    },
  });

/** PUT /api/tenant/profile/coexistence: step 3. */
export const saveCoexistence = (db: Db, userId: string, input: CoexistenceInput) =>
  saveSection(db, userId, {
    check: () => raise(coexistenceIssue(input)),
    write: async (tx, id) => {
      await updateProfile(tx, id, coexistenceValues(input));
    },
  });

/** PUT /api/tenant/profile/presentation: '' clears it. */
export const savePresentation = (db: Db, userId: string, input: PresentationInput) =>
  saveSection(db, userId, {
    check: () => undefined,
    write: async (tx, id) => {
      await updateProfile(tx, id, { presentation: input.presentation === '' ? null : input.presentation });
    },
  });
