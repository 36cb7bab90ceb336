import type { Channel, OutboxAttachment } from '../../platform/outbox';

/** What a provider is given: the stored message, readable (a one-time code in clear). */
/** A phone number in E.164 (what Twilio and WhatsApp Cloud take). */
export const E164 = /^\+[1-9]\d{6,14}$/;

export interface MessageToSend {
  id: string;
  channel: Channel;
  recipient: string;
  subject: string | null;
  body: string;
  /** An e-mail to a person's confirmed address carries its unsubscribe link (`/unsubscribe?token=`). */
  unsubscribeToken?: string | null;
  /** E-mail: files named by reference, drawn when sent (smtp.ts); the other channels ignore them. */
  attachments?: OutboxAttachment[] | null;
}

/** A way out for one channel ('outbox' keeps messages on the machine). */
export interface Provider {
  readonly name: string;
  /**
   * Nothing leaves the machine ('outbox'): a one-time code's sealed text is kept until the message's
   * expiry, so the development outbox can show it; any other provider's send erases it.
   */
  readonly local?: boolean;
  /** Resolves with the provider's id for the message; throws a DeliveryError (or any error: retried). */
  send(message: MessageToSend): Promise<{ providerMessageId: string | null }>;
  close?(): Promise<void> | void;
}

export type Providers = Record<Channel, Provider>;

/**
 * A provider's refusal. `retryable`: a temporary fault (a time-out, a dropped connection, 429, 5xx, an
 * SMTP 4xx), tried again after the back-off; otherwise (an invalid address, a 4xx) the message fails.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/**
 * The development default: nothing leaves the machine. The message stays readable at GET
 * /api/dev/outbox (where the development tools are on) and is recorded as sent by 'outbox'.
 */
export const outboxProvider: Provider = {
  name: 'outbox',
  local: true,
  send: async () => ({ providerMessageId: null }),
};

export async function closeProviders(providers: Providers): Promise<void> {
  await Promise.all([...new Set(Object.values(providers))].map((provider) => provider.close?.()));
}
