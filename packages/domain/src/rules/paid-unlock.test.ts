import { describe, expect, it } from 'vitest';
import { candidateContactVisible, contractAllowed, isUnlocked, offerAmountVisible } from './paid-unlock';

describe('the paid unlock', () => {
  const paid = { isPaid: true };
  const unpaid = { isPaid: false };

  it('unlocks amounts, contacts and the contract only once the announcement is paid', () => {
    expect(isUnlocked(paid)).toBe(true);
    expect(isUnlocked(unpaid)).toBe(false);
    expect(offerAmountVisible(paid, { isVisitRequest: false })).toBe(true);
    expect(offerAmountVisible(unpaid, { isVisitRequest: false })).toBe(false);
    expect(candidateContactVisible(paid)).toBe(true);
    expect(candidateContactVisible(unpaid)).toBe(false);
    expect(contractAllowed(paid)).toBe(true);
    expect(contractAllowed(unpaid)).toBe(false);
  });

  it('has nothing to lock in a visit request’s amount, but still locks its candidate', () => {
    expect(offerAmountVisible(unpaid, { isVisitRequest: true })).toBe(true);
    expect(candidateContactVisible(unpaid)).toBe(false);
  });
});
