import { announcementKindOfType } from '@casaoferta/domain/announcement-kind';
import { AnnouncementStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import { formatNumber } from '@casaoferta/domain/format';
import { masterLabel, type MasterItem } from '@casaoferta/domain/masters/item';
import { announcementStatusLabels } from '@casaoferta/domain/masters/announcement';
import { propertyAttributes, propertyValidationStatusLabels } from '@casaoferta/domain/masters/property';
import type { ImageDto, PropertyFieldValues } from '@casaoferta/domain/schemas/listings';
import type { PropertyReview } from '@casaoferta/domain/schemas/moderation';
import type { ValidationQueueItem } from '@casaoferta/domain/schemas/back-office';
import {
  canRejectAnnouncement,
  canRejectProperty,
  canValidateAnnouncement,
  canValidateProperty,
} from '@casaoferta/domain/rules/announcement-lifecycle';
import { validationTexts } from './texts';

const t = validationTexts;

export type FieldKey = keyof PropertyFieldValues;

/** The property's fields in the order of its form (address, then characteristics). */
export const fieldOrder: readonly FieldKey[] = [
  'provinceCode',
  'municipalityCode',
  'street',
  'streetNumber',
  'floorCode',
  'blockCode',
  'door',
  'postalCode',
  'propertyTypeCode',
  'statusCode',
  'surfaceM2',
  'rooms',
  'bathrooms',
  'orientationCode',
  'energyCertificationCode',
  'emissionCertificationCode',
  'protectedHousingCode',
  'stageCode',
  'features',
];

const lists = propertyAttributes();
const listOf: Partial<Record<FieldKey, readonly MasterItem[]>> = {
  floorCode: lists.floors,
  blockCode: lists.blocks,
  propertyTypeCode: lists.propertyTypes,
  statusCode: lists.status,
  orientationCode: lists.orientations,
  energyCertificationCode: lists.energyCertifications,
  emissionCertificationCode: lists.emissionCertifications,
  protectedHousingCode: lists.protectedHousingTypes,
  stageCode: lists.stages,
};

/** Province and municipality names by INE code (loaded from the masters; the code when missing). */
export interface PlaceNames {
  provinces: ReadonlyMap<string, string>;
  municipalities: ReadonlyMap<string, string>;
}

const sameValue = (a: PropertyFieldValues[FieldKey], b: PropertyFieldValues[FieldKey]): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');
  }
  const empty = (value: unknown) => value === null || value === '';
  return a === b || (empty(a) && empty(b));
};

/** The fields the owner's revision changes, in the form's order. */
export const changedFields = (before: PropertyFieldValues, after: PropertyFieldValues): FieldKey[] =>
  fieldOrder.filter((key) => !sameValue(before[key], after[key]));

/** A field's value as an agent reads it: labels instead of codes, '-' when empty. */
export function fieldText(key: FieldKey, fields: PropertyFieldValues, places: PlaceNames): string {
  const value = fields[key];
  if (value === null || value === '') return t.review.empty;
  if (Array.isArray(value)) {
    return value.length === 0
      ? t.review.empty
      : value.map((code) => masterLabel(lists.additionalFeatures, code)).join(', ');
  }
  if (typeof value === 'number') {
    return key === 'surfaceM2' ? t.review.squareMeters(value) : formatNumber(value);
  }
  if (key === 'provinceCode') return places.provinces.get(value) ?? value;
  if (key === 'municipalityCode') return places.municipalities.get(value) ?? value;
  const list = listOf[key];
  return list ? masterLabel(list, value) : value;
}

export interface PhotoChanges {
  added: ImageDto[];
  removed: ImageDto[];
  /** The photos both galleries keep are in another order (the cover may have changed). */
  reordered: boolean;
}

