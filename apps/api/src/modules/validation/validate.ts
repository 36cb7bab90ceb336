import { and, eq, exists, inArray, lte, sql, type SQL } from 'drizzle-orm';
import {
  canRejectAnnouncement,
  canRejectProperty,
  canValidateAnnouncement,
  canValidateProperty,
} from '@casaoferta/domain/rules/announcement-lifecycle';
import { AnnouncementStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import {
  nextStepPath,
  propertyNextStep,
  type PropertyNextStep,
} from '@casaoferta/domain/rules/owner-next-step';
import { defaultTitle } from '@casaoferta/domain/titles';
import type { Db } from '../../db/client';
import { announcements, municipalities, properties, provinces } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { coverImageId, removeUnusedImageFiles } from '../properties/images';
import { lockAnnouncement, lockProperty } from '../properties/owned';
import { applyRevision, rejectRevision } from '../properties/revision';
import { announcementSearchText } from '../listings/search-text';
import { refreshCards } from '../listings/search-announcements';
import { offersFollowAnnouncement } from '../offers/decide';
import { notifyUser, type Notice } from '../offers/notify';
import { announcementTitle } from '../offers/views';
import { announcementsOfProperties } from '../announcements/my-properties';
import { publishPrice } from '../announcements/price-change';
import { propertyPlace, validationNotices } from './texts';
import type { ObjectStore } from '../../platform/storage/index';

export interface Decision {
  approve: boolean;
  reason?: string | undefined;
  /** The revision the agent reviewed (decision 011): a newer one answers 409 REVISION_OUTDATED. */
  revision: number;
}

/** A property's decision with, optionally, its pending announcement's (issue 23 point 6, decision 028). */
export interface PropertyDecision extends Decision {
  announcement?: (Decision & { id: string }) | undefined;
}

/**
 * The property's next step as it stands now (inside the decision's transaction, after its writes) and
 * its link at `origin` (config.publicOrigin: never the request's).
 */
async function nextStepOf(tx: Db, propertyId: string, validationStatus: string, origin: string) {
  const list = (await announcementsOfProperties(tx, [propertyId])).get(propertyId) ?? [];
  const next = propertyNextStep(validationStatus, list);
  return { step: next.step, link: linkTo(origin, propertyId, next) };
}

const linkTo = (origin: string, propertyId: string, next: PropertyNextStep) =>
  `${origin}${nextStepPath(propertyId, next)}`;

/** The reason a rejection needs (400 before anything is read), or null for an approval. */
function assertReason(decision: Pick<Decision, 'approve' | 'reason'>): string | null {
  const reason = decision.reason?.trim() ?? '';
  if (!decision.approve && !reason) throw new DomainError('INVALID_INPUT', 'reasons');
  return decision.approve ? null : reason;
}

/**
 * SPEC 4.5, property: a property not validated can be validated; a pending or validated one can be
 * rejected, with a reason the owner sees. A validated property with a pending revision is decided on
 * that revision: approving applies it (the public version changes, with its announcements' copies),
 * rejecting keeps the approved version and tells the owner why (decision 011). Rejecting a validated
 * property takes its announcements on show out of the catalogue (AST007 with the same reason): only a
 * validated property is ever on show. Everything happens under the property's lock, so the checks hold
 * for the writes. Used by the agents' validation queue and review screens. `filesLeft` names the
 * storage keys of removed photos whose files could not be deleted. Every notice links to the owner's
 * next step at `origin` (config.publicOrigin).
 */
export async function decideProperty(
  db: Db,
  store: ObjectStore,
  propertyId: string,
  decision: PropertyDecision,
  origin: string,
) {
  const reason = assertReason(decision);
  const joint = decision.announcement;
  const announcementReason = joint ? assertReason(joint) : null;
  // The property's rules first: an announcement is published only with its property validated.
  if (joint?.approve && reason !== null) throw new DomainError('PROPERTY_NOT_VALIDATED');
  const { property, removedKeys } = await db.transaction(async (tx) => {
    const p = await lockProperty(tx, propertyId);
    const revisionPending = p.pendingRevision?.status === 'pending';
    const allowed = decision.approve
      ? canValidateProperty(p.validationStatus, revisionPending)
      : canRejectProperty(p.validationStatus);
    if (!allowed) throw new DomainError('INVALID_STATE');
    if (p.revision !== decision.revision) throw new DomainError('REVISION_OUTDATED');
    if (joint) {
      // A joint decision is the property's first review (a validated one's announcements are decided
      // on their own); the announcement is locked after its property, and checked before any write.
      if (p.validationStatus === PropertyValidationStatus.Validated) throw new DomainError('INVALID_STATE');
      const { announcement: a } = await lockAnnouncement(tx, joint.id);
      if (a.propertyId !== p.id) throw new DomainError('NOT_FOUND');
      const can = joint.approve ? canValidateAnnouncement(a.statusCode) : canRejectAnnouncement(a.statusCode);
      if (!can) throw new DomainError('INVALID_STATE');
      if (a.revision !== joint.revision) throw new DomainError('REVISION_OUTDATED');
      await decideJointly(tx, p, a, reason, announcementReason, origin);
      return { property: p, removedKeys: [] };
    }

    if (revisionPending && reason !== null) {
      await rejectRevision(tx, p, reason);
      await notifyUser(
        tx,
        p.ownerId,
        'announcements',
        validationNotices.revisionRejected(
          propertyPlace(p),
          reason,
          linkTo(origin, p.id, { step: 'correctProperty', tab: 'drafts', announcement: null }),
        ),
      );
      return { property: p, removedKeys: [] };
    }
    // Approving a revision applies it; a property leaving the validated state takes its owner's latest
    // version too (nothing of it is public any more).
    const removed = await applyRevision(tx, p);
    await tx
      .update(properties)
      .set({
        validationStatus:
          reason === null ? PropertyValidationStatus.Validated : PropertyValidationStatus.Rejected,
        validationReason: reason,
        updatedAt: sql`now()`,
      })
      .where(eq(properties.id, p.id));
    if (reason !== null) {
      await tx
        .update(announcements)
        .set({ statusCode: AnnouncementStatus.Rejected, statusReason: reason, updatedAt: sql`now()` })
        .where(
          and(
            eq(announcements.propertyId, p.id),
            inArray(announcements.statusCode, [
              AnnouncementStatus.Validated,
              AnnouncementStatus.BiddingClosed,
            ]),
          ),
        );
    }
    if (revisionPending) await copyPropertyToAnnouncements(tx, p.id);
    // The owner is told in the same transaction (the outbox row exists only if the decision does).
    const place = propertyPlace(p);
    const next = await nextStepOf(
      tx,
      p.id,
      reason === null ? PropertyValidationStatus.Validated : PropertyValidationStatus.Rejected,
      origin,
    );
    const notice =
      reason !== null
        ? validationNotices.propertyRejected(place, reason, next.link)
        : revisionPending
          ? validationNotices.revisionApproved(place, next.step, next.link)
          : validationNotices.propertyValidated(place, next.step, next.link);
    await notifyUser(tx, p.ownerId, 'announcements', notice);
    return { property: p, removedKeys: removed };
  });
  // The photos the approved revision left out: their rows are gone, their files go now (answered when
  // they could not be removed, for the caller to log).
  const filesLeft = await removeUnusedImageFiles(db, store, removedKeys);
  return { id: property.id, fkUserId: property.ownerId, filesLeft };
}

/**
 * SPEC 4.5, announcement: pending or rejected can be validated (it goes live for its period, with the
 * search and card columns copied from its approved property); pending can be rejected with a reason.
 * The announcement and its property are locked while the states and the revision are checked, so an
 * owner's withdrawal or edit racing the decision either comes first (409 here) or waits for it. The
 * notice links to the announcement's form (rejected) or its offers (published) at `origin`.
 */
export async function decideAnnouncement(db: Db, announcementId: string, decision: Decision, origin: string) {
  const reason = assertReason(decision);
  return db.transaction(async (tx) => {
    const { announcement: a, property: p } = await lockAnnouncement(tx, announcementId);
    const allowed = decision.approve
      ? canValidateAnnouncement(a.statusCode)
      : canRejectAnnouncement(a.statusCode);
    if (!allowed) throw new DomainError('INVALID_STATE');
    if (a.revision !== decision.revision) throw new DomainError('REVISION_OUTDATED');
    if (reason !== null) {
      await tx
        .update(announcements)
        .set({ statusCode: AnnouncementStatus.Rejected, statusReason: reason, updatedAt: sql`now()` })
        .where(eq(announcements.id, a.id));
      const title = announcementTitle(a);
      const link = linkTo(origin, p.id, { step: 'correctAnnouncement', tab: 'drafts', announcement: a });
      await notifyUser(
        tx,
        a.ownerId,
        'announcements',
        validationNotices.announcementRejected(title, reason, link),
      );
      return { id: a.id, userId: a.ownerId };
    }
    if (p.validationStatus !== PropertyValidationStatus.Validated)
      throw new DomainError('PROPERTY_NOT_VALIDATED');
    const published = await publishValidated(tx, a, origin);
    // "Te avisaremos cuando se publique" (the publication page): the title as the card now shows it.
    await notifyUser(
      tx,
      a.ownerId,
      'announcements',
      validationNotices.announcementPublished(
        published.title,
        published.endsAt,
        linkTo(origin, p.id, { step: 'followOffers', tab: 'active', announcement: a }),
      ),
    );
    return { id: a.id, userId: a.ownerId };
  });
}

type PropertyRow = typeof properties.$inferSelect;
type AnnouncementRow = typeof announcements.$inferSelect;

/**
 * Publishes an announcement for its period. The statement itself is guarded on the property being
 * validated (and the announcement still pending or rejected): an announcement is never published on a
 * property that is not, whatever was read before (422 PROPERTY_NOT_VALIDATED). The search and card
 * columns are copied in the same transaction: never stale on a live announcement. Answers the title as
 * the card now shows it and the end of the period, for the owner's notice.
 */
async function publishValidated(tx: Db, a: AnnouncementRow, origin: string) {
  const now = new Date();
  const updated = await tx
    .update(announcements)
    .set({
      statusCode: AnnouncementStatus.Validated,
      statusReason: null,
      publishedAt: now,
      endsAt: new Date(now.getTime() + a.periodDays * 24 * 3600_000),
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(announcements.id, a.id),
        inArray(announcements.statusCode, [
          AnnouncementStatus.PendingValidation,
          AnnouncementStatus.Rejected,
        ]),
        exists(
          tx
            .select({ one: sql`1` })
            .from(properties)
            .where(
              and(
                eq(properties.id, announcements.propertyId),
                eq(properties.validationStatus, PropertyValidationStatus.Validated),
              ),
            ),
        ),
      ),
    )
    .returning({ id: announcements.id });
  if (updated.length === 0) throw new DomainError('PROPERTY_NOT_VALIDATED');
  await copyPropertyToAnnouncements(tx, a.propertyId, a.id);
  // Its price is now the public one: a change from the price it last showed is kept (decision 037).
  await publishPrice(tx, a.id, origin);
  const [published] = await tx.select().from(announcements).where(eq(announcements.id, a.id));
  return { title: published ? announcementTitle(published) : '', endsAt: published?.endsAt ?? now };
}

/**
 * Issue 23 point 6 (decision 028): the property's first review with its pending announcement, under
 * both locks, the checks done. The property is decided first; then the announcement is published
 * (guarded on the property now validated), rejected (AST007 with its reason), or, when the property is
 * rejected and the agent says nothing against the announcement, left pending: it waits with its
 * property, and the owner's corrected property comes back to the queue with it. One notice says all.
 */
async function decideJointly(
  tx: Db,
  p: PropertyRow,
  a: AnnouncementRow,
  propertyReason: string | null,
  announcementReason: string | null,
  origin: string,
) {
  await tx
    .update(properties)
    .set({
      validationStatus:
        propertyReason === null ? PropertyValidationStatus.Validated : PropertyValidationStatus.Rejected,
      validationReason: propertyReason,
      updatedAt: sql`now()`,
    })
    .where(eq(properties.id, p.id));
  const place = propertyPlace(p);
  const title = announcementTitle(a);
  const correctAnnouncement = linkTo(origin, p.id, {
    step: 'correctAnnouncement',
    tab: 'drafts',
    announcement: a,
  });
  const correctProperty = linkTo(origin, p.id, {
    step: 'correctProperty',
    tab: 'drafts',
    announcement: null,
  });
  if (announcementReason !== null) {
    await tx
      .update(announcements)
      .set({
        statusCode: AnnouncementStatus.Rejected,
        statusReason: announcementReason,
        updatedAt: sql`now()`,
      })
      .where(eq(announcements.id, a.id));
  }
  let notice: Notice;
  if (propertyReason !== null) {
    notice =
      announcementReason !== null
        ? validationNotices.bothRejected(place, propertyReason, title, announcementReason, correctProperty)
        : validationNotices.propertyRejectedAnnouncementWaits(place, propertyReason, title, correctProperty);
  } else if (announcementReason !== null) {
    notice = validationNotices.propertyValidatedAnnouncementRejected(
      place,
      title,
      announcementReason,
      correctAnnouncement,
    );
  } else {
    const published = await publishValidated(tx, a, origin);
    notice = validationNotices.bothPublished(
      place,
      published.title,
      published.endsAt,
      linkTo(origin, p.id, { step: 'followOffers', tab: 'active', announcement: a }),
    );
  }
  await notifyUser(tx, p.ownerId, 'announcements', notice);
}

/**
 * Copies the property's approved columns to its announcements (or to one of them): the search columns
 * (place, rooms, surface, features, cover photo, search text) and then the card columns.
 */
async function copyPropertyToAnnouncements(tx: Db, propertyId: string, announcementId?: string) {
  const targeted: SQL = announcementId
    ? eq(announcements.id, announcementId)
    : eq(announcements.propertyId, propertyId);
  const [row] = await tx
    .select({
      p: properties,
      municipalityName: municipalities.displayName,
      provinceName: provinces.displayName,
    })
    .from(properties)
    .leftJoin(municipalities, eq(municipalities.code, properties.municipalityCode))
    .leftJoin(provinces, eq(provinces.code, properties.provinceCode))
    .where(eq(properties.id, propertyId));
  if (!row) throw new DomainError('NOT_FOUND');
  const { p } = row;
  const cover = await coverImageId(tx, p.id);
  const targets = await tx
    .select({
      id: announcements.id,
      typeCode: announcements.typeCode,
      customTitle: announcements.customTitle,
    })
    .from(announcements)
    .where(targeted);
  for (const a of targets) {
    const title = a.customTitle || defaultTitle(a.typeCode, p.propertyTypeCode, row.municipalityName);
    await tx
      .update(announcements)
      .set({
        provinceCode: p.provinceCode,
        municipalityCode: p.municipalityCode,
        rooms: p.rooms,
        surfaceM2: p.surfaceM2,
        features: p.features,
        coverImageId: cover,
        searchText: announcementSearchText([title, row.municipalityName, row.provinceName, p.street]),
      })
      .where(eq(announcements.id, a.id));
  }
  await refreshCards(tx, targeted);
}

/**
 * Announcements whose period is over stop taking offers by themselves. One with current offers closes
 * its bidding (AST001 → AST003): the owner still chooses among them, and the candidates are told; one
 * without offers ends (AST006). Each moves in its own transaction under the property's and the
 * announcement's locks, so an offer arriving at the last moment is either in before or refused after.
 * Returns how many moved.
 */
export async function endExpiredAnnouncements(db: Db): Promise<number> {
  const due = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(
      and(eq(announcements.statusCode, AnnouncementStatus.Validated), lte(announcements.endsAt, sql`now()`)),
    );
  let moved = 0;
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      const { announcement } = await lockAnnouncement(tx, id);
      const over = announcement.endsAt !== null && announcement.endsAt.getTime() <= Date.now();
      if (announcement.statusCode !== AnnouncementStatus.Validated || !over) return;
      const to = announcement.offersCount > 0 ? AnnouncementStatus.BiddingClosed : AnnouncementStatus.Ended;
      await tx
        .update(announcements)
        .set({ statusCode: to, updatedAt: sql`now()` })
        .where(eq(announcements.id, id));
      await offersFollowAnnouncement(tx, announcement, to);
      moved += 1;
    });
  }
  return moved;
}
