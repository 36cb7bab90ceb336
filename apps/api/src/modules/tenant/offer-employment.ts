import { and, eq, sql } from 'drizzle-orm';
import { HouseholdRole } from '@casaoferta/domain/codes';
import { salaryRangeFor } from '@casaoferta/domain/masters/user';
import { nifIssue, optionIssue } from '@casaoferta/domain/rules/tenant-profile';
import type { Db } from '../../db/client';
import { householdPeople } from '../../db/schema/index';
import {
  ensureProfile,
  householdIds,
  profileOptions,
  raise,
  readHousehold,
  syncCompleteness,
} from './profile-store';

/**
 * The employment section of an offer saved into the tenant's profile (issue 23 point 9, "typed once"):
 * only when the candidate ticked "Guardar estos datos en mi perfil", inside the offer's transaction.
 * The fields the offer stores (the identifier normalised, the salary rounded down) go to the wizard's work
 * step, the salary as the band it falls in; a field the offer did not carry is left as it is. The rules
 * are the work step's own (`nifIssue`, `optionIssue`: the codes of PUT /api/tenant/profile/working), so a
 * refusal refuses the offer too and nothing is stored.
 */
export interface OfferEmployment {
  nif: string | null;
  typeContractCode: string | null;
  salary: number | null;
}

/** Whether the offer carries anything the profile could keep. */
export const hasEmployment = (fields: OfferEmployment): boolean =>
  fields.nif !== null || fields.typeContractCode !== null || fields.salary !== null;

/**
 * Writes `fields` into `userId`'s own work step. The caller holds the tenant's lock (`lockTenant`, 'no key
 * update', taken first in its transaction); the profile is created on the first save, as the wizard does.
 */
export async function saveOfferEmployment(tx: Db, userId: string, fields: OfferEmployment): Promise<void> {
  if (!hasEmployment(fields)) return;
  const household = await readHousehold(tx, userId);
  const salaryRangeCode = fields.salary === null ? null : (salaryRangeFor(fields.salary) ?? '');
  raise(
    (fields.nif === null ? null : nifIssue(fields.nif, householdIds(household), null)) ??
      (fields.typeContractCode === null
        ? null
        : optionIssue('typeContractCode', fields.typeContractCode, profileOptions.typeContract)) ??
      (salaryRangeCode === null
        ? null
        : optionIssue('salaryRangeCode', salaryRangeCode, profileOptions.salaryRange)),
  );
  await ensureProfile(tx, userId, household);
  await tx
    .update(householdPeople)
    .set({
      ...(fields.nif === null ? {} : { nif: fields.nif }),
      ...(fields.typeContractCode === null ? {} : { typeContractCode: fields.typeContractCode }),
      ...(salaryRangeCode === null ? {} : { salaryRangeCode }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(householdPeople.tenantId, userId), eq(householdPeople.role, HouseholdRole.Tenant)));
  await syncCompleteness(tx, userId);
}
