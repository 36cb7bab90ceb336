import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Redsys' signature, version HMAC_SHA256_V1 (issue 28, decision 033), as the gateway's integration
 * guide publishes it:
 *
 * 1. `Ds_MerchantParameters` is the JSON of the operation's parameters in base64.
 * 2. The per-order key is the order number (DS_MERCHANT_ORDER, or Ds_Order in a notification),
 *    zero-padded to a multiple of 8 bytes, encrypted with 3DES-CBC (IV of zeros, no padding) under the
 *    merchant's secret key (24 bytes, given in base64).
 * 3. `Ds_Signature` is the HMAC-SHA256 of the base64 `Ds_MerchantParameters` text under that key, in
 *    base64; the gateway's notifications send it in the URL-safe alphabet (`-` and `_`).
 *
 * Checked against the signature another implementation (the `redsys-easy` package) makes of the same
 * parameters with Redsys' published test key (redsys-signature.test.ts).
 */

export const REDSYS_SIGNATURE_VERSION = 'HMAC_SHA256_V1';

/** Parameters as Redsys sends them: every value a string. */
export type RedsysParameters = Record<string, string>;

/** The secret key as bytes: base64 of 24 bytes (3DES-EDE3), or null when it is not one. */
export function redsysKeyBytes(secretKey: string): Buffer | null {
  const bytes = Buffer.from(secretKey, 'base64');
  return bytes.length === 24 && bytes.toString('base64') === secretKey ? bytes : null;
}

function orderKey(key: Buffer, order: string): Buffer {
  const data = Buffer.alloc(Math.ceil(Buffer.byteLength(order) / 8) * 8 || 8);
  data.write(order, 'utf8');
  const cipher = createCipheriv('des-ede3-cbc', key, Buffer.alloc(8));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export const encodeParameters = (parameters: RedsysParameters): string =>
  Buffer.from(JSON.stringify(parameters), 'utf8').toString('base64');

/** The parameters of a base64 (standard or URL-safe) `Ds_MerchantParameters`, or null when unreadable. */
export function decodeParameters(encoded: string): RedsysParameters | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const entries = Object.entries(value);
    if (!entries.every((entry): entry is [string, string] => typeof entry[1] === 'string')) return null;
    return Object.fromEntries(entries);
  } catch {
    return null;
  }
}

/** The signature of `encodedParameters` for `order`, in standard base64. */
export function signParameters(key: Buffer, order: string, encodedParameters: string): string {
  return createHmac('sha256', orderKey(key, order)).update(encodedParameters).digest('base64');
}

/** Standard or URL-safe base64, compared as bytes in constant time. */
export function signatureMatches(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(received.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return a.length === 32 && b.length === a.length && timingSafeEqual(a, b);
}

/** A signed message as the gateway exchanges it (form fields, REST JSON, notification). */
export interface SignedMessage {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

/** Signs `parameters` for `order` (the order is also one of the parameters). */
export function signMessage(key: Buffer, order: string, parameters: RedsysParameters): SignedMessage {
  const encoded = encodeParameters(parameters);
  return {
    Ds_SignatureVersion: REDSYS_SIGNATURE_VERSION,
    Ds_MerchantParameters: encoded,
    Ds_Signature: signParameters(key, order, encoded),
  };
}

/** The order a message's parameters name, whatever their case (DS_MERCHANT_ORDER, Ds_Order…). */
export function orderOf(parameters: RedsysParameters): string | null {
  for (const [name, value] of Object.entries(parameters)) {
    const upper = name.toUpperCase();
    if (upper === 'DS_ORDER' || upper === 'DS_MERCHANT_ORDER') return value;
  }
  return null;
}

/**
 * The parameters of a signed message whose signature is right, or null (wrong version, unreadable
 * parameters, no order, or a signature that is not the one `key` makes).
 */
export function verifyMessage(key: Buffer, message: Partial<SignedMessage>): RedsysParameters | null {
  const { Ds_SignatureVersion: version, Ds_MerchantParameters: encoded, Ds_Signature: signature } = message;
  if (version !== REDSYS_SIGNATURE_VERSION || !encoded || !signature) return null;
  const parameters = decodeParameters(encoded);
  const order = parameters ? orderOf(parameters) : null;
  if (!parameters || !order) return null;
  return signatureMatches(signParameters(key, order, encoded), signature) ? parameters : null;
}
