import { z } from 'zod';
import { DeliveryError, type Provider } from './providers';
import { deliveryTexts } from './texts';
import { E164 } from './providers';

export interface WhatsAppSettings {
  accessToken: string;
  phoneNumberId: string;
  /** An approved template with one body parameter, and its language. */
  template: string;
  language: string;
  /** https://graph.facebook.com/v21.0, or a local stub in the tests. */
  apiUrl: string;
  timeoutMs: number;
}

const answer = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });
const errorAnswer = z.object({ error: z.object({ message: z.string(), code: z.number().optional() }) });

/**
 * The text as the template's parameter: WhatsApp refuses line breaks, tabs and more than four spaces in
 * a row there, and more than 1,024 characters.
 */
export const templateParameter = (body: string): string =>
  body
    .split(/\s*\n\s*/)
    .filter((line) => line !== '')
    .join(deliveryTexts.whatsappLineJoiner)
    .replace(/\s+/g, ' ')
    .slice(0, 1024);

/** WhatsApp Business Cloud API template messages, over fetch. */
export function whatsappProvider(settings: WhatsAppSettings): Provider {
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  return {
    name: 'whatsapp-cloud',
    async send(message) {
      if (!E164.test(message.recipient)) throw new DeliveryError(deliveryTexts.invalidPhone, false);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.recipient.slice(1),
            type: 'template',
            template: {
              name: settings.template,
              language: { code: settings.language },
              components: [
                { type: 'body', parameters: [{ type: 'text', text: templateParameter(message.body) }] },
              ],
            },
          }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        throw new DeliveryError(
          error instanceof Error ? `${error.name}: ${error.message}` : String(error),
          true,
        );
      }
      const json: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const detail = errorAnswer.safeParse(json);
        const text = detail.success
          ? `${detail.data.error.message}${detail.data.error.code ? ` (${detail.data.error.code})` : ''}`
          : response.statusText;
        throw new DeliveryError(
          `HTTP ${response.status}: ${text}`,
          response.status === 429 || response.status >= 500,
        );
      }
      const parsed = answer.safeParse(json);
      if (!parsed.success) throw new DeliveryError(`HTTP ${response.status}: respuesta inesperada`, false);
      return { providerMessageId: parsed.data.messages[0]?.id ?? null };
    },
  };
}
