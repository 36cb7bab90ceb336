import { errorMessages, type ErrorCode } from '@casaoferta/domain/errors';
import {
  NotificationRefused,
  type CardDescription,
  type ChargeFailure,
  type ChargeOutcome,
  type PaymentProvider,
  type ProviderEvent,
  type RedirectForm,
  type RedirectRequest,
  type RefundOutcome,
  type RefundRequest,
} from './provider';
import { signMessage, verifyMessage, type RedsysParameters, type SignedMessage } from './redsys-signature';

/**
 * Redsys, the gateway of most Spanish banks' virtual POS (issue 28, docs/decisions/033-redsys-refunds-
 * invoices.md): card and Bizum through the same redirect flow. The API signs the payment's form; the
 * browser posts it to the gateway (`/sis/realizarPago`), where the payer pays; the gateway then posts a
 * signed notification to `Ds_Merchant_MerchantURL` and sends the payer back to URLOK or URLKO. Only the
 * notification, its signature verified, settles a payment: the return pages wait for it. Refunds are the
 * REST operation (`/sis/rest/trataPeticionREST`, transaction type 3), signed the same way.
 */

export interface RedsysSettings {
  merchantCode: string;
  terminal: string;
  /** The merchant's secret key (SHA-256), 24 bytes in base64, as the bank's back office gives it. */
  key: Buffer;
  /** The gateway's origin: `https://sis-t.redsys.es:25443` (test) or `https://sis.redsys.net`. */
  gatewayUrl: string;
  merchantName: string;
  /** Longest wait for the REST operations (refund). */
  timeoutMs?: number;
}

/** ISO 4217 numeric code of the euro, as Redsys writes currencies. */
export const REDSYS_EURO = '978';
/** Ds_Merchant_TransactionType: 0 authorisation (a payment), 3 refund ("devolución"). */
export const REDSYS_PAYMENT = '0';
export const REDSYS_REFUND = '3';
/** Ds_Merchant_PayMethods: `z` Bizum, `C` card only. */
export const REDSYS_BIZUM = 'z';
export const REDSYS_CARD = 'C';
/** Ds_Merchant_ConsumerLanguage: 001 Spanish. */
const SPANISH = '001';

/** Ds_Response 0000–0099 is an authorised payment; 0900 an accepted refund. */
export const isAuthorised = (response: string) => /^\d{1,4}$/.test(response) && Number(response) <= 99;
const isRefundAccepted = (response: string) => /^\d{1,4}$/.test(response) && Number(response) === 900;

/** Redsys' denial codes mapped to our Spanish texts (the rest: declined by the issuer). */
function failureOf(response: string, bizum: boolean): ChargeFailure {
  const code = Number(response);
  const pick = (errorCode: ErrorCode): ChargeFailure => ({
    code: errorCode,
    message: errorMessages[errorCode],
    providerCode: `redsys_${response}`,
  });
  if (code === 9915) return pick('PAYMENT_CANCELLED');
  if (bizum) return pick('BIZUM_DECLINED');
  if (code === 101) return pick('CARD_EXPIRED');
  if (code === 116) return pick('CARD_INSUFFICIENT_FUNDS');
  if (code === 129) return pick('CARD_CVC_INCORRECT');
  if (code === 184 || code === 9256 || code === 9257) return pick('CARD_AUTHENTICATION_FAILED');
  return pick('CARD_DECLINED');
}

/** Ds_ProcessedPayMethod of a Bizum payment. */
const BIZUM_PROCESSED = '68';

const field = (parameters: RedsysParameters, name: string): string => {
  const wanted = name.toUpperCase();
  for (const [key, value] of Object.entries(parameters)) if (key.toUpperCase() === wanted) return value;
  return '';
};

const sameTerminal = (a: string, b: string) => /^\d+$/.test(a) && /^\d+$/.test(b) && Number(a) === Number(b);

export class RedsysProvider implements PaymentProvider {
  readonly name = 'redsys' as const;
  readonly flow = 'redirect' as const;
  readonly publishableKey = null;
  readonly formOrigin: string;

  constructor(private readonly settings: RedsysSettings) {
    this.formOrigin = new URL(settings.gatewayUrl).origin;
  }

  /** Redsys takes no card token: the payer types the card on the gateway. */
  describeToken(): Promise<CardDescription> {
    return Promise.resolve({ ok: false, message: errorMessages.PAYMENT_METHOD_UNAVAILABLE });
  }

  charge(): Promise<ChargeOutcome> {
    return Promise.reject(new Error('Redsys charges through the redirect form, not a token'));
  }

  /** The outcome comes with the gateway's notification: until then, in process. */
  retrieve(providerPaymentId: string): Promise<ChargeOutcome> {
    return Promise.resolve({ status: 'in_process', providerPaymentId });
  }

