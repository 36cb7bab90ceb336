import { describe, expect, it } from 'vitest';
import {
  decodeParameters,
  encodeParameters,
  redsysKeyBytes,
  signMessage,
  signParameters,
  verifyMessage,
} from './redsys-signature';

// Redsys' published test key (the integration guide's and its test merchant 999008881's).
const TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const key = redsysKeyBytes(TEST_KEY) ?? Buffer.alloc(0);

const parameters = {
  DS_MERCHANT_AMOUNT: '4900',
  DS_MERCHANT_ORDER: '000000000123',
  DS_MERCHANT_MERCHANTCODE: '999008881',
  DS_MERCHANT_CURRENCY: '978',
  DS_MERCHANT_TRANSACTIONTYPE: '0',
  DS_MERCHANT_TERMINAL: '1',
};

describe('Redsys HMAC_SHA256_V1', () => {
  it('reads the secret key as 24 bytes of base64, and nothing else', () => {
    expect(key).toHaveLength(24);
    expect(redsysKeyBytes('c2hvcnQ=')).toBeNull();
    expect(redsysKeyBytes('not base64 at all!')).toBeNull();
  });

  it('signs as another implementation does (redsys-easy 5.3.2, same key and parameters)', () => {
    const signed = signMessage(key, '000000000123', parameters);
    // serializeAndSignJSONRequest(TEST_KEY, parameters) of the redsys-easy package gave exactly these.
    expect(signed).toEqual({
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters:
        'eyJEU19NRVJDSEFOVF9BTU9VTlQiOiI0OTAwIiwiRFNfTUVSQ0hBTlRfT1JERVIiOiIwMDAwMDAwMDAxMjMiLCJEU19NRVJDSEFOVF9NRVJDSEFOVENPREUiOiI5OTkwMDg4ODEiLCJEU19NRVJDSEFOVF9DVVJSRU5DWSI6Ijk3OCIsIkRTX01FUkNIQU5UX1RSQU5TQUNUSU9OVFlQRSI6IjAiLCJEU19NRVJDSEFOVF9URVJNSU5BTCI6IjEifQ==',
      Ds_Signature: 'cSv3ZZN1bKjRvtEQ+vSqkPeuteAXqS88hRLzu3UP9u4=',
    });
  });

  it('verifies its own signature, also in the URL-safe alphabet of notifications', () => {
    const signed = signMessage(key, '000000000123', parameters);
    expect(verifyMessage(key, signed)).toEqual(parameters);
    const urlSafe = signed.Ds_Signature.replace(/\+/g, '-').replace(/\//g, '_');
    expect(verifyMessage(key, { ...signed, Ds_Signature: urlSafe })).toEqual(parameters);
  });

  it('refuses a changed parameter, another key, another version or a missing part', () => {
    const signed = signMessage(key, '000000000123', parameters);
    const altered = encodeParameters({ ...parameters, DS_MERCHANT_AMOUNT: '100' });
    expect(verifyMessage(key, { ...signed, Ds_MerchantParameters: altered })).toBeNull();
    const otherKey = redsysKeyBytes(Buffer.alloc(24, 7).toString('base64')) ?? Buffer.alloc(0);
    expect(verifyMessage(otherKey, signed)).toBeNull();
    expect(verifyMessage(key, { ...signed, Ds_SignatureVersion: 'HMAC_SHA256_V2' })).toBeNull();
    expect(verifyMessage(key, { ...signed, Ds_Signature: undefined })).toBeNull();
    expect(verifyMessage(key, { ...signed, Ds_Signature: 'AAAA' })).toBeNull();
  });

  it('derives the key per order: the same parameters signed for another order differ', () => {
    const encoded = encodeParameters(parameters);
    expect(signParameters(key, '000000000123', encoded)).not.toBe(
      signParameters(key, '000000000124', encoded),
    );
  });

  it('reads parameters only when they are a JSON object of strings', () => {
    expect(decodeParameters(encodeParameters({ a: 'b' }))).toEqual({ a: 'b' });
    expect(decodeParameters(Buffer.from('[1]').toString('base64'))).toBeNull();
    expect(decodeParameters(Buffer.from('{"a":1}').toString('base64'))).toBeNull();
    expect(decodeParameters('%%%')).toBeNull();
  });
});
