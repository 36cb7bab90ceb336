import { describe, expect, it } from 'vitest';
import { priceBounds, pricePlausibility } from './price-bounds';

describe('pricePlausibility', () => {
  it.each([
    // The bugs that made this rule: "250.000" read as 250 €, "250000,50" read as 25.000.050 €.
    ['sale', 250, 'tooLow'],
    ['sale', 25_000_050, 'unusual'],
    ['sale', 250_000, 'usual'],
    ['sale', 12_000, 'unusual'],
    ['sale', 60_000_000, 'tooHigh'],
    // A whole home at 95.000 €/mes was accepted while a room stopped at 20.000.
    ['rental', 95_000, 'tooHigh'],
    ['rental', 1_250, 'usual'],
    ['rental', 9_000, 'unusual'],
    ['rental', 40, 'tooLow'],
    ['room', 425, 'usual'],
    ['room', 2_500, 'unusual'],
    ['room', 20_000, 'tooHigh'],
  ] as const)('%s at %d € is %s', (kind, price, expected) => {
    expect(pricePlausibility(kind, price)).toBe(expected);
  });

  it('keeps each usual range inside its hard limits, the same shape for the three kinds', () => {
    for (const bounds of Object.values(priceBounds)) {
      expect(bounds.min).toBeGreaterThan(0);
      expect(bounds.min).toBeLessThan(bounds.usualMin);
      expect(bounds.usualMin).toBeLessThan(bounds.usualMax);
      expect(bounds.usualMax).toBeLessThan(bounds.max);
    }
    expect(priceBounds.room.max).toBeLessThan(priceBounds.rental.max);
    expect(priceBounds.rental.max).toBeLessThan(priceBounds.sale.max);
  });

  it('treats the limits themselves as allowed', () => {
    expect(pricePlausibility('sale', priceBounds.sale.min)).not.toBe('tooLow');
    expect(pricePlausibility('room', priceBounds.room.max)).not.toBe('tooHigh');
  });
});
