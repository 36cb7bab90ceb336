import { AnnouncementStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import { announcementStatusLabels, announcementTypeLabels } from '@casaoferta/domain/masters/announcement';
import { propertyValidationStatusLabels } from '@casaoferta/domain/masters/property';

/** Tabs of /announcement-list and the statuses each one shows (ARCHITECTURE 5). */
export const statusGroups = {
  active: [
    AnnouncementStatus.Validated,
    AnnouncementStatus.BiddingClosed,
    AnnouncementStatus.PendingValidation,
  ],
  drafts: [AnnouncementStatus.Draft],
  finished: [
    AnnouncementStatus.TenantSelected,
    AnnouncementStatus.Withdrawn,
    AnnouncementStatus.Ended,
    AnnouncementStatus.Rejected,
    AnnouncementStatus.Closed,
  ],
} as const satisfies Record<string, readonly string[]>;
export type StatusGroup = keyof typeof statusGroups;
export const groupOrder: readonly StatusGroup[] = ['active', 'drafts', 'finished'];

/** Each tab's name in the URL of /announcement-list (?tab=borradores). */
export const groupSlugs: Readonly<Record<StatusGroup, string>> = {
  active: 'activos',
  drafts: 'borradores',
  finished: 'finalizados',
};

export const groupOfSlug = (slug: string | null): StatusGroup | undefined =>
  groupOrder.find((group) => groupSlugs[group] === slug);

/** The tab a status belongs to; an unknown status is shown with the finished ones. */
export function groupOf(statusCode: string): StatusGroup {
  for (const group of groupOrder) {
    if ((statusGroups[group] as readonly string[]).includes(statusCode)) return group;
  }
  return 'finished';
}

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
