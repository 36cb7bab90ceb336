import type { CurrentUser } from '@casaoferta/domain/schemas/auth';
import type { NotificationSettings, SupportAccess } from '@casaoferta/domain/schemas/user-settings';
import { apiRequest } from '../../shared/api/client';

/** GET /api/user: the current user plus what the settings page shows. */
export type UserWithSettings = CurrentUser & {
  notificationSettings: NotificationSettings;
  supportAccess: SupportAccess[];
};

export const settingsPaths = {
  user: '/api/user',
  notificationSettings: '/api/user/notification/settings',
} as const;

export const fetchUserWithSettings = (signal?: AbortSignal) =>
  apiRequest<UserWithSettings>(settingsPaths.user, { signal });

export const saveNotificationSettings = (settings: NotificationSettings) =>
  apiRequest<NotificationSettings>(settingsPaths.notificationSettings, { method: 'PUT', body: settings });
