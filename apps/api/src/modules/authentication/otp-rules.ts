/** ARCHITECTURE.md §7: the one-time code policy, in one place. */
export const otpRules = {
  digits: 6,
  ttlSeconds: 5 * 60,
  maxAttempts: 5,
  sendsPer15Minutes: 3,
  sendsPerDay: 10,
  /** After a right code, the proof of phone ownership is valid this long for POST /authenticate. */
  verificationTtlSeconds: 10 * 60,
  /** Per IP, enforced by @fastify/rate-limit on the routes. */
  ipSendsPer15Minutes: 20,
  ipVerifiesPer15Minutes: 60,
} as const;

/** The login code's SMS unless SMS_LOGIN_TEXT says otherwise; `{code}` stands for the code. */
export const DEFAULT_SMS_LOGIN_TEXT =
  'Tu código de Casaoferta es {code}. Caduca en 5 minutos. No lo compartas con nadie.';

export const otpMessage = (code: string, text: string = DEFAULT_SMS_LOGIN_TEXT) =>
  text.replace('{code}', code);
