import { storageKeys } from '../../shared/storage-keys';
import type { PropertyFormValues } from './form-values';
import type { AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { parseSection } from './section';

/**
 * The form as the owner left it, kept in local storage so a reload restores it (SPEC 3: draft
 * new-property data). `id` is the server draft once saved; `isNew` tells a property being created
 * (restored on /new-property) from one being edited (restored on /new-property/{id} only).
 */
export interface StoredDraft {
  id?: string;
  isNew: boolean;
  step: number;
  section?: AnnouncementKind;
  values: Partial<PropertyFormValues>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function readDraft(): StoredDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(localStorage.getItem(storageKeys.newPropertyDraft) ?? 'null');
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.values)) return null;
  const section = parseSection(typeof parsed.section === 'string' ? parsed.section : undefined);
  return {
    ...(typeof parsed.id === 'string' ? { id: parsed.id } : {}),
    isNew: parsed.isNew !== false,
    step: typeof parsed.step === 'number' ? Math.max(0, Math.min(3, Math.trunc(parsed.step))) : 0,
    ...(section ? { section } : {}),
    values: parsed.values as Partial<PropertyFormValues>,
  };
}

/** The stored draft that belongs to this page: /new-property, or /new-property/{propertyId}. */
export function draftFor(propertyId: string | undefined): StoredDraft | null {
  const draft = readDraft();
  if (!draft) return null;
  if (propertyId) return draft.id === propertyId ? draft : null;
  return draft.isNew ? draft : null;
}

export function writeDraft(draft: StoredDraft): void {
  try {
    localStorage.setItem(storageKeys.newPropertyDraft, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the server draft still keeps the data.
  }
}

export function clearDraft(): void {
  localStorage.removeItem(storageKeys.newPropertyDraft);
}