  redirectForm(request: RedirectRequest): RedirectForm {
    const parameters: RedsysParameters = {
      DS_MERCHANT_AMOUNT: String(request.amountCents),
      DS_MERCHANT_ORDER: request.order,
      DS_MERCHANT_MERCHANTCODE: this.settings.merchantCode,
      DS_MERCHANT_CURRENCY: REDSYS_EURO,
      DS_MERCHANT_TRANSACTIONTYPE: REDSYS_PAYMENT,
      DS_MERCHANT_TERMINAL: this.settings.terminal,
      DS_MERCHANT_MERCHANTURL: request.notificationUrl,
      DS_MERCHANT_URLOK: request.okUrl,
      DS_MERCHANT_URLKO: request.koUrl,
      DS_MERCHANT_PRODUCTDESCRIPTION: request.description.slice(0, 125),
      DS_MERCHANT_MERCHANTNAME: this.settings.merchantName.slice(0, 25),
      DS_MERCHANT_CONSUMERLANGUAGE: SPANISH,
      DS_MERCHANT_PAYMETHODS: request.method === 'bizum' ? REDSYS_BIZUM : REDSYS_CARD,
    };
    const signed = signMessage(this.settings.key, request.order, parameters);
    return { url: `${this.settings.gatewayUrl}/sis/realizarPago`, fields: { ...signed } };
  }

  /**
   * A notification (`application/x-www-form-urlencoded`: Ds_SignatureVersion, Ds_MerchantParameters,
   * Ds_Signature), its signature verified with the order's key before anything is read from it, and
   * of this merchant and terminal. The amount and currency go back to the caller, who compares them
   * with the payment's.
   */
  parseNotification(rawBody: Buffer): ProviderEvent {
    const form = new URLSearchParams(rawBody.toString('utf8'));
    const message: Partial<SignedMessage> = {
      Ds_SignatureVersion: form.get('Ds_SignatureVersion') ?? undefined,
      Ds_MerchantParameters: form.get('Ds_MerchantParameters') ?? undefined,
      Ds_Signature: form.get('Ds_Signature') ?? undefined,
    };
    const parameters = verifyMessage(this.settings.key, message);
    if (!parameters) throw new NotificationRefused('Redsys signature missing or wrong');
    const order = field(parameters, 'Ds_Order');
    const response = field(parameters, 'Ds_Response');
    const type = field(parameters, 'Ds_TransactionType');
    if (field(parameters, 'Ds_MerchantCode') !== this.settings.merchantCode)
      throw new NotificationRefused('Redsys notification of another merchant');
    if (!sameTerminal(field(parameters, 'Ds_Terminal'), this.settings.terminal))
      throw new NotificationRefused('Redsys notification of another terminal');
    if (!/^\d{1,4}$/.test(response)) throw new NotificationRefused('Redsys notification without Ds_Response');
    const amount = field(parameters, 'Ds_Amount');
    const eventId = `redsys:${order}:${type}:${response}:${field(parameters, 'Ds_AuthorisationCode')}`;
    if (type !== REDSYS_PAYMENT) return { eventId, providerPaymentId: order, outcome: null };
    const bizum = field(parameters, 'Ds_ProcessedPayMethod') === BIZUM_PROCESSED;
    const outcome: ChargeOutcome = isAuthorised(response)
      ? { status: 'succeeded', providerPaymentId: order }
      : { status: 'failed', providerPaymentId: order, failure: failureOf(response, bizum) };
    return {
      eventId,
      providerPaymentId: order,
      outcome,
      amountCents: /^\d+$/.test(amount) ? Number(amount) : -1,
      currency: field(parameters, 'Ds_Currency'),
    };
  }

  /**
   * The refund operation (Ds_Merchant_TransactionType 3) of the payment's order, by the REST interface;
   * the gateway's answer is verified like a notification. A network fault throws.
   */
  async refund(request: RefundRequest): Promise<RefundOutcome> {
    const parameters: RedsysParameters = {
      DS_MERCHANT_AMOUNT: String(request.amountCents),
      DS_MERCHANT_ORDER: request.providerPaymentId,
      DS_MERCHANT_MERCHANTCODE: this.settings.merchantCode,
      DS_MERCHANT_CURRENCY: REDSYS_EURO,
      DS_MERCHANT_TRANSACTIONTYPE: REDSYS_REFUND,
      DS_MERCHANT_TERMINAL: this.settings.terminal,
    };
    const response = await fetch(`${this.settings.gatewayUrl}/sis/rest/trataPeticionREST`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(signMessage(this.settings.key, request.providerPaymentId, parameters)),
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 20_000),
    });
    if (!response.ok) throw new Error(`Redsys answered HTTP ${response.status}`);
    const answer = (await response.json()) as Partial<SignedMessage> & { errorCode?: string };
    if (answer.errorCode) {
      return { status: 'failed', message: errorMessages.REFUND_FAILED, providerCode: answer.errorCode };
    }
    const verified = verifyMessage(this.settings.key, answer);
    if (!verified) throw new Error('Redsys answer without a valid signature');
    const code = field(verified, 'Ds_Response');
    if (!isRefundAccepted(code)) {
      return { status: 'failed', message: errorMessages.REFUND_FAILED, providerCode: `redsys_${code}` };
    }
    return {
      status: 'succeeded',
      providerRefundId: `${request.providerPaymentId}:${field(verified, 'Ds_AuthorisationCode') || code}`,
    };
  }
}
