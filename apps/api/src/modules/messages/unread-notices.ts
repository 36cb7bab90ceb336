import { eq, sql } from 'drizzle-orm';
import { firstNameOnly } from '@casaoferta/domain/rules/message-text';
import type { Db } from '../../db/client';
import { announcements, users } from '../../db/schema/index';
import { notifyUser } from '../offers/notify';
import { announcementTitle } from '../offers/views';
import type { ScheduledJob } from '../scheduled/jobs';
import { messageNotices } from './texts';

/** How long a message waits unread before its reader is told away from the product. */
export const UNREAD_NOTICE_AFTER_MINUTES = 2;
/** At most one notice per conversation and reader in this many minutes (issue 27 point 1). */
export const NOTICE_EVERY_MINUTES = 15;

interface Claimed {
  offer_id: string;
  announcement_id: string;
  recipient_id: string;
  sender_id: string;
}

/**
 * Claims the conversations whose reader `side` has messages of the other side unread for
 * UNREAD_NOTICE_AFTER_MINUTES, not told of yet, and was last told NOTICE_EVERY_MINUTES ago or never:
 * one guarded UPDATE, so two runs at once (two processes, a cron tick and a slow run) claim each
 * conversation once; the second re-reads the row after the first commits and no longer matches.
 */
function claim(tx: Db, side: 'owner' | 'candidate') {
  const reader = side === 'owner' ? sql.raw('owner') : sql.raw('candidate');
  const writer = side === 'owner' ? sql.raw('candidate') : sql.raw('owner');
  return tx.execute(sql`
    update conversations c
       set ${reader}_noticed_at = now(), ${reader}_noticed_id = c.last_message_id
     where c.last_message_id > greatest(c.${reader}_read_id, c.${reader}_noticed_id)
       and (c.${reader}_noticed_at is null
            or c.${reader}_noticed_at <= now() - make_interval(mins => ${NOTICE_EVERY_MINUTES}))
       and exists (
         select 1 from messages m
          where m.offer_id = c.offer_id
            and m.sender_id = c.${writer}_id
            and m.id > greatest(c.${reader}_read_id, c.${reader}_noticed_id)
            and m.created_at <= now() - make_interval(mins => ${UNREAD_NOTICE_AFTER_MINUTES}))
    returning c.offer_id, c.announcement_id, c.${reader}_id as recipient_id, c.${writer}_id as sender_id
  `) as unknown as Promise<{ rows: Claimed[] }>;
}

/**
 * Tells each reader away from the product of the messages waiting for them, batched per conversation,
 * on the channel they chose for offers (notify.ts). The claim and the notices share a transaction: a
 * notice exists exactly when its claim does.
 */
export async function notifyUnreadMessages(db: Db, publicOrigin: string): Promise<number> {
  return db.transaction(async (tx) => {
    let told = 0;
    for (const side of ['owner', 'candidate'] as const) {
      const { rows } = await claim(tx, side);
      for (const row of rows) {
        const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, row.sender_id));
        const [announcement] = await tx
          .select()
          .from(announcements)
          .where(eq(announcements.id, row.announcement_id));
        if (!sender || !announcement) continue;
        const link = `${publicOrigin}/conversation/${row.offer_id}`;
        await notifyUser(
          tx,
          row.recipient_id,
          'offers',
          messageNotices.unread(firstNameOnly(sender.name), announcementTitle(announcement), link),
        );
        told += 1;
      }
    }
    return told;
  });
}

/** The job: every minute (graphile-worker's cron on PostgreSQL, once per tick; a timer on PGlite). */
export const unreadMessagesJob = (publicOrigin: string): ScheduledJob => ({
  name: 'notify_unread_messages',
  cron: '* * * * *',
  intervalMs: 60_000,
  run: (db) => notifyUnreadMessages(db, publicOrigin),
});
