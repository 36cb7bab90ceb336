import type { $ZodErrorMap } from 'zod/v4/core';
import { formatNumber } from '@casaoferta/domain/format';
import { announcementTexts } from '../texts';

const t = announcementTexts.errors;

const numeric = (value: unknown): string =>
  formatNumber(typeof value === 'bigint' ? Number(value) : Number(value));

/**
 * Spanish messages for the domain schemas' issues, passed to zodResolver (the schemas carry no texts of
 * their own, except the master-code check).
 */
export const spanishErrorMap: $ZodErrorMap = (issue) => {
  const field = String(issue.path?.at(-1) ?? '');
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return t.requiredBy[field] ?? t.required;
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
    case 'invalid_value':
      return t.option;
    default:
      return t.invalid;
  }
};

export const spanishParams = { error: spanishErrorMap };
