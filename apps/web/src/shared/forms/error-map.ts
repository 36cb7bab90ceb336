import type { $ZodErrorMap } from 'zod/v4/core';
import { announcementKinds, type AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { formatEuros, formatNumber } from '@casaoferta/domain/format';
import { priceBounds } from '@casaoferta/domain/rules/price-bounds';
import { CALENDAR_YEARS } from '@casaoferta/domain/schemas/common';
import { formTexts as t } from './texts';

/** A schema's bound (a number, or a bigint), written the Spanish way. */
const numeric = (value: unknown): string => formatNumber(Number(value));

const isAnnouncementKind = (value: unknown): value is AnnouncementKind =>
  announcementKinds.some((kind) => kind === value);

/** The hard limit a price broke (schemas/owner-listings priceOf), with its amount and unit. */
function priceMessage(kind: AnnouncementKind, input: unknown): string {
  const { min, max, perMonth } = priceBounds[kind];
  return Number(input) < min
    ? t.priceTooLow(formatEuros(min, perMonth))
    : t.priceTooHigh(formatEuros(max, perMonth));
}

/** What a form may say instead of "Este campo es obligatorio" for a field left empty. */
export type RequiredMessages = Readonly<Partial<Record<string, string>>>;

/**
 * The one Spanish error map of the web's forms, for the domain schemas' issues (passed to zodResolver by
 * formResolver). `required` names a field's own message when it is left empty ("Indica el precio").
 */
export const spanishErrorMap =
  (required: RequiredMessages = {}): $ZodErrorMap =>
  (issue) => {
    const field = String(issue.path?.at(-1) ?? '');
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return required[field] ?? t.required;
        return issue.expected === 'int' ? t.integer : t.number;
      case 'too_small':
        if (issue.origin === 'number')
          return Number(issue.minimum) === 1 ? t.positive : t.min(numeric(issue.minimum));
        return t.invalid;
      case 'too_big':
        if (issue.origin === 'number') return t.max(numeric(issue.maximum));
        if (issue.origin === 'string') return t.maxLength(Number(issue.maximum));
        if (issue.origin === 'array') return t.maxItems(Number(issue.maximum));
        return t.invalid;
      case 'invalid_format':
        return issue.format === 'date' ? t.date : t.invalid;
      case 'custom':
        if (issue.params?.code === 'PRICE_OUT_OF_RANGE' && isAnnouncementKind(issue.params.kind))
          return priceMessage(issue.params.kind, issue.input);
        if (issue.params?.code === 'NAME_INVALID') return t.personName;
        // schemas/common calendarDate: a real day of a year out of 1900–2200.
        if (issue.params?.code === 'DATE_OUT_OF_RANGE')
          return t.dateOutOfRange(CALENDAR_YEARS.min, CALENDAR_YEARS.max);
        return t.option;
      case 'invalid_value':
        return t.option;
      default:
        return t.invalid;
    }
  };
