import { inArray } from 'drizzle-orm';
import {
  defaultNotificationSettings,
  type NotificationEvent,
  type NotificationSettings,
} from '@casaoferta/domain/schemas/user-settings';
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
  email: string | null;
  settings: NotificationSettings | null;
}

/** The channels and addresses a notice of `event` goes to: those the settings turn on and the user has. */
export function noticeRecipients(contact: Contact, event: NotificationEvent): [Channel, string][] {
  const wanted = (contact.settings ?? defaultNotificationSettings)[event];
  const recipients: [Channel, string | null][] = [
    ['email', contact.email],
    ['sms', contact.phone],
    ['whatsapp', contact.phone],
  ];
  return recipients.filter((r): r is [Channel, string] => wanted[r[0]] && r[1] !== null && r[1] !== '');
}

/**
 * Queues `notice` for users on every channel their notification settings turn on for `event` and that
 * they can be reached on (SMS and WhatsApp on their phone, e-mail on their address): one read of the
 * users and one insert, however many. Runs inside the caller's transaction: the notices are stored only
 * if the change they tell of is.
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
