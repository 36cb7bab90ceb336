import { eq } from 'drizzle-orm';
import { announcementKindOfType, isMonthlyKind } from '@casaoferta/domain/announcement-kind';
import { noticeChannelFor } from '@casaoferta/domain/rules/notice-channel';
import type { NotificationEvent } from '@casaoferta/domain/schemas/user-settings';
import type { Db } from '../../db/client';
import { announcements, favourites, outbox, users } from '../../db/schema/index';
import { mediaUrl } from '../../platform/media';
import { announcementTitle } from '../offers/views';
import type { Notice } from '../offers/notify';
import { alertNotices } from './texts';

/**
 * Something that happened to a public announcement that people following it are told of (issue 26,
 * decision 037). Favourites alert on these two; saved searches (issue 26 point 1) add their own events
 * and their own finder of people below.
 */
export type AnnouncementEvent =
  | { kind: 'priceDropped'; announcementId: string; oldPrice: number; newPrice: number }
  | { kind: 'offersClosed'; announcementId: string };

type AnnouncementRow = typeof announcements.$inferSelect;

/** A person to tell: who, how they can be reached, and the token of their no-login unsubscribe link. */
interface Follower {
  userId: string;
  phone: string | null;
  email: string | null;
  settings: (typeof users.$inferSelect)['notificationSettings'];
  unsubscribeToken: string;
}

/** A source of people following an announcement, and the kind of notice (its settings) they get. */
interface FollowerSource {
  event: NotificationEvent;
  /** The `kind` of the unsubscribe link (/unsubscribe?token=…&kind=…): what it turns off. */
  unsubscribeKind: string;
  find: (tx: Db, announcementId: string) => Promise<Follower[]>;
}

/** The people who keep the announcement among their favourites (by the favourites' announcement index). */
const favouriteFollowers: FollowerSource = {
  event: 'favourites',
  unsubscribeKind: 'favourites',
  find: (tx, announcementId) =>
    tx
      .select({
        userId: users.id,
        phone: users.phoneNumber,
        email: users.email,
        settings: users.notificationSettings,
        unsubscribeToken: users.unsubscribeToken,
      })
      .from(favourites)
      .innerJoin(users, eq(users.id, favourites.userId))
      .where(eq(favourites.announcementId, announcementId)),
};

const sources: readonly FollowerSource[] = [favouriteFollowers];

/** The no-login link that turns one kind of alert off (the settings' unsubscribe page). */
export function alertUnsubscribeLink(origin: string, token: string, kind: string): string {
  const url = new URL('/unsubscribe', origin);
  url.searchParams.set('token', token);
  url.searchParams.set('kind', kind);
  return url.toString();
}

function noticeFor(
  event: AnnouncementEvent,
  a: AnnouncementRow,
  origin: string,
  unsubscribe: string,
): Notice {
  const title = announcementTitle(a);
  const perMonth = isMonthlyKind(announcementKindOfType(a.typeCode));
  const link = new URL(`/property/${a.propertyId}`, origin).toString();
  const photo = a.coverImage ? new URL(mediaUrl(a.coverImage.storageKey, 'card'), origin).toString() : null;
  return event.kind === 'priceDropped'
    ? alertNotices.priceDropped(title, event.oldPrice, event.newPrice, perMonth, link, photo, unsubscribe)
    : alertNotices.offersClosed(title, a.price, perMonth, link, photo, unsubscribe);
}

/**
 * Tells everyone who follows the announcement of `event`: one notice per person (whatever number of
 * sources finds them), on the one channel their settings choose for that kind of alert, in the caller's
 * transaction (stored only if the change it tells of is), delivered by the outbox's worker (decision
 * 017). The owner is never told of their own announcement. Answers how many notices were queued.
 */
export async function alertFollowers(tx: Db, event: AnnouncementEvent, origin: string): Promise<number> {
  const [a] = await tx.select().from(announcements).where(eq(announcements.id, event.announcementId));
  if (!a) return 0;
  const told = new Set<string>([a.ownerId]);
  const rows: (typeof outbox.$inferInsert)[] = [];
  for (const source of sources) {
    for (const follower of await source.find(tx, a.id)) {
      if (told.has(follower.userId)) continue;
      told.add(follower.userId);
      const chosen = noticeChannelFor(follower, source.event);
      if (!chosen) continue;
      const unsubscribe = alertUnsubscribeLink(origin, follower.unsubscribeToken, source.unsubscribeKind);
      const notice = noticeFor(event, a, origin, unsubscribe);
      rows.push({
        channel: chosen.channel,
        recipient: chosen.address,
        subject: notice.subject,
        body: notice.body,
      });
    }
  }
  if (rows.length > 0) await tx.insert(outbox).values(rows);
  return rows.length;
}
