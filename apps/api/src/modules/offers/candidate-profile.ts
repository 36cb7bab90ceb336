import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { HouseholdRole } from '@casaoferta/domain/codes';
import { offerKind, type OfferContext, type OfferTarget } from '@casaoferta/domain/rules/offer-rules';
import { incomeOfBand, type HouseholdIncome } from '@casaoferta/domain/rules/solvency';
import { profileCompleteness, storedProfileOf } from '@casaoferta/domain/rules/tenant-profile';
import type { ProfileCompleteness } from '@casaoferta/domain/schemas/tenant';
import { householdPeople, tenantProfiles } from '../../db/schema/index';

/**
 * What offers read of a candidate's tenant profile (SPEC 3 "Tenant profile", 5.3): the tenant's own
 * fields (what the offer dialog may skip), the co-holders' and guarantors' identifiers (an offer's may
 * not be one of them) and everybody's salary band (the owner's solvency verdict). It is one SQL
 * expression that the statement already reading the candidate or the offers carries, so it costs no
 * round trip of its own (decision 014, docs/PERFORMANCE.md); the profile is written by modules/tenant.
 */

interface ProfilePersonRow {
  nif: string | null;
  typeContractCode: string | null;
  salaryRangeCode: string | null;
  name: string | null;
  surname: string | null;
  birthDate: string | null;
  countryCode: string | null;
  civilStatusCode: string | null;
}

interface ProfileHouseholdRow {
  numberCohabitants: number | null;
  numberChildren: number | null;
  hasPets: boolean | null;
  hasSmokers: boolean | null;
}

interface ProfileMemberRow {
  role: typeof HouseholdRole.CoHolder | typeof HouseholdRole.Guarantor;
  nif: string | null;
  salaryRangeCode: string | null;
}

/** The candidate's profile as the expression reads it (nothing stored: both parts null, no people). */
export interface CandidateProfile {
  /** The tenant's own person row (role 'tenant'). */
  person: ProfilePersonRow | null;
  /** The household step (`tenant_profiles`). */
  household: ProfileHouseholdRow | null;
  /** Co-holders and guarantors, oldest first. */
  people: ProfileMemberRow[];
}

/** An empty profile (a candidate who has stored nothing). */
export const emptyProfile: CandidateProfile = { person: null, household: null, people: [] };

/**
 * The column written with its table, whatever the select: drizzle leaves columns unqualified in
 * single-table selects, which inside these subqueries would name their own tables' columns.
 */
const qualified = (column: AnyPgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * The profile of the candidate `candidateId` names (a column of the statement's row, e.g. the offer's
 * `candidate_id`, or a user id), as one JSON value. Each part is an index lookup: the tenant's person
 * row and the people by (tenant_id, role), the household by its primary key.
 */
export function candidateProfileSql(candidateId: AnyPgColumn | string): SQL<CandidateProfile> {
  const id = typeof candidateId === 'string' ? sql`${candidateId}::uuid` : qualified(candidateId);
  return sql<CandidateProfile>`json_build_object(
    'person', (select json_build_object('nif', p.nif, 'typeContractCode', p.type_contract_code,
        'salaryRangeCode', p.salary_range_code, 'name', p.name, 'surname', p.surname,
        'birthDate', p.birth_date, 'countryCode', p.country_code, 'civilStatusCode', p.civil_status_code)
      from ${householdPeople} p where p.tenant_id = ${id} and p.role = ${HouseholdRole.Tenant}),
    'household', (select json_build_object('numberCohabitants', h.number_cohabitants,
        'numberChildren', h.number_children, 'hasPets', h.has_pets, 'hasSmokers', h.has_smokers)
      from ${tenantProfiles} h where h.user_id = ${id}),
    'people', coalesce((select json_agg(json_build_object('role', p.role, 'nif', p.nif,
        'salaryRangeCode', p.salary_range_code) order by p.created_at, p.id)
      from ${householdPeople} p
      where p.tenant_id = ${id} and p.role in (${HouseholdRole.CoHolder}, ${HouseholdRole.Guarantor})),
      '[]'::json))`;
}

export const completenessOf = (profile: CandidateProfile): ProfileCompleteness =>
  profileCompleteness(storedProfileOf(profile.person, profile.household));

/** Whether the profile holds what an offer of this announcement's kind needs (no employment section). */
export function profileCompleteFor(completeness: ProfileCompleteness, target: Pick<OfferTarget, 'typeCode'>) {
  return offerKind(target) === 'sale'
    ? completeness.hasProfileCompletedToSaleOffer
    : completeness.hasTenantProfileCompletedToOffer;
}

const nifsOf = (profile: CandidateProfile, role: ProfileMemberRow['role']): string[] =>
  profile.people.flatMap((person) => (person.role === role && person.nif !== null ? [person.nif] : []));

/** What the offer rules need of the candidate (SPEC 5.3): completeness and the people's identifiers. */
export function offerContextOf(
  profile: CandidateProfile,
  target: Pick<OfferTarget, 'typeCode'>,
): OfferContext {
  return {
    profileComplete: profileCompleteFor(completenessOf(profile), target),
    household: {
      coHolders: nifsOf(profile, HouseholdRole.CoHolder),
      guarantors: nifsOf(profile, HouseholdRole.Guarantor),
    },
  };
}

/**
 * The household's net monthly incomes (domain rules/solvency.ts, the one rule every verdict reads): the
 * tenant, each co-holder and each guarantor at their salary band's minimum (null when unknown).
 */
export function householdIncomeOf(profile: CandidateProfile): HouseholdIncome {
  const bands = (role: ProfileMemberRow['role']) =>
    profile.people
      .filter((person) => person.role === role)
      .map((person) => incomeOfBand(person.salaryRangeCode));
  return {
    tenant: incomeOfBand(profile.person?.salaryRangeCode),
    coHolders: bands(HouseholdRole.CoHolder),
    guarantors: bands(HouseholdRole.Guarantor),
  };
}
