import type { CurrentUser } from '@casaoferta/domain/schemas/auth';
import type { NotificationSettings, SupportAccess } from '@casaoferta/domain/schemas/user-settings';
import type { EmailState } from '@casaoferta/domain/schemas/user-email';
import { apiRequest } from '../../shared/api/client';

/** GET /api/user: the current user plus what the settings page shows. */
export type UserWithSettings = CurrentUser & {
  notificationSettings: NotificationSettings;
  supportAccess: SupportAccess[];
};

export const settingsPaths = {
  user: '/api/user',
  notificationSettings: '/api/user/notification/settings',
  email: '/api/user/email',
  confirmEmail: '/api/user/email/confirm',
  unsubscribe: '/api/user/email/unsubscribe',
} as const;

export const fetchUserWithSettings = (signal?: AbortSignal) =>
  apiRequest<UserWithSettings>(settingsPaths.user, { signal });

export const saveNotificationSettings = (settings: NotificationSettings) =>
  apiRequest<NotificationSettings>(settingsPaths.notificationSettings, { method: 'PUT', body: settings });

export type { EmailState };

/** The query of GET /api/user/email, shared by the e-mail section and the notification choices. */
export const emailQueryKey = ['user-email'] as const;

export const fetchEmailState = (signal?: AbortSignal) =>
  apiRequest<EmailState>(settingsPaths.email, { signal });

/** Sends the confirmation link to `email`; field errors are shown by the form (silent). */
export const requestEmailChange = (email: string) =>
  apiRequest<EmailState>(settingsPaths.email, { method: 'PUT', body: { email }, silent: true });

export const removeEmail = () => apiRequest<EmailState>(settingsPaths.email, { method: 'DELETE' });

/** The links of e-mails: they work without a session, and the page shows their own outcome. */
export const confirmEmail = (token: string) =>
  apiRequest<{ email: string }>(settingsPaths.confirmEmail, {
    method: 'POST',
    body: { token },
    token: null,
    silent: true,
  });

/** `kind` 'favourites': the favourites' alerts on every channel (their own link); else every e-mail. */
export const unsubscribeEmails = (token: string, kind: 'email' | 'favourites' = 'email') =>
  apiRequest<{ email: string | null }>(settingsPaths.unsubscribe, {
    method: 'POST',
    body: { token, kind },
    token: null,
    silent: true,
  });
