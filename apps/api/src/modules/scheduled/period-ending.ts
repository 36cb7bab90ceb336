import { sql } from 'drizzle-orm';
import { AnnouncementStatus } from '@casaoferta/domain/codes';
import type { Db } from '../../db/client';
import { announcements } from '../../db/schema/index';
import { notifyUser } from '../offers/notify';
import { announcementTitle } from '../offers/views';
import { scheduledNotices } from './texts';

/** How long before its period ends the owner of a published announcement is told (issue 12, point 5). */
export const PERIOD_NOTICE_DAYS = 3;

/**
 * Tells each owner whose published announcement ends within PERIOD_NOTICE_DAYS, once per end date: one
 * guarded UPDATE marks the announcements (`period_notice_ends_at = ends_at`) and returns only those it
 * changed, and the notices are queued in the same transaction, so two processes running the job at once
 * tell each owner once. An agent's extension moves `ends_at`, which makes a new notice due near the new
 * end. Returns how many owners were told.
 */
export async function notifyPeriodEnding(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(announcements)
      .set({ periodNoticeEndsAt: sql`${announcements.endsAt}` })
      .where(
        sql`${announcements.statusCode} = ${AnnouncementStatus.Validated}
          and ${announcements.endsAt} > now()
          and ${announcements.endsAt} <= now() + make_interval(days => ${PERIOD_NOTICE_DAYS})
          and ${announcements.periodNoticeEndsAt} is distinct from ${announcements.endsAt}`,
      )
      .returning();
    for (const announcement of due) {
      if (!announcement.endsAt) continue;
      await notifyUser(
        tx,
        announcement.ownerId,
        'announcements',
        scheduledNotices.periodEnding(announcementTitle(announcement), announcement.endsAt),
      );
    }
    return due.length;
  });
}
