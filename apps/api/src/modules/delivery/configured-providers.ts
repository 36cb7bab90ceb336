import type { Config } from '../../config';
import type { AttachmentResolver } from '../../platform/outbox';
import { outboxProvider, type Provider, type Providers } from './providers';
import { whatsappProvider } from './whatsapp';

/**
 * A provider whose module, and the library it wraps (nodemailer, Twilio's), is loaded with its first
 * message rather than at start (decision 036); a load that failed is tried again with the next one.
 */
function loadedOnFirstUse(name: string, load: () => Promise<Provider>): Provider {
  let loaded: Promise<Provider> | null = null;
  const provider = (): Promise<Provider> =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    }));
  return {
    name,
    send: async (message) => (await provider()).send(message),
    async close() {
      if (loaded) await (await loaded).close?.();
    },
  };
}

/** The HTTP providers answer well within this; an SMTP exchange has SMTP_TIMEOUT_MS. */
const HTTP_TIMEOUT_MS = 20_000;

/**
 * The provider of each channel, as configured. config.ts refused a provider without its settings, so
 * a setting still missing here is a programming error. `resolveAttachment` draws the e-mails' attachments.
 */
export function providersFromConfig(config: Config, resolveAttachment?: AttachmentResolver): Providers {
  const required = (value: string | undefined, key: string): string => {
    if (value === undefined) throw new Error(`${key} is required (config.ts checks it)`);
    return value;
  };
  return {
    email:
      config.EMAIL_PROVIDER === 'smtp'
        ? loadedOnFirstUse('smtp', async () =>
            (await import('./smtp')).smtpProvider({
              host: required(config.SMTP_HOST, 'SMTP_HOST'),
              port: config.SMTP_PORT,
              tls: config.SMTP_TLS,
              user: config.SMTP_USER,
              password: config.SMTP_PASSWORD,
              from: required(config.SMTP_FROM, 'SMTP_FROM'),
              timeoutMs: config.SMTP_TIMEOUT_MS,
              publicUrl: config.publicOrigin,
              resolveAttachment,
            }),
          )
        : outboxProvider,
    sms:
      config.SMS_PROVIDER === 'twilio'
        ? loadedOnFirstUse('twilio', async () =>
            (await import('./twilio')).twilioProvider({
              accountSid: required(config.TWILIO_ACCOUNT_SID, 'TWILIO_ACCOUNT_SID'),
              authToken: required(config.TWILIO_AUTH_TOKEN, 'TWILIO_AUTH_TOKEN'),
              from: config.TWILIO_FROM,
              messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
              timeoutMs: HTTP_TIMEOUT_MS,
            }),
          )
        : outboxProvider,
    whatsapp:
      config.WHATSAPP_PROVIDER === 'whatsapp-cloud'
        ? whatsappProvider({
            accessToken: required(config.WHATSAPP_ACCESS_TOKEN, 'WHATSAPP_ACCESS_TOKEN'),
            phoneNumberId: required(config.WHATSAPP_PHONE_NUMBER_ID, 'WHATSAPP_PHONE_NUMBER_ID'),
            template: config.WHATSAPP_TEMPLATE,
            language: config.WHATSAPP_TEMPLATE_LANGUAGE,
            apiUrl: config.WHATSAPP_API_URL,
            timeoutMs: HTTP_TIMEOUT_MS,
          })
        : outboxProvider,
  };
}
