import { z } from 'zod';

/** Kinds of event a user can be told about, each on e-mail, SMS and WhatsApp. */
export const notificationEvents = [
  'offers',
  'visits',
  'announcements',
  'contracts',
  'news',
  'favourites',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

/** The channels a notice can go by, in the automatic order (issue 23: one channel per event). */
export const noticeChannels = ['whatsapp', 'sms', 'email'] as const;
export const noticeChannel = z.enum(noticeChannels);
export type NoticeChannel = z.infer<typeof noticeChannel>;

/**
 * One kind of notice: the channels the user accepts it on, and the one they prefer (null: automatic).
 * Each event goes on exactly one channel (`rules/notice-channel.ts`). `preferred` is absent from
 * settings stored before issue 23: read as null.
 */
const channels = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  whatsapp: z.boolean(),
  preferred: noticeChannel.nullable().default(null),
});
export type NotificationChannels = z.infer<typeof channels>;

/** Alerts of a favourite (issue 26, decision 037): on by default, automatic channel. */
const favouritesDefault: NotificationChannels = { email: true, sms: false, whatsapp: true, preferred: null };

export const notificationSettings = z.object({
  offers: channels,
  visits: channels,
  announcements: channels,
  contracts: channels,
  news: channels,
  // Absent from settings stored before issue 26 (and from older clients' saves): its default.
  favourites: channels.default(favouritesDefault),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;
/** Settings as stored in `users.notification_settings`: those saved before issue 23 have no `preferred`. */
export type StoredNotificationSettings = z.input<typeof notificationSettings>;

/**
 * PUT /api/user/notification/settings: a preferred channel must be one the kind is on for (400
 * `INVALID_INPUT` naming `<kind>.preferred`). E-mail also needs a confirmed address: the API checks
 * that in the statement that stores the settings (409 `EMAIL_NOT_CONFIRMED`).
 */
export const notificationSettingsInput = notificationSettings.superRefine((settings, context) => {
  for (const event of notificationEvents) {
    const { preferred } = settings[event];
    if (preferred !== null && !settings[event][preferred])
      context.addIssue({
        code: 'custom',
        path: [event, 'preferred'],
        message: 'The preferred channel must be turned on for this kind of notice',
      });
  }
});

export const defaultNotificationSettings: NotificationSettings = {
  offers: { email: true, sms: true, whatsapp: true, preferred: null },
  visits: { email: true, sms: true, whatsapp: true, preferred: null },
  announcements: { email: true, sms: false, whatsapp: true, preferred: null },
  contracts: { email: true, sms: true, whatsapp: true, preferred: null },
  news: { email: false, sms: false, whatsapp: false, preferred: null },
  favourites: favouritesDefault,
};

/** Settings as stored (null: never changed; before issue 23 without `preferred`), complete. */
export function storedNotificationSettings(
  stored: StoredNotificationSettings | null | undefined,
): NotificationSettings {
  if (!stored) return defaultNotificationSettings;
  const kind = (event: NotificationEvent): NotificationChannels => ({
    ...defaultNotificationSettings[event],
    ...stored[event],
    preferred: stored[event]?.preferred ?? null,
  });
  return {
    offers: kind('offers'),
    visits: kind('visits'),
    announcements: kind('announcements'),
    contracts: kind('contracts'),
    news: kind('news'),
    favourites: kind('favourites'),
  };
}

/** GET /api/user: the current user (see auth.ts currentUser) plus settings the settings page shows. */
export const supportAccess = z.object({
  agentName: z.string(),
  reason: z.string(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
  requests: z.number().int(),
});
export type SupportAccess = z.infer<typeof supportAccess>;

export const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email', 'whatsapp']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