/** What the revision's gallery changes from the approved one. */
export function photoChanges(before: readonly ImageDto[], after: readonly ImageDto[]): PhotoChanges {
  const beforeIds = new Set(before.map((image) => image.id));
  const afterIds = new Set(after.map((image) => image.id));
  const keptBefore = before.filter((image) => afterIds.has(image.id)).map((image) => image.id);
  const keptAfter = after.filter((image) => beforeIds.has(image.id)).map((image) => image.id);
  return {
    added: after.filter((image) => !beforeIds.has(image.id)),
    removed: before.filter((image) => !afterIds.has(image.id)),
    reordered: keptBefore.join('|') !== keptAfter.join('|'),
  };
}

/** The revision waiting for a decision, if the owner's edit is pending (not a rejected one). */
export const revisionPending = (review: PropertyReview): boolean =>
  review.pendingRevision?.status === 'pending';

/** SPEC 4.5 for the property's two buttons (a pending revision can be approved on a validated one). */
export const propertyDecisions = (review: PropertyReview) => ({
  validate: canValidateProperty(review.validationStatus, revisionPending(review)),
  reject: canRejectProperty(review.validationStatus),
});

/**
 * Issue 23 point 6 (decision 028): the announcement that waits with a property not validated yet, to be
 * decided with it in one decision ('Validar inmueble y anuncio'); null when there is none.
 */
export function jointAnnouncement(review: PropertyReview): PropertyReview['announcements'][number] | null {
  if (review.validationStatus === PropertyValidationStatus.Validated) return null;
  if (!canValidateProperty(review.validationStatus, revisionPending(review))) return null;
  return review.announcements.find((a) => a.statusCode === AnnouncementStatus.PendingValidation) ?? null;
}

/** SPEC 4.5 for an announcement's buttons; validating also needs its property validated (422 otherwise). */
export const announcementDecisions = (statusCode: string, propertyValidationStatus: string) => ({
  validate: canValidateAnnouncement(statusCode),
  propertyReady: propertyValidationStatus === PropertyValidationStatus.Validated,
  reject: canRejectAnnouncement(statusCode),
});

export const validationStatusLabel = (code: string): string =>
  (propertyValidationStatusLabels as Readonly<Record<string, string>>)[code] ?? code;

export const announcementStatusLabel = (code: string): string =>
  (announcementStatusLabels as Readonly<Record<string, string>>)[code] ?? code;

/** Badge colour of a state: good (validated, published), bad (rejected), wait (the rest). */
export function tone(code: string): 'good' | 'bad' | 'wait' {
  if (code === PropertyValidationStatus.Validated || code === AnnouncementStatus.Validated) return 'good';
  if (code === PropertyValidationStatus.Rejected || code === AnnouncementStatus.Rejected) return 'bad';
  return 'wait';
}

/** What a queue item waits for: "Inmueble nuevo", "Cambios en un inmueble", "Anuncio de venta"… */
export function kindLabel(
  item: Pick<ValidationQueueItem, 'kind' | 'announcementTypeCode'> &
    Partial<Pick<ValidationQueueItem, 'jointAnnouncements'>>,
): string {
  if (item.kind === 'announcement')
    return t.kinds.announcement[announcementKindOfType(item.announcementTypeCode)];
  if (item.kind === 'property' && (item.jointAnnouncements?.length ?? 0) > 0)
    return t.kinds.propertyWithAnnouncement;
  return t.kinds[item.kind];
}

/** "Con su anuncio de alquiler: se deciden juntos…" for a property sent with announcements, else null. */
export function jointText(item: Pick<ValidationQueueItem, 'jointAnnouncements'>): string | null {
  const [first, ...others] = item.jointAnnouncements;
  if (!first) return null;
  return t.queue.joint(
    others.length === 0
      ? t.kinds.jointAnnouncement[announcementKindOfType(first.typeCode)]
      : t.kinds.jointAnnouncements(others.length + 1),
  );
}

/** "Madrid (Madrid)", the municipality alone, or the province alone. */
export function placeText(municipality: string | null, province: string | null): string {
  if (municipality && province) return `${municipality} (${province})`;
  return municipality ?? province ?? '';
}
