import { inArray } from 'drizzle-orm';
import type { NotificationEvent, StoredNotificationSettings } from '@casaoferta/domain/schemas/user-settings';
import { noticeChannelFor } from '@casaoferta/domain/rules/notice-channel';
import type { Db } from '../../db/client';
import { outbox, users } from '../../db/schema/index';
import type { Channel } from '../../platform/outbox';

export interface Notice {
  subject: string;
  body: string;
}

/** How a user can be reached, and what they want to hear about. */
export interface Contact {
  phone: string | null;
  /** The confirmed address (decision 020). */
  email: string | null;
  settings: StoredNotificationSettings | null;
}

/**
 * Where a notice of `event` goes: one channel and its address, or none (issue 23: one message per
 * event). The user's preferred channel for that kind when it is on and they can be reached on it, else
 * WhatsApp, SMS, e-mail (confirmed only) in that order, among the channels they turned on
 * (`noticeChannelFor`). An array of at most one, so a statement can unnest it (make-offer.ts).
 */
export function noticeRecipients(contact: Contact, event: NotificationEvent): [Channel, string][] {
  const chosen = noticeChannelFor(contact, event);
  return chosen ? [[chosen.channel, chosen.address]] : [];
}

/**
 * Queues `notice` for users, each on the one channel `noticeRecipients` chooses for `event`: one read
 * of the users and one insert, however many. Runs inside the caller's transaction: the notices are
 * stored only if the change they tell of is.
 */
export async function notifyUsers(
  tx: Db,
  userIds: readonly string[],
  event: NotificationEvent,
  notice: Notice,
): Promise<void> {
  if (userIds.length === 0) return;
  const contacts = await tx
    .select({ phone: users.phoneNumber, email: users.email, settings: users.notificationSettings })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  const rows = contacts.flatMap((contact) =>
    noticeRecipients(contact, event).map(([channel, recipient]) => ({
      channel,
      recipient,
      subject: notice.subject,
      body: notice.body,
    })),
  );
  if (rows.length > 0) await tx.insert(outbox).values(rows);
}

export const notifyUser = (tx: Db, userId: string, event: NotificationEvent, notice: Notice) =>
  notifyUsers(tx, [userId], event, notice);
