import { z } from 'zod';

/** Kinds of event a user can be told about, each on e-mail, SMS and WhatsApp. */
export const notificationEvents = ['offers', 'visits', 'announcements', 'contracts', 'news'] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

const channels = z.object({ email: z.boolean(), sms: z.boolean(), whatsapp: z.boolean() });
export type NotificationChannels = z.infer<typeof channels>;

export const notificationSettings = z.object({
  offers: channels,
  visits: channels,
  announcements: channels,
  contracts: channels,
  news: channels,
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const defaultNotificationSettings: NotificationSettings = {
  offers: { email: true, sms: true, whatsapp: true },
  visits: { email: true, sms: true, whatsapp: true },
  announcements: { email: true, sms: false, whatsapp: true },
  contracts: { email: true, sms: true, whatsapp: true },
  news: { email: false, sms: false, whatsapp: false },
};

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
