import { and, eq, lte, sql } from 'drizzle-orm';
import {
  canRejectAnnouncement,
  canRejectProperty,
  canValidateAnnouncement,
  canValidateProperty,
} from '@casaoferta/domain/rules/announcement-lifecycle';
import { AnnouncementStatus, PropertyValidationStatus } from '@casaoferta/domain/codes';
import type { Db } from '../../db/client';
import { announcements, municipalities, properties, provinces } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { coverImageId } from '../properties/images';
import { announcementSearchText } from '../listings/search-text';
import { refreshCards } from '../listings/search-announcements';
import { defaultTitle } from '@casaoferta/domain/titles';

export interface Decision {
  approve: boolean;
  reason?: string | undefined;
}

/**
 * SPEC 4.5, property: a property not validated can be validated; a pending or validated one can be
 * rejected, with a reason the owner sees. Used by the agents' screens (back-office issue) and the CLI.
 */
export async function decideProperty(db: Db, propertyId: string, decision: Decision) {
  const [property] = await db.select().from(properties).where(eq(properties.id, propertyId));
  if (!property) throw new DomainError('NOT_FOUND');
  if (
    decision.approve
      ? !canValidateProperty(property.validationStatus)
      : !canRejectProperty(property.validationStatus)
  ) {
    throw new DomainError('INVALID_STATE');
  }
  if (!decision.approve && !decision.reason?.trim()) throw new DomainError('INVALID_INPUT', 'reasons');
  await db
    .update(properties)
    .set({
      validationStatus: decision.approve
        ? PropertyValidationStatus.Validated
        : PropertyValidationStatus.Rejected,
      validationReason: decision.approve ? null : (decision.reason ?? null),
      updatedAt: sql`now()`,
    })
    .where(eq(properties.id, propertyId));
  return { id: property.id, fkUserId: property.ownerId };
}

/**
 * SPEC 4.5, announcement: pending or rejected can be validated (it goes live for its period, with the
 * search and card columns copied from its property); pending can be rejected with a reason.
 */
export async function decideAnnouncement(db: Db, announcementId: string, decision: Decision) {
  const [row] = await db
    .select({
      a: announcements,
      p: properties,
      municipalityName: municipalities.displayName,
      provinceName: provinces.displayName,
    })
    .from(announcements)
    .innerJoin(properties, eq(properties.id, announcements.propertyId))
    .leftJoin(municipalities, eq(municipalities.code, properties.municipalityCode))
    .leftJoin(provinces, eq(provinces.code, properties.provinceCode))
    .where(eq(announcements.id, announcementId));
  if (!row) throw new DomainError('NOT_FOUND');
  const { a, p } = row;
  if (decision.approve ? !canValidateAnnouncement(a.statusCode) : !canRejectAnnouncement(a.statusCode)) {
    throw new DomainError('INVALID_STATE');
  }
  if (!decision.approve) {
    if (!decision.reason?.trim()) throw new DomainError('INVALID_INPUT', 'reasons');
    await db
      .update(announcements)
      .set({
        statusCode: AnnouncementStatus.Rejected,
        statusReason: decision.reason ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(announcements.id, a.id));
    return { id: a.id, userId: a.ownerId };
  }
  if (p.validationStatus !== PropertyValidationStatus.Validated)
    throw new DomainError('PROPERTY_NOT_VALIDATED');
  const cover = await coverImageId(db, p.id);
  const now = new Date();
  const title = a.customTitle || defaultTitle(a.typeCode, p.propertyTypeCode, row.municipalityName);
  // One transaction: the card columns are never seen stale on a live announcement.
  await db.transaction(async (tx) => {
    await tx
      .update(announcements)
      .set({
        statusCode: AnnouncementStatus.Validated,
        statusReason: null,
        publishedAt: now,
        endsAt: new Date(now.getTime() + a.periodDays * 24 * 3600_000),
        provinceCode: p.provinceCode,
        municipalityCode: p.municipalityCode,
        rooms: p.rooms,
        surfaceM2: p.surfaceM2,
        features: p.features,
        coverImageId: cover,
        searchText: announcementSearchText([title, row.municipalityName, row.provinceName, p.street]),
        updatedAt: sql`now()`,
      })
      .where(eq(announcements.id, a.id));
    await refreshCards(tx, eq(announcements.id, a.id));
  });
  return { id: a.id, userId: a.ownerId };
}

/** Announcements whose period is over end by themselves (AST001 → AST006). Returns how many ended. */
export async function endExpiredAnnouncements(db: Db): Promise<number> {
  const ended = await db
    .update(announcements)
    .set({ statusCode: AnnouncementStatus.Ended, updatedAt: sql`now()` })
    .where(
      and(eq(announcements.statusCode, AnnouncementStatus.Validated), lte(announcements.endsAt, sql`now()`)),
    )
    .returning({ id: announcements.id });
  return ended.length;
}
