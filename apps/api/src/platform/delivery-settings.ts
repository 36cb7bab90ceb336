import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyAsUndefined, z.string().min(1).optional());

/**
 * The settings of message delivery (modules/delivery, docs/decisions/017-message-delivery.md), part of
 * config.ts's schema. Secrets (SMTP_PASSWORD, TWILIO_AUTH_TOKEN, WHATSAPP_ACCESS_TOKEN) come only from
 * here. README's "Producción: mensajes" shows a full configuration.
 */
export const deliverySettingsShape = {
  // 'outbox' sends nothing: the message is only stored, readable at the development outbox page.
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
  WHATSAPP_PROVIDER: z.enum(['outbox', 'whatsapp-cloud']).default('outbox'),
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  // starttls: upgrade required (587); implicit: TLS from the first byte (465); none: a local relay only.
  SMTP_TLS: z.enum(['starttls', 'implicit', 'none']).default('starttls'),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  // "Casaoferta <no-responder@casaoferta.es>"
  SMTP_FROM: optionalText,
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  // A number in E.164 (+34...) or an alphanumeric sender id ("Casaoferta"), or a messaging service.
  TWILIO_FROM: optionalText,
  TWILIO_MESSAGING_SERVICE_SID: optionalText,
  // The login code's SMS: `{code}` once, at most 300 characters (two SMS with accents). The default
  // (authentication/otp-rules.ts) when unset.
  SMS_LOGIN_TEXT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .max(300)
      .refine((text) => text.split('{code}').length === 2, {
        message: 'debe contener {code} una vez: el lugar del código',
      })
      .optional(),
  ),
  WHATSAPP_ACCESS_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  // An approved template with one body parameter: the text of the notice.
  WHATSAPP_TEMPLATE: z.string().min(1).default('aviso_casaoferta'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).default('es'),
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  // auto: on, except in tests (NODE_ENV=test), which run the worker themselves.
  DELIVERY_WORKER: z.enum(['auto', 'on', 'off']).default('auto'),
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  DELIVERY_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  // How long a claim holds a message before another attempt may take it (its worker presumed gone).
  DELIVERY_LEASE_SECONDS: z.coerce.number().int().min(5).max(3_600).default(300),
};

export type DeliverySettings = z.infer<z.ZodObject<typeof deliverySettingsShape>> & {
  NODE_ENV: 'development' | 'production' | 'test';
};

/**
 * What the chosen providers lack, one line each naming the settings; in production also a channel left
 * on 'outbox' (nothing would reach anybody). Empty when delivery is configured.
 */
export function deliveryProblems(c: DeliverySettings): string[] {
  const problems: string[] = [];
  const missing = (provider: string, keys: (keyof DeliverySettings)[]) => {
    const absent = keys.filter((key) => c[key] === undefined);
    if (absent.length > 0)
      problems.push(`${absent.join(', ')}: ${absent.length > 1 ? 'hacen' : 'hace'} falta para ${provider}`);
  };
  if (c.EMAIL_PROVIDER === 'smtp') {
    missing('EMAIL_PROVIDER=smtp', ['SMTP_HOST', 'SMTP_FROM']);
    if ((c.SMTP_USER === undefined) !== (c.SMTP_PASSWORD === undefined)) {
      problems.push(
        'SMTP_USER, SMTP_PASSWORD: van juntos (los dos, o ninguno si el servidor no pide usuario)',
      );
    }
  }
  if (c.SMS_PROVIDER === 'twilio') {
    missing('SMS_PROVIDER=twilio', ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN']);
    if (c.TWILIO_FROM === undefined && c.TWILIO_MESSAGING_SERVICE_SID === undefined) {
      problems.push(
        'TWILIO_FROM o TWILIO_MESSAGING_SERVICE_SID: hace falta uno para SMS_PROVIDER=twilio (el remitente)',
      );
    }
  }
  if (c.WHATSAPP_PROVIDER === 'whatsapp-cloud') {
    missing('WHATSAPP_PROVIDER=whatsapp-cloud', ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID']);
  }
  if (c.NODE_ENV === 'production') {
    const suggestions = {
      SMS_PROVIDER: 'twilio',
      EMAIL_PROVIDER: 'smtp',
      WHATSAPP_PROVIDER: 'whatsapp-cloud',
    };
    const undeliverable = (['SMS_PROVIDER', 'EMAIL_PROVIDER', 'WHATSAPP_PROVIDER'] as const).filter(
      (key) => c[key] === 'outbox',
    );
    if (undeliverable.length > 0) {
      problems.push(
        `${undeliverable.join(', ')}: en producción hace falta un proveedor que entregue los mensajes (${undeliverable.map((key) => `${key}=${suggestions[key]}`).join(', ')}; README, «Producción: mensajes»)`,
      );
    }
  }
  return problems;
}

/** Whether this process runs the delivery worker. */
export const deliveryWorkerEnabled = (c: Pick<DeliverySettings, 'DELIVERY_WORKER' | 'NODE_ENV'>): boolean =>
  c.DELIVERY_WORKER === 'auto' ? c.NODE_ENV !== 'test' : c.DELIVERY_WORKER === 'on';
