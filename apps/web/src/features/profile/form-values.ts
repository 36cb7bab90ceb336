import type { z } from 'zod';
import {
  coexistenceIssue,
  madridToday,
  personalIssue,
  stepRequiredFields,
  workIssue,
  type HouseholdIds,
  type ProfileIssue,
  type WizardStep,
} from '@casaoferta/domain/rules/tenant-profile';
import {
  coexistenceInput,
  personalInput,
  workInput,
  type profileInput,
  type TenantProfile,
} from '@casaoferta/domain/schemas/tenant';
import { formResolver } from '../../shared/forms/resolver';
import { errorText } from '../../shared/api/error-text';
import { ruleOptions, type ProfileLists } from './lists';
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

const requiredMessages = Object.fromEntries(
  (Object.values(stepRequiredFields) as readonly (readonly ProfileField[])[])
    .flat()
    .map((field) => [field, t.selector.required(fieldTitle(field))]),
);

/** A form's resolver on a domain schema: an empty required field says 'El campo {title} es requerido'. */
export const profileResolver = <S extends z.ZodObject>(schema: S) =>
  formResolver(schema, {
    required: requiredMessages,
    // An empty text breaks min(1) (too_small) and an empty date the date format: both are "required".
    fieldMessage: (name, type) =>
      type === 'too_small' || (name === 'birthDate' && type === 'invalid_format')
        ? requiredMessages[name]
        : undefined,
  });

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
export function stepProblem(
  step: WizardStep,
  values: Partial<ProfileFormValues>,
  context: RuleContext,
): { field: ProfileField; message: string } | null {
  let issue: ProfileIssue = null;
  if (step === 'work') {
    const parsed = workInput.safeParse(values);
    if (parsed.success)
      issue = workIssue(parsed.data, ruleOptions(context.lists), context.household, context.selfId);
  } else if (step === 'personal') {
    const parsed = personalInput.safeParse(values);
    if (parsed.success) issue = personalIssue(parsed.data, ruleOptions(context.lists), madridToday());
  } else {
    const parsed = coexistenceInput.safeParse(values);
    if (parsed.success) issue = coexistenceIssue(parsed.data);
  }
  if (!issue) return null;
  const field = stepRequiredFields[step].find((name) => name === issue.field) ?? stepRequiredFields[step][0];
  return { field, message: errorText(issue.code, context.lists.exceptionAttributes) };
}
