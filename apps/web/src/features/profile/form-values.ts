import type { z } from 'zod';
import type { HouseholdIds, WizardStep } from '@casaoferta/domain/rules/tenant-profile';
import type { profileInput, TenantProfile } from '@casaoferta/domain/schemas/tenant';
import { lazyResolver } from '../../shared/forms/lazy-resolver';
import type { ProfileLists } from './lists';
import { profileTexts as t } from './texts';

/** The values of every profile form (the wizard's, a section's): the wizard's three steps. */
export type ProfileFormValues = z.input<typeof profileInput>;
export type ProfileField = keyof ProfileFormValues;

/** A stored profile or person, as far as its fields go (null where not given). */
type Stored = { [K in ProfileField]?: ProfileFormValues[K] | null };

const text = (value: string | null | undefined) => value ?? '';
const optional = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** The form's starting values: empty texts as '', anything else not given as undefined. */
export function formValuesOf(stored: Stored | null): Partial<ProfileFormValues> {
  return {
    nif: text(stored?.nif),
    typeContractCode: optional(stored?.typeContractCode),
    salaryRangeCode: optional(stored?.salaryRangeCode),
    name: text(stored?.name),
    surname: text(stored?.surname),
    birthDate: text(stored?.birthDate),
    countryCode: optional(stored?.countryCode),
    civilStatusCode: optional(stored?.civilStatusCode),
    numberCohabitants: optional(stored?.numberCohabitants),
    numberChildren: optional(stored?.numberChildren),
    hasPets: optional(stored?.hasPets),
    hasSmokers: optional(stored?.hasSmokers),
  };
}

/**
 * The tenant's own profile starts with the account's name and surname where it has none yet (issue 23
 * point 15: the wizard asked again, empty, what the registration already had). They stay editable.
 */
export function withAccountName(
  values: Partial<ProfileFormValues>,
  account: { name: string; surname: string } | null,
): Partial<ProfileFormValues> {
  if (!account) return values;
  return {
    ...values,
    name: values.name || account.name.trim(),
    surname: values.surname || account.surname.trim(),
  };
}

/** A field's title, as its label and the SPEC 5.4 messages name it. */
export const fieldTitle = (field: ProfileField): string => t.fields[field];

/** The profile forms' schemas and rules (Zod), loaded on the first validation or save. */
export const loadProfileValidation = () => import('./profile-validation');

/** The resolver of every profile form: 'El campo {title} es requerido' for an empty required field. */
export const profileResolver = lazyResolver(() => loadProfileValidation().then((m) => m.profileResolver));

/** The identifiers already in the profile (the tenant's and each person's), for nifIssue. */
export const householdIds = (profile: TenantProfile | null): HouseholdIds => ({
  tenant: profile?.nif ?? null,
  coHolders: (profile?.coTitulars ?? []).map(({ id, nif }) => ({ id, nif })),
  guarantors: (profile?.guarantors ?? []).map(({ id, nif }) => ({ id, nif })),
});

export interface RuleContext {
  lists: ProfileLists;
  household: HouseholdIds;
  /** null for the tenant, the person's id for a co-holder or guarantor. */
  selfId: string | null;
}

/** The domain's rule of a step (SPEC 5.3, 5.4) on values that passed its schema, as a field error. */
export async function stepProblem(
  step: WizardStep,
  values: Partial<ProfileFormValues>,
  context: RuleContext,
): Promise<{ field: ProfileField; message: string } | null> {
  return (await loadProfileValidation()).stepProblem(step, values, context);
}
