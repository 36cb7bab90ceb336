import { createCipheriv, createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Redsys gateway for tests and the e2e journey (issue 28), written from the gateway's published
 * integration guide rather than from our adapter: its signature code is its own (a mistake in
 * redsys-signature.ts is not repeated here, and is caught by the tests that talk to it).
 *
 * - `POST /sis/realizarPago` (the redirect form): verifies the signature, the merchant and terminal and
 *   the order (4 to 12 characters, the first 4 digits, never seen before: SIS0051), and shows a pay page:
 *   a card form, or Bizum's (Ds_Merchant_PayMethods `z`) asking for the phone.
 * - `POST /sis/pagar/{order}` (that page's buttons): posts the signed notification to
 *   Ds_Merchant_MerchantURL (form fields, as Redsys does), then sends the payer to URLOK or URLKO.
 *   Test card 4548 8100 0000 0003 and Bizum phone 700000000 are authorised (Ds_Response 0000); other
 *   cards are denied (0190), other phones too (9673); "Cancelar" is 9915.
 * - `POST /sis/rest/trataPeticionREST`: the refund operation (Ds_Merchant_TransactionType 3) of an
 *   authorised order, answered signed with Ds_Response 0900, or `{ errorCode }` (SIS0057 more than was
 *   paid, SIS0054 an unknown order…).
 *
 * Tests drive it without a browser: `notificationFor` builds a signed notification body (with overrides,
 * to forge a changed amount) and `complete` delivers one.
 */

export const SIMULATOR_APPROVED_CARD = '4548810000000003';
export const SIMULATOR_BIZUM_PHONE = '700000000';

type Parameters = Record<string, string>;

interface Order {
  order: string;
  amount: string;
  currency: string;
  merchantUrl: string;
  urlOk: string;
  urlKo: string;
  payMethods: string;
  description: string;
  authorised: boolean;
  refunded: number;
}

export interface RedsysSimulatorSettings {
  merchantCode: string;
  terminal: string;
  /** The merchant's secret key, base64 of 24 bytes. */
  secretKey: string;
}

// The guide's signature, in the simulator's own words.
function keyFor(secretKey: string, order: string): Buffer {
  const block = Buffer.alloc(Math.ceil(order.length / 8) * 8);
  block.write(order);
  const des = createCipheriv('des-ede3-cbc', Buffer.from(secretKey, 'base64'), Buffer.alloc(8));
  des.setAutoPadding(false);
  return Buffer.concat([des.update(block), des.final()]);
}
const mac = (secretKey: string, order: string, encoded: string) =>
  createHmac('sha256', keyFor(secretKey, order)).update(encoded).digest('base64');
const toUrlSafe = (base64: string) => base64.replace(/\+/g, '-').replace(/\//g, '_');

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export class RedsysSimulator {
  private server: http.Server | null = null;
  readonly orders = new Map<string, Order>();
  /** Notifications posted to merchants: their HTTP status, in order. */
  readonly deliveries: number[] = [];
  private authorisations = 100000;
  url = '';

  constructor(private readonly settings: RedsysSimulatorSettings) {}

  async start(port = 0): Promise<string> {
    this.server = http.createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    const address = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${address.port}`;
    return this.url;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  /** The parameters of a signed message, or null when its signature is not this merchant's. */
  private verify(message: Parameters): Parameters | null {
    const encoded = message.Ds_MerchantParameters ?? '';
    if (message.Ds_SignatureVersion !== 'HMAC_SHA256_V1' || !encoded) return null;
    let parameters: Parameters;
    try {
      parameters = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Parameters;
    } catch {
      return null;
    }
    const upper = Object.fromEntries(Object.entries(parameters).map(([k, v]) => [k.toUpperCase(), v]));
    const order = upper.DS_MERCHANT_ORDER ?? '';
    const expected = mac(this.settings.secretKey, order, encoded);
    const given = (message.Ds_Signature ?? '').replace(/-/g, '+').replace(/_/g, '/');
    if (!order || expected !== given) return null;
    if (upper.DS_MERCHANT_MERCHANTCODE !== this.settings.merchantCode) return null;
    if (Number(upper.DS_MERCHANT_TERMINAL) !== Number(this.settings.terminal)) return null;
    return upper;
  }

  private signed(order: string, parameters: Parameters, urlSafe: boolean) {
    const encoded = Buffer.from(JSON.stringify(parameters)).toString('base64');
    const signature = mac(this.settings.secretKey, order, encoded);
    return {
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: encoded,
      Ds_Signature: urlSafe ? toUrlSafe(signature) : signature,
    };
  }

  /** The Ds_Response of an outcome on the pay page. */
  private static responseOf(order: Order, fields: URLSearchParams): string {
    if (fields.get('action') === 'cancel') return '9915';
    if (order.payMethods === 'z')
      return fields.get('phone')?.replace(/\D/g, '') === SIMULATOR_BIZUM_PHONE ? '0000' : '9673';
    return fields.get('card')?.replace(/\D/g, '') === SIMULATOR_APPROVED_CARD ? '0000' : '0190';
  }

  /** The notification's parameters, as Redsys sends them, for `response`; `overrides` to forge one. */
  notificationParameters(order: string, response: string, overrides: Parameters = {}): Parameters {
    const known = this.orders.get(order);
    const now = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    const authorised = Number(response) <= 99;
    return {
      Ds_Date: `${two(now.getUTCDate())}/${two(now.getUTCMonth() + 1)}/${now.getUTCFullYear()}`,
      Ds_Hour: `${two(now.getUTCHours())}:${two(now.getUTCMinutes())}`,
      Ds_SecurePayment: authorised ? '1' : '0',
      Ds_Amount: known?.amount ?? '0',
      Ds_Currency: known?.currency ?? '978',
      Ds_Order: order,
      Ds_MerchantCode: this.settings.merchantCode,
      Ds_Terminal: this.settings.terminal.padStart(3, '0'),
      Ds_Response: response.padStart(4, '0'),
      Ds_TransactionType: '0',
      Ds_MerchantData: '',
      Ds_AuthorisationCode: authorised ? String(this.authorisations++) : '',
      Ds_ConsumerLanguage: '1',
      Ds_Card_Country: '724',
      Ds_ProcessedPayMethod: known?.payMethods === 'z' ? '68' : '1',
      ...overrides,
    };
  }

  /** A signed notification body (form-encoded) for `order`: deliver it to the merchant as is. */
  notificationFor(order: string, response = '0000', overrides: Parameters = {}): string {
    const parameters = this.notificationParameters(order, response, overrides);
    return new URLSearchParams(this.signed(parameters.Ds_Order ?? order, parameters, true)).toString();
  }

  /** Posts a notification to the order's merchant URL; its HTTP status. */
  async deliver(order: string, body: string): Promise<number> {
    const known = this.orders.get(order);
    if (!known) throw new Error(`unknown order ${order}`);
    const answer = await fetch(known.merchantUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    this.deliveries.push(answer.status);
    return answer.status;
  }

  /** The payer's outcome on the gateway, without a browser: notifies the merchant; its HTTP status. */
  async complete(order: string, response = '0000'): Promise<number> {
    const known = this.orders.get(order);
    if (!known) throw new Error(`unknown order ${order}`);
    if (Number(response) <= 99) known.authorised = true;
    return this.deliver(order, this.notificationFor(order, response));
  }

  /** Registers a redirect form's order as the gateway would on `realizarPago`; an error code or null. */
  accept(fields: Parameters): { order: Order } | { error: string } {
    const parameters = this.verify(fields);
    if (!parameters) return { error: 'SIS0042' };
    const order = parameters.DS_MERCHANT_ORDER ?? '';
    if (!/^\d{4}[0-9A-Za-z]{0,8}$/.test(order)) return { error: 'SIS0074' };
    if (this.orders.has(order)) return { error: 'SIS0051' };
    if (parameters.DS_MERCHANT_TRANSACTIONTYPE !== '0') return { error: 'SIS0054' };
    const accepted: Order = {
      order,
      amount: parameters.DS_MERCHANT_AMOUNT ?? '',
      currency: parameters.DS_MERCHANT_CURRENCY ?? '',
      merchantUrl: parameters.DS_MERCHANT_MERCHANTURL ?? '',
      urlOk: parameters.DS_MERCHANT_URLOK ?? '',
      urlKo: parameters.DS_MERCHANT_URLKO ?? '',
      payMethods: parameters.DS_MERCHANT_PAYMETHODS ?? '',
      description: parameters.DS_MERCHANT_PRODUCTDESCRIPTION ?? '',
      authorised: false,
      refunded: 0,
    };
    this.orders.set(order, accepted);
    return { order: accepted };
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const html = (status: number, title: string, body: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page(title, body));
    };
    if (request.method === 'POST' && url.pathname === '/sis/realizarPago') {
      const fields = Object.fromEntries(new URLSearchParams(await readBody(request)));
      const accepted = this.accept(fields);
      if ('error' in accepted) return html(400, `Error ${accepted.error}`, `<p>${accepted.error}</p>`);
      const o = accepted.order;
      const amount = `${(Number(o.amount) / 100).toFixed(2).replace('.', ',')} €`;
      const action = `/sis/pagar/${encodeURIComponent(o.order)}`;
      const bizum = o.payMethods === 'z';
      const inputs = bizum
        ? `<label for="phone">Teléfono de Bizum</label><input id="phone" name="phone" inputmode="tel" autocomplete="tel">`
        : `<label for="card">Número de tarjeta</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number">`;
      return html(
        200,
        bizum ? 'Simulador de Redsys: pago con Bizum' : 'Simulador de Redsys: pago con tarjeta',
        `<p>Comercio ${escapeHtml(this.settings.merchantCode)} · Pedido ${escapeHtml(o.order)}</p>` +
          `<p>${escapeHtml(o.description)}</p><p>Importe: <strong>${amount}</strong></p>` +
          `<form method="post" action="${action}">${inputs}` +
          `<button type="submit" name="action" value="pay">${bizum ? 'Confirmar en Bizum' : 'Pagar'}</button>` +
          `<button type="submit" name="action" value="cancel">Cancelar</button></form>`,
      );
    }
    const pay = /^\/sis\/pagar\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'POST' && pay) {
      const known = this.orders.get(decodeURIComponent(pay[1] ?? ''));
      if (!known) return html(404, 'Pedido desconocido', '<p>SIS0054</p>');
      const outcome = RedsysSimulator.responseOf(known, new URLSearchParams(await readBody(request)));
      await this.complete(known.order, outcome);
      const back = new URL(Number(outcome) <= 99 ? known.urlOk : known.urlKo);
      const signed = this.signed(known.order, this.notificationParameters(known.order, outcome), true);
      for (const [name, value] of Object.entries(signed)) back.searchParams.set(name, value);
      response.writeHead(303, { location: back.toString() });
      response.end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/sis/rest/trataPeticionREST') {
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const parameters = this.verify(JSON.parse(await readBody(request)) as Parameters);
      if (!parameters) return json(200, { errorCode: 'SIS0042' });
      const known = this.orders.get(parameters.DS_MERCHANT_ORDER ?? '');
      if (parameters.DS_MERCHANT_TRANSACTIONTYPE !== '3') return json(200, { errorCode: 'SIS0054' });
      if (!known?.authorised) return json(200, { errorCode: 'SIS0054' });
      const amount = Number(parameters.DS_MERCHANT_AMOUNT);
      if (!Number.isInteger(amount) || amount <= 0 || known.refunded + amount > Number(known.amount))
        return json(200, { errorCode: 'SIS0057' });
      known.refunded += amount;
      const answer: Parameters = {
        Ds_Amount: String(amount),
        Ds_Currency: '978',
        Ds_Order: known.order,
        Ds_MerchantCode: this.settings.merchantCode,
        Ds_Terminal: this.settings.terminal,
        Ds_Response: '0900',
        Ds_AuthorisationCode: String(this.authorisations++),
        Ds_TransactionType: '3',
      };
      return json(200, this.signed(known.order, answer, false));
    }
    html(404, 'No encontrado', '<p>SIS0000</p>');
  }
}
