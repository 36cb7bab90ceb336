import type { ErrorCode } from '../errors';
import type { CoexistenceInput, PersonalInput, ProfileCompleteness, WorkInput } from '../schemas/tenant';
import { isValidSpanishId, normalizeSpanishId } from './spanish-id';

/**
 * Rules of the tenant's profile (SPEC 4.3, 5.3, 5.4), shared by the wizard and the API, which checks them
 * again. Each answers the first problem as an error code of master data `exceptionAttributes` and the
 * field it belongs to, or null.
 */
export type ProfileIssue = { code: ErrorCode; field: string } | null;

export const MAX_COHABITANTS = 10;
export const ADULT_AGE = 18;
/** The oldest age a birth date may give today: an older one is a typing slip (1925 for 1995), not a person. */
export const MAX_AGE = 120;
/** Co-holders and guarantors each. */
export const MAX_PEOPLE_PER_ROLE = 4;

/** The wizard's steps (SPEC 4.3): three for the profile, two for a co-holder or guarantor. */
export const wizardSteps = {
  profile: ['work', 'personal', 'household'],
  person: ['work', 'personal'],
} as const;
export type WizardStep = 'work' | 'personal' | 'household';
/** State 4: the wizard after saving (SPEC 4.3). */
export const WIZARD_SAVED_STATE = 4;

/** What each step requires before Next is enabled (SPEC 5.4). */
export const stepRequiredFields = {
  work: ['nif', 'typeContractCode', 'salaryRangeCode'],
  personal: ['name', 'surname', 'birthDate', 'countryCode', 'civilStatusCode'],
  household: ['numberCohabitants', 'numberChildren', 'hasPets', 'hasSmokers'],
} as const satisfies Record<WizardStep, readonly string[]>;

const filled = (value: unknown): boolean =>
  value !== null && value !== undefined && (typeof value !== 'string' || value.trim() !== '');

/** Whether every required field of a step has a value (Next stays disabled until then). */
export function isStepFilled(step: WizardStep, values: Readonly<Record<string, unknown>>): boolean {
  return stepRequiredFields[step].every((field) => filled(values[field]));
}

/** Children options run from 0 up to the cohabitants, and are disabled when there are none (SPEC 5.4). */
export function childrenOptions(cohabitants: number): { values: number[]; disabled: boolean } {
  const top = Math.max(0, Math.min(MAX_COHABITANTS, Math.trunc(cohabitants)));
  return { values: Array.from({ length: top + 1 }, (_, i) => i), disabled: cohabitants <= 0 };
}

/** Today in Madrid as YYYY-MM-DD (a birthday is a calendar date where the product's users live). */
export function madridToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}

/** `birthDate` moved `years` years on, as text ('2008-02-29' + 18 → '2026-02-29', after '2026-02-28'). */
const yearsAfter = (birthDate: string, years: number): string =>
  `${String(Number(birthDate.slice(0, 4)) + years).padStart(4, '0')}${birthDate.slice(4)}`;

/**
 * The birth dates a person of age can have today (`today` in Madrid): from the day that makes them
 * MAX_AGE years old (`min`) to the one that makes them ADULT_AGE (`max`), for the date input's bounds.
 */
