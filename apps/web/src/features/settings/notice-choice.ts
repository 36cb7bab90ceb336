import type { NotificationChannels } from '@casaoferta/domain/schemas/user-settings';

/** What the settings page offers for each kind of notice: one channel (issue 23), automatic, or none. */
export type NoticeChoice = 'auto' | 'whatsapp' | 'sms' | 'email' | 'off';
export const noticeChoices = [
  'auto',
  'whatsapp',
  'sms',
  'email',
  'off',
] as const satisfies readonly NoticeChoice[];

/**
 * The choice stored settings amount to: the preferred channel when it is on; else what the automatic
 * order would use (settings saved before issue 23 may have WhatsApp off, or only e-mail on).
 * `hasEmail`: a confirmed address exists (without one, e-mail sends nothing).
 */
export function choiceOf(channels: NotificationChannels, hasEmail: boolean): NoticeChoice {
  const { preferred } = channels;
  if (preferred !== null && channels[preferred] && (preferred !== 'email' || hasEmail)) return preferred;
  if (channels.whatsapp) return 'auto';
  if (channels.sms) return 'sms';
  if (channels.email && hasEmail) return 'email';
  return 'off';
}

/** The settings of one kind for a choice; e-mail keeps its switch (the unsubscribe link's) unless chosen. */
export function channelsOf(choice: NoticeChoice, previous: NotificationChannels): NotificationChannels {
  switch (choice) {
    case 'off':
      return { email: false, sms: false, whatsapp: false, preferred: null };
    case 'auto':
      return { email: previous.email, sms: true, whatsapp: true, preferred: null };
    case 'email':
      return { email: true, sms: true, whatsapp: true, preferred: 'email' };
    case 'whatsapp':
    case 'sms':
      return { email: previous.email, sms: true, whatsapp: true, preferred: choice };
  }
}
