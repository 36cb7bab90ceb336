import { z } from 'zod';
import { isPersonName, personNameRules } from '../rules/person-name';

/** The issue of a value not written as a name, for a form that builds its own name field. */
export const personNameIssue = { params: { code: 'NAME_INVALID' } } as const;

/**
 * A name or surname a person types (rules/person-name): trimmed, 1 to `max` characters, written as a
 * name. A value that is not carries `params.code` NAME_INVALID, which the API answers as that error code
 * (422) and the web's forms as their own Spanish message (shared/forms/error-map).
 */
export const personName = (max: number = personNameRules.maxLength) =>
  z.string().trim().min(1).max(max).refine(isPersonName, personNameIssue);