export function birthDateBounds(today: string): { min: string; max: string } {
  const dayAfter = (day: string) => {
    const next = new Date(`${day}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return next.toISOString().slice(0, 10);
  };
  // Today 29 February, that day of a common year is none: the 28th is the last day of the month.
  const real = (day: string) =>
    new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day ? day : day.replace(/-29$/, '-28');
  return {
    min: dayAfter(real(yearsAfter(today, -(MAX_AGE + 1)))),
    max: real(yearsAfter(today, -ADULT_AGE)),
  };
}

/**
 * A birth date: a real date, not after today, of age (18 or more) and not over MAX_AGE (120) today,
 * `today` being Madrid's (madridToday).
 */
export function birthDateIssue(birthDate: string, today: string): ProfileIssue {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  const parsed = new Date(`${birthDate}T00:00:00Z`);
  if (!match || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== birthDate) {
    return { code: 'INVALID_INPUT', field: 'birthDate' };
  }
  if (birthDate > today) return { code: 'BIRTH_DATE_IN_FUTURE', field: 'birthDate' };
  // Compared as text; born on 29 February, of age on 1 March of a common year ('…-02-29' < '…-03-01').
  if (yearsAfter(birthDate, ADULT_AGE) > today) return { code: 'UNDER_AGE', field: 'birthDate' };
  // MAX_AGE until the day before the next birthday: MAX_AGE + 1 on that birthday.
  if (yearsAfter(birthDate, MAX_AGE + 1) <= today) return { code: 'BIRTH_DATE_TOO_OLD', field: 'birthDate' };
  return null;
}

/** Cohabitants 0–10, children 0 up to the cohabitants (SPEC 5.4). */
export function coexistenceIssue(input: CoexistenceInput): ProfileIssue {
  if (input.numberCohabitants < 0 || input.numberCohabitants > MAX_COHABITANTS) {
    return { code: 'COHABITANTS_OUT_OF_RANGE', field: 'numberCohabitants' };
  }
  if (input.numberChildren < 0 || input.numberChildren > input.numberCohabitants) {
    return { code: 'CHILDREN_OVER_COHABITANTS', field: 'numberChildren' };
  }
  return null;
}

/** The identifiers already in a tenant's profile, each with the id of whom it belongs to. */
export interface HouseholdIds {
  tenant: string | null;
  coHolders: readonly { id: string; nif: string }[];
  guarantors: readonly { id: string; nif: string }[];
}

/**
 * An identifier for the tenant (`selfId` null) or for one of their people (`selfId` their id): a DNI/NIE
 * with its check letter, not used by anybody else of the profile (SPEC 5.3 messages), compared trimmed
 * and in capitals.
 */
export function nifIssue(nif: string, household: HouseholdIds, selfId: string | null): ProfileIssue {
  const id = normalizeSpanishId(nif);
  if (!id) return { code: 'NIF_REQUIRED', field: 'nif' };
  if (!isValidSpanishId(id)) return { code: 'NIF_INVALID', field: 'nif' };
  const same = (other: string | null) => other !== null && normalizeSpanishId(other) === id;
  if (selfId !== null && same(household.tenant)) return { code: 'NIF_USED_BY_TENANT', field: 'nif' };
  if (household.coHolders.some((person) => person.id !== selfId && same(person.nif))) {
    return { code: 'NIF_USED_BY_COTITULAR', field: 'nif' };
  }
  if (household.guarantors.some((person) => person.id !== selfId && same(person.nif))) {
    return { code: 'NIF_USED_BY_GUARANTOR', field: 'nif' };
  }
  return null;
}

/** A master code must be one of its list's (UNKNOWN_OPTION otherwise). */
export function optionIssue(
  field: string,
  value: string,
  options: readonly { code: string }[],
): ProfileIssue {
  return options.some((option) => option.code === value) ? null : { code: 'UNKNOWN_OPTION', field };
}

/** Master lists the work and personal steps pick from. */
export interface ProfileOptions {
  typeContract: readonly { code: string }[];
  salaryRange: readonly { code: string }[];
  country: readonly { code: string }[];
  civilStatus: readonly { code: string }[];
}

export function workIssue(
  input: WorkInput,
  options: ProfileOptions,
  household: HouseholdIds,
  selfId: string | null,
): ProfileIssue {
  return (
    nifIssue(input.nif, household, selfId) ??
    optionIssue('typeContractCode', input.typeContractCode, options.typeContract) ??
    optionIssue('salaryRangeCode', input.salaryRangeCode, options.salaryRange)
  );
}

export function personalIssue(input: PersonalInput, options: ProfileOptions, today: string): ProfileIssue {
  return (
    birthDateIssue(input.birthDate, today) ??
    optionIssue('countryCode', input.countryCode, options.country) ??
    optionIssue('civilStatusCode', input.civilStatusCode, options.civilStatus)
  );
}

/** The stored profile fields completeness is computed from (null where not given). */
export interface StoredProfile {
  nif: string | null;
  typeContractCode: string | null;
  salaryRangeCode: string | null;
  name: string | null;
  surname: string | null;
  birthDate: string | null;
  countryCode: string | null;
  civilStatusCode: string | null;
  numberCohabitants: number | null;
  numberChildren: number | null;
  hasPets: boolean | null;
  hasSmokers: boolean | null;
}

type PersonFields = Pick<
  StoredProfile,
  | 'nif'
  | 'typeContractCode'
  | 'salaryRangeCode'
  | 'name'
  | 'surname'
  | 'birthDate'
  | 'countryCode'
  | 'civilStatusCode'
>;
type HouseholdFields = Pick<StoredProfile, 'numberCohabitants' | 'numberChildren' | 'hasPets' | 'hasSmokers'>;

/**
 * The stored profile from its two parts, the tenant's own person (work and personal fields) and the
 * household, or null when neither has been saved.
 */
export function storedProfileOf(
  person: PersonFields | null | undefined,
  household: HouseholdFields | null | undefined,
): StoredProfile | null {
  if (!person && !household) return null;
  return {
    nif: person?.nif ?? null,
    typeContractCode: person?.typeContractCode ?? null,
    salaryRangeCode: person?.salaryRangeCode ?? null,
    name: person?.name ?? null,
    surname: person?.surname ?? null,
    birthDate: person?.birthDate ?? null,
    countryCode: person?.countryCode ?? null,
    civilStatusCode: person?.civilStatusCode ?? null,
    numberCohabitants: household?.numberCohabitants ?? null,
    numberChildren: household?.numberChildren ?? null,
    hasPets: household?.hasPets ?? null,
    hasSmokers: household?.hasSmokers ?? null,
  };
}

/** The flags the offers dialog reads (SPEC 3), from what is stored. */
export function profileCompleteness(profile: StoredProfile | null): ProfileCompleteness {
  if (profile === null) {
    return {
      hasTenantProfileCompleted: false,
      hasTenantProfileCompletedToOffer: false,
      hasProfileCompletedToSaleOffer: false,
    };
  }
  const all = (['work', 'personal', 'household'] as const).every((step) =>
    isStepFilled(step, { ...profile }),
  );
  return {
    hasTenantProfileCompleted: all,
    hasTenantProfileCompletedToOffer: isStepFilled('work', { ...profile }),
    hasProfileCompletedToSaleOffer: filled(profile.typeContractCode),
  };
}
