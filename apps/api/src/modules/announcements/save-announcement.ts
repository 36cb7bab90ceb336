import { eq, sql } from 'drizzle-orm';
import { ANNOUNCEMENT_DURATION_DAYS } from '@casaoferta/domain/masters/announcement';
import { announcementTypeOfKind, type AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { allowedOwnerActions } from '@casaoferta/domain/rules/announcement-lifecycle';
import { arrasIssue, arrasOf } from '@casaoferta/domain/rules/arras';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import type { Db } from '../../db/client';
import { announcements } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { lockAnnouncement, lockProperty } from '../properties/owned';
import { coverImageId } from '../properties/images';
import { ownerAnnouncementView } from './owner-view';

/** Any kind's input, already validated by its zod schema (complete or draft). */
export interface AnnouncementFields {
  propertyId: string;
  offerTypeCode?: string | undefined;
  price?: number | undefined;
  customTitle?: string | undefined;
  description?: string | undefined;
  availableFrom?: string | undefined;
  durationCode?: string | undefined;
  furnished?: boolean | undefined;
  petTypeCode?: string | undefined;
  [field: string]: unknown;
}

const common = new Set([
  'propertyId',
  'offerTypeCode',
  'price',
  'customTitle',
  'description',
  'availableFrom',
  'durationCode',
  'furnished',
  'id',
]);

function toColumns(input: AnnouncementFields) {
  const details = Object.fromEntries(
    Object.entries(input).filter(([key, value]) => !common.has(key) && value !== undefined),
  );
  return {
    offerTypeCode: input.offerTypeCode,
    price: input.price,
    customTitle: input.customTitle,
    description: input.description,
    availableFrom: input.availableFrom,
    periodDays: input.durationCode ? ANNOUNCEMENT_DURATION_DAYS[input.durationCode] : undefined,
    furnished: input.furnished,
    petsAllowed: input.petTypeCode === undefined ? undefined : input.petTypeCode !== 'APT001',
    details,
  };
}

/**
 * A sale's arras in euros must stay below its price (issue 23 point 13): judged on what the row will hold
 * once written (the stored price or arras where this save leaves them out), in the transaction that writes.
 */
function checkArras(price: number | null | undefined, details: Record<string, unknown>): void {
  const arras = arrasOf(details);
  const issue = arras && arrasIssue(arras, price);
  if (issue) throw new DomainError(issue, 'arras.value');
}

/**
 * Creates or updates an announcement of one kind on the owner's property. Only a draft or a rejected
 * announcement can be edited (409 otherwise); drafts accept partial fields. The state is checked under
 * the announcement's lock in the transaction that writes, and every edit is a new revision: an agent's
 * decision racing it either comes first (the edit answers 409) or names an outdated revision (409 there).
 */
export async function saveAnnouncement(
  db: Db,
  ownerId: string,
  kind: AnnouncementKind,
  input: AnnouncementFields,
  announcementId?: string,
  /** Drafts: an `announcementId` the client generated creates the draft when it does not exist yet. */
  { createMissing = false }: { createMissing?: boolean } = {},
): Promise<OwnerAnnouncement> {
  const columns = toColumns(input);
  const id = await db.transaction(async (tx) => {
    const create = async (newId?: string) => {
      checkArras(columns.price, columns.details);
      const property = await lockProperty(tx, input.propertyId, ownerId);
      const [created] = await tx
        .insert(announcements)
        .values({
          ...columns,
          ...(newId ? { id: newId } : {}),
          propertyId: property.id,
          ownerId,
          typeCode: announcementTypeOfKind[kind],
          coverImageId: await coverImageId(tx, property.id),
        })
        .onConflictDoNothing({ target: announcements.id })
        .returning({ id: announcements.id });
      return created?.id;
    };
    if (announcementId && createMissing) {
      // A repeated save of a new draft (a retry, the browser's Back) finds it and continues it below.
      const created = await create(announcementId);
      if (created) return created;
    }
    if (announcementId) {
      const { announcement, property } = await lockAnnouncement(tx, announcementId, ownerId);
      if (
        announcement.typeCode !== announcementTypeOfKind[kind] ||
        announcement.propertyId !== input.propertyId
      ) {
        throw new DomainError('NOT_FOUND');
      }
      const { edit } = allowedOwnerActions({
        statusCode: announcement.statusCode,
        offerTypeCode: announcement.offerTypeCode,
        propertyValidationStatus: property.validationStatus,
      });
      if (!edit) throw new DomainError('INVALID_STATE');
      const details = { ...announcement.details, ...columns.details };
      checkArras(columns.price ?? announcement.price, details);
      await tx
        .update(announcements)
        .set({
          ...columns,
          details,
          revision: sql`${announcements.revision} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(announcements.id, announcement.id));
      return announcement.id;
    }
    const created = await create();
    if (!created) throw new Error('saveAnnouncement: no row returned');
    return created;
  });
  return ownerAnnouncementView(db, id);
}
