import { eq } from 'drizzle-orm';
import {
  defaultNotificationSettings,
  type NotificationEvent,
  type NotificationSettings,
} from '@casaoferta/domain/schemas/user-settings';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { enqueueMessage, type Channel } from '../../platform/outbox';

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
 * Queues `notice` for a user on every channel their notification settings turn on for `event` and that
 * they can be reached on (SMS and WhatsApp on their phone, e-mail on their address). Runs inside the
 * caller's transaction: the notice is stored only if the change it tells of is.
 */
export async function notifyUser(tx: Db, userId: string, event: NotificationEvent, notice: Notice) {
  const [user] = await tx
    .select({ phone: users.phoneNumber, email: users.email, settings: users.notificationSettings })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  for (const [channel, recipient] of noticeRecipients(user, event)) {
    await enqueueMessage(tx, { channel, recipient, subject: notice.subject, body: notice.body });
  }
}
