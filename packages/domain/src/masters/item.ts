/** One entry of a master-data list: a stable code and its Spanish label. */
export interface MasterItem {
  code: string;
  label: string;
}

/** The Spanish label of `code` in a master list, or the code itself when the list does not know it. */
export const masterLabel = (list: readonly MasterItem[], code: string): string =>
  list.find((item) => item.code === code)?.label ?? code;

/** Builds a list from `[code, label]` pairs, each call a fresh array the caller may change. */
export function items(pairs: readonly (readonly [string, string])[]): MasterItem[] {
  return pairs.map(([code, label]) => ({ code, label }));
}

/** Builds a list from a label map keyed by code (used for the typed status/type codes). */
export function fromLabels<C extends string>(labels: Readonly<Record<C, string>>): MasterItem[] {
  return (Object.entries(labels) as [C, string][]).map(([code, label]) => ({ code, label }));
}

/** Zero-padded code: code('PFL', 5) → 'PFL005'. */
export function code(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(3, '0')}`;
}
