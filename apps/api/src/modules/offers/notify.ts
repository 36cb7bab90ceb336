import { eq } from 'drizzle-orm';
import {
  defaultNotificationSettings,
  type NotificationEvent,
} from '@casaoferta/domain/schemas/user-settings';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { enqueueMessage, type Channel } from '../../platform/outbox';

export interface Notice {
  subject: string;
  body: string;
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
  const wanted = (user.settings ?? defaultNotificationSettings)[event];
  const recipients: [Channel, string | null][] = [
    ['email', user.email],
    ['sms', user.phone],
    ['whatsapp', user.phone],
  ];
  for (const [channel, recipient] of recipients) {
    if (!wanted[channel] || !recipient) continue;
    await enqueueMessage(tx, { channel, recipient, subject: notice.subject, body: notice.body });
  }
}
