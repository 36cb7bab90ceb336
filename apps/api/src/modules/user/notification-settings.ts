import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import { notificationEvents, type NotificationSettings } from '@casaoferta/domain/schemas/user-settings';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';

/**
 * PUT /api/user/notification/settings. E-mail may be the preferred channel of a kind only with a
 * confirmed address: checked by the statement that stores the settings (an address removed meanwhile
 * makes it store nothing), else 409 `EMAIL_NOT_CONFIRMED`.
 */
export async function saveNotificationSettings(
  db: Db,
  userId: string,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  const prefersEmail = notificationEvents.some((event) => settings[event].preferred === 'email');
  const conditions: SQL[] = [eq(users.id, userId)];
  if (prefersEmail) conditions.push(isNotNull(users.email));
  const [saved] = await db
    .update(users)
    .set({ notificationSettings: settings })
    .where(and(...conditions))
    .returning({ id: users.id });
  if (!saved) throw new DomainError(prefersEmail ? 'EMAIL_NOT_CONFIRMED' : 'NOT_FOUND');
  return settings;
}
