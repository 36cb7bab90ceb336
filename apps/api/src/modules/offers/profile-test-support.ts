import { randomUUID } from 'node:crypto';
import { HouseholdRole } from '@casaoferta/domain/codes';
import type { Db } from '../../db/client';
import { householdPeople, tenantProfiles } from '../../db/schema/index';

/**
 * Tests of offers store a candidate's tenant profile straight into its tables (the profile's own
 * endpoints are modules/tenant's): the tenant's work and personal fields, the household step, and the
 * co-holders and guarantors.
 */

export interface ProfileWork {
  nif?: string | null;
  typeContractCode?: string | null;
  salaryRangeCode?: string | null;
}

export interface ProfilePerson {
  nif: string;
  salaryRangeCode?: string | null;
  typeContractCode?: string | null;
}

export interface ProfileFixture {
  /** The tenant's own work step (null: no person row). */
  work?: ProfileWork | null;
  /** The personal step filled in as well. */
  personal?: boolean;
  /** The household step filled in (a `tenant_profiles` row with every field). */
  household?: boolean;
  coHolders?: readonly ProfilePerson[];
  guarantors?: readonly ProfilePerson[];
}

/** The wizard's work step, every field given (a DNI with its right letter, 1.500–2.000 €). */
export const completeWork: ProfileWork = {
  nif: '87654321X',
  typeContractCode: 'UTC001',
  salaryRangeCode: 'URS005',
};

const personal = {
  name: 'Teo',
  surname: 'Inquilino Gómez',
  birthDate: '1990-04-12',
  countryCode: 'ES',
  civilStatusCode: 'UCS001',
};

/** Stores `fixture` as `userId`'s tenant profile. */
export async function storeProfile(db: Db, userId: string, fixture: ProfileFixture): Promise<void> {
  const profileId = randomUUID();
  if (fixture.household || fixture.work || fixture.personal) {
    await db.insert(tenantProfiles).values({
      userId,
      id: profileId,
      ...(fixture.household
        ? { numberCohabitants: 2, numberChildren: 1, hasPets: false, hasSmokers: false }
        : {}),
    });
  }
  if (fixture.work || fixture.personal) {
    await db.insert(householdPeople).values({
      id: profileId,
      tenantId: userId,
      role: HouseholdRole.Tenant,
      ...(fixture.work ?? {}),
      ...(fixture.personal ? personal : {}),
    });
  }
  const people = [
    ...(fixture.coHolders ?? []).map((person) => ({ ...person, role: HouseholdRole.CoHolder })),
    ...(fixture.guarantors ?? []).map((person) => ({ ...person, role: HouseholdRole.Guarantor })),
  ];
  for (const person of people) {
    await db.insert(householdPeople).values({
      id: randomUUID(),
      tenantId: userId,
      typeContractCode: 'UTC001',
      ...personal,
      name: person.role === HouseholdRole.CoHolder ? 'Cora' : 'Gael',
      ...person,
    });
  }
}
