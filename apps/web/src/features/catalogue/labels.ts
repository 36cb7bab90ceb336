import { announcementAttributes, announcementStatusLabels } from '@casaoferta/domain/masters/announcement';
import { propertyAttributes } from '@casaoferta/domain/masters/property';

/**
 * Spanish labels of the master codes a property page shows (PTY, PST, PFL, POR, PEC, PEM, PPH, PAF,
 * PRT, ADP, AWM, ACD, AMD, ARR, ABT, AGP, ALS, AWT, AST…). Every prefix is unique, so one map serves
 * all lists. Built on first use, in the property page's chunk only.
 */
let labels: Map<string, string> | null = null;

function build(): Map<string, string> {
  const map = new Map<string, string>(Object.entries(announcementStatusLabels));
  for (const list of [...Object.values(propertyAttributes()), ...Object.values(announcementAttributes())]) {
    for (const item of list) map.set(item.code, item.label);
  }
  return map;
}

/** The label of a code, or undefined when the code is empty or unknown. */
export function labelFor(code: unknown): string | undefined {
  if (typeof code !== 'string' || code === '') return undefined;
  labels ??= build();
  return labels.get(code);
}
