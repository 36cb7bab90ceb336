import {
  noticeChannels,
  storedNotificationSettings,
  type NoticeChannel,
  type NotificationChannels,
  type NotificationEvent,
  type StoredNotificationSettings,
} from '../schemas/user-settings';

/** How a person can be reached: their phone (SMS and WhatsApp) and their confirmed e-mail address. */
export interface NoticeContact {
  phone: string | null;
  /** The confirmed address only (decision 020): an address waiting for its link is not one. */
  email: string | null;
  settings: StoredNotificationSettings | null;
}

const addressOn = (contact: NoticeContact, channel: NoticeChannel): string | null => {
  const address = channel === 'email' ? contact.email : contact.phone;
  return address === null || address === '' ? null : address;
};

/**
 * The one channel a notice of `event` goes by (issue 23: one message per event), and its address; null
 * when the person takes that kind on no channel they can be reached on. The preferred channel when it is
 * on and reachable; else the automatic order: WhatsApp, SMS, then e-mail (only a confirmed address).
 * One-time codes (login, contract signing) do not come here: they always go by SMS.
 */
export function noticeChannelFor(
  contact: NoticeContact,
  event: NotificationEvent,
): { channel: NoticeChannel; address: string } | null {
  const wanted: NotificationChannels = storedNotificationSettings(contact.settings)[event];
  const order = wanted.preferred
    ? [wanted.preferred, ...noticeChannels.filter((channel) => channel !== wanted.preferred)]
    : noticeChannels;
  for (const channel of order) {
    const address = addressOn(contact, channel);
    if (wanted[channel] && address !== null) return { channel, address };
  }
  return null;
}
