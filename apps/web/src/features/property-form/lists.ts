import { propertyAttributes } from '@casaoferta/domain/masters/property';
import type { MasterItem } from '@casaoferta/domain/masters';

/**
 * The property master lists with their Spanish labels (the same lists GET /api/masters serves; the
 * provinces and municipalities come from the API, they are INE data).
 */
export const propertyLists = propertyAttributes();

/** The label of a code in a list, or undefined when empty or unknown. */
export const labelIn = (list: readonly MasterItem[], code: string | null | undefined): string | undefined =>
  code ? list.find((item) => item.code === code)?.label : undefined;
