import { AnnouncementStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import { announcementStatusLabels, announcementTypeLabels } from '@casaoferta/domain/masters/announcement';
import { propertyValidationStatusLabels } from '@casaoferta/domain/masters/property';
import { ownerTabs, tabOfAnnouncementStatus, type OwnerTab } from '@casaoferta/domain/rules/owner-next-step';

/** Tabs of /announcement-list: the domain's, which the API also gives each property (issue 23). */
export type StatusGroup = OwnerTab;
export const groupOrder: readonly StatusGroup[] = ownerTabs;

/** Each tab's name in the URL of /announcement-list (?tab=borradores). */
export const groupSlugs: Readonly<Record<StatusGroup, string>> = {
  active: 'activos',
  drafts: 'borradores',
  finished: 'finalizados',
};

export const groupOfSlug = (slug: string | null): StatusGroup | undefined =>
  groupOrder.find((group) => groupSlugs[group] === slug);

/** The tab a status belongs to; an unknown status is shown with the finished ones. */
export const groupOf = (statusCode: string): StatusGroup => tabOfAnnouncementStatus(statusCode);

const lookup = (labels: Readonly<Record<string, string>>, code: string): string => labels[code] ?? code;

export const statusLabel = (code: string) => lookup(announcementStatusLabels, code);
export const typeLabel = (code: string) => lookup(announcementTypeLabels, code);
export const validationLabel = (code: string) => lookup(propertyValidationStatusLabels, code);

/** Colour of a status badge: good (published), wait (pending, draft), bad (rejected), done (the rest). */
export function statusTone(code: string): 'good' | 'wait' | 'bad' | 'done' {
  if (code === AnnouncementStatus.Validated) return 'good';
  if (code === AnnouncementStatus.Rejected) return 'bad';
  if (code === AnnouncementStatus.PendingValidation || code === AnnouncementStatus.Draft) return 'wait';
  return 'done';
}

export function validationTone(code: string): 'good' | 'wait' | 'bad' {
  if (code === PropertyValidationStatus.Validated) return 'good';
  if (code === PropertyValidationStatus.Rejected) return 'bad';
  return 'wait';
}
