import type { z } from 'zod';
import {
  coexistenceIssue,
  madridToday,
  personalIssue,
  stepRequiredFields,
  workIssue,
  type ProfileIssue,
  type WizardStep,
} from '@casaoferta/domain/rules/tenant-profile';
import {
  coexistenceInput,
  personalInput,
  personInput,
  profileInput,
  workInput,
} from '@casaoferta/domain/schemas/tenant';
import { formResolver } from '../../shared/forms/resolver';
import { errorText } from '../../shared/api/error-text';
import type { ProfileSave } from './api/tenant-api';
import { fieldTitle, type ProfileField, type ProfileFormValues, type RuleContext } from './form-values';
import { ruleOptions } from './lists';
import { profileTexts as t } from './texts';

/**
 * The profile forms' schemas and rules: loaded on the first validation or save (form-values.ts), so the
 * profile pages show their fields without Zod in their first load (issue 29 point 5).
 */

const requiredMessages = Object.fromEntries(
  (Object.values(stepRequiredFields) as readonly (readonly ProfileField[])[])
    .flat()
    .map((field) => [field, t.selector.required(fieldTitle(field))]),
);

/** A form's resolver on a domain schema: an empty required field says 'El campo {title} es requerido'. */
export const resolverOf = <S extends z.ZodObject>(schema: S) =>
  formResolver(schema, {
    required: requiredMessages,
    // An empty text breaks min(1) (too_small) and an empty date the date format: both are "required".
    fieldMessage: (name, type) =>
      type === 'too_small' || (name === 'birthDate' && type === 'invalid_format')
        ? requiredMessages[name]
        : undefined,
  });

/** The resolver of every profile form (the wizard's, a section's): the whole profile's schema. */
export const profileResolver = resolverOf(profileInput);

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

/** The PUT of each section, with its part of the values. */
export function sectionSave(step: WizardStep, values: ProfileFormValues): ProfileSave {
  if (step === 'work') return { kind: 'working', body: workInput.parse(values) };
  if (step === 'personal') return { kind: 'personal', body: personalInput.parse(values) };
  return { kind: 'coexistence', body: coexistenceInput.parse(values) };
}

/** The whole profile's PUT body. */
export const profileBody = (values: ProfileFormValues) => profileInput.parse(values);

/** A co-holder's or guarantor's fields, without its id. */
export const personBody = (values: ProfileFormValues) => personInput.parse(values);
