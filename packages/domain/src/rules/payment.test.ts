import { describe, expect, it } from 'vitest';
import {
  expiryValid,
  luhnValid,
  sandboxCardOfToken,
  sandboxTestCards,
  splitVat,
  tokenizeSandboxCard,
} from './payment';

describe('splitVat', () => {
  it('splits a price with 21 % VAT included into base and VAT that add up', () => {
    expect(splitVat(4900)).toEqual({ totalCents: 4900, baseCents: 4050, vatCents: 850 });
    expect(splitVat(14900)).toEqual({ totalCents: 14900, baseCents: 12314, vatCents: 2586 });
    expect(splitVat(12100)).toEqual({ totalCents: 12100, baseCents: 10000, vatCents: 2100 });
    for (let cents = 0; cents < 5000; cents += 37) {
      const split = splitVat(cents);
      expect(split.baseCents + split.vatCents).toBe(cents);
    }
  });
  it('refuses fractions of a cent and negative prices', () => {
    expect(() => splitVat(10.5)).toThrow(RangeError);
    expect(() => splitVat(-1)).toThrow(RangeError);
  });
});

describe('sandbox test cards', () => {
  it('are Luhn-valid numbers, one per outcome', () => {
    for (const card of sandboxTestCards) expect(luhnValid(card.number)).toBe(true);
    expect(new Set(sandboxTestCards.map((c) => c.outcome)).size).toBe(sandboxTestCards.length);
  });
  it('map a typed number to its token and back', () => {
    expect(tokenizeSandboxCard('4242 4242 4242 4242')).toEqual({
      ok: true,
      token: 'tok_sandbox_approve_4242',
      last4: '4242',
    });
    expect(tokenizeSandboxCard('4000-0000-0000-0002')).toMatchObject({ token: 'tok_sandbox_decline_0002' });
    for (const card of sandboxTestCards) {
      const result = tokenizeSandboxCard(card.number);
      expect(result.ok && sandboxCardOfToken(result.token)).toEqual(card);
    }
  });
  it('refuse a number failing Luhn and a valid number that is not a test card', () => {
    expect(tokenizeSandboxCard('4242 4242 4242 4241')).toEqual({ ok: false, reason: 'invalid' });
    expect(tokenizeSandboxCard('abc')).toEqual({ ok: false, reason: 'invalid' });
    expect(tokenizeSandboxCard('5555 5555 5555 4444')).toEqual({ ok: false, reason: 'unknown' });
    expect(sandboxCardOfToken('tok_sandbox_approve_0002')).toBeNull();
    expect(sandboxCardOfToken('pm_123')).toBeNull();
  });
  it('check the expiry MM/AA against the current month', () => {
    const now = new Date(2026, 10, 27);
    expect(expiryValid('11/26', now)).toBe(true);
    expect(expiryValid('10/26', now)).toBe(false);
    expect(expiryValid('13/30', now)).toBe(false);
    expect(expiryValid('1/30', now)).toBe(false);
  });
});
