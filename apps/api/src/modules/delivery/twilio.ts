import twilio from 'twilio';
import type TwilioRequestClient from 'twilio/lib/base/RequestClient';
import { DeliveryError, E164, type Provider } from './providers';
import { deliveryTexts } from './texts';

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sender: an E.164 number or an alphanumeric sender id; or a messaging service instead. */
  from?: string;
  messagingServiceSid?: string;
  timeoutMs: number;
  /** Tests: a local stand-in for https://api.twilio.com. */
  apiBaseUrl?: string;
}

export { E164 };

/** Twilio's HTTP client, sending to another base address (a local stub in the tests). */
class RedirectedRequestClient extends twilio.RequestClient {
  constructor(
    private readonly baseUrl: string,
    options: ConstructorParameters<typeof twilio.RequestClient>[0],
  ) {
    super(options);
  }

  override request<TData>(options: TwilioRequestClient.RequestOptions<TData>) {
    return super.request<TData>({ ...options, uri: options.uri.replace(/^https:\/\/[^/]+/, this.baseUrl) });
  }
}

/** 429 and 5xx, and no answer at all, are a passing fault; any other refusal is the message's. */
export function twilioError(error: unknown): DeliveryError {
  if (error instanceof twilio.RestException) {
    const retryable = error.status === 429 || error.status >= 500;
    return new DeliveryError(
      `HTTP ${error.status}${error.code ? ` (${error.code})` : ''}: ${error.message}`,
      retryable,
    );
  }
  return new DeliveryError(error instanceof Error ? error.message : String(error), true);
}

/** SMS through Twilio's official library (the login code, the contract signing code, notices). */
export function twilioProvider(settings: TwilioSettings): Provider {
  const httpOptions = { timeout: settings.timeoutMs, autoRetry: false };
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient: settings.apiBaseUrl
      ? new RedirectedRequestClient(settings.apiBaseUrl, httpOptions)
      : new twilio.RequestClient(httpOptions),
  });
  return {
    name: 'twilio',
    async send(message) {
      if (!E164.test(message.recipient)) throw new DeliveryError(deliveryTexts.invalidPhone, false);
      try {
        const sent = await client.messages.create({
          to: message.recipient,
          body: message.body,
          ...(settings.messagingServiceSid
            ? { messagingServiceSid: settings.messagingServiceSid }
            : { from: settings.from }),
        });
        return { providerMessageId: sent.sid };
      } catch (error) {
        throw twilioError(error);
      }
    },
  };
}
