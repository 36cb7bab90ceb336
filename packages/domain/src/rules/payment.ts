import type { AnnouncementKind } from '../announcement-kind';

/**
 * Payment per announcement (issue 13): the price split into base and VAT, and the sandbox provider's
 * test cards. The card form of the web app turns a test card number into the sandbox's token in the
 * browser, so a card number never reaches the server; the README lists the same cards.
 */

/** Spanish VAT (IVA) on the service, in percent. Prices are configured VAT included. */
export const PAYMENT_VAT_PERCENT = 21;

export interface PriceSplit {
  /** What the owner pays, VAT included, in euro cents. */
  totalCents: number;
  /** The price before VAT. */
  baseCents: number;
  vatCents: number;
}

/** The base and VAT of a price with VAT included: base rounded to the cent, VAT what is left. */
export function splitVat(totalCents: number, vatPercent: number = PAYMENT_VAT_PERCENT): PriceSplit {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError('totalCents');
  const baseCents = Math.round((totalCents * 100) / (100 + vatPercent));
  return { totalCents, baseCents, vatCents: totalCents - baseCents };
}

/** Configured prices per kind of announcement, in whole euros VAT included. */
export type PaymentPrices = Readonly<Record<AnnouncementKind, number>>;

/** The sandbox's outcomes, each reachable with one test card. */
export const sandboxOutcomes = ['approve', 'decline', 'pending', 'authfail'] as const;
export type SandboxOutcome = (typeof sandboxOutcomes)[number];

export interface SandboxTestCard {
  number: string;
  outcome: SandboxOutcome;
  /** What it does, in Spanish, for the README and the checkout's help. */
  description: string;
}

/** Seconds a `pending` sandbox payment stays in process before it settles as approved. */
export const SANDBOX_SETTLE_SECONDS = 5;

export const sandboxTestCards: readonly SandboxTestCard[] = [
  { number: '4242424242424242', outcome: 'approve', description: 'Pago aprobado' },
  { number: '4000000000000002', outcome: 'decline', description: 'Pago rechazado por el banco emisor' },
  {
    number: '4000000000003220',
    outcome: 'pending',
    description: `En proceso; se aprueba a los ${SANDBOX_SETTLE_SECONDS} segundos`,
  },
  {
    number: '4000000000009995',
    outcome: 'authfail',
    description: 'Falla la autenticación del titular (3-D Secure)',
  },
];

/** Digits only: spaces and dashes as people type them are dropped. */
export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** The Luhn check digit test of a card number (12 to 19 digits). */
export function luhnValid(value: string): boolean {
  const digits = cardDigits(value);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `tok_sandbox_approve_4242`: what the sandbox's card form sends instead of the number. */
export const sandboxToken = (card: SandboxTestCard): string =>
  `tok_sandbox_${card.outcome}_${card.number.slice(-4)}`;

const TOKEN = /^tok_sandbox_(approve|decline|pending|authfail)_(\d{4})$/;

/** The test card a sandbox token stands for, or null when it is not one of them. */
export function sandboxCardOfToken(token: string): SandboxTestCard | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  return (
    sandboxTestCards.find((card) => card.outcome === match[1] && card.number.slice(-4) === match[2]) ?? null
  );
}

export type SandboxTokenization =
  { ok: true; token: string; last4: string } | { ok: false; reason: 'invalid' | 'unknown' };

/**
 * The sandbox token of a typed card number: `invalid` when it fails the Luhn check, `unknown` when it
 * is a valid number but not one of the test cards (the sandbox charges no real card).
 */
export function tokenizeSandboxCard(value: string): SandboxTokenization {
  if (!luhnValid(value)) return { ok: false, reason: 'invalid' };
  const digits = cardDigits(value);
  const card = sandboxTestCards.find((c) => c.number === digits);
  if (!card) return { ok: false, reason: 'unknown' };
  return { ok: true, token: sandboxToken(card), last4: digits.slice(-4) };
}

/** MM/AA not in the past (the month itself still valid), as the card form checks it. */
export function expiryValid(value: string, now: Date = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getFullYear() * 12 + now.getMonth() + 1;
}
