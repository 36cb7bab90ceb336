import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { myOffer } from '../test-data';
import { OfferTerms } from './offer-terms';

/** Issue 23 point 13: the buyer reads the arras they accepted with their sale offer. */
const sale = (overrides: Parameters<typeof myOffer>[1] = {}) =>
  myOffer(1, {
    amount: 240_000,
    reasonPurchaseCode: 'ORP001',
    announcement: { typeCode: 'ATY003', price: 245_000 },
    ...overrides,
  });

describe('my offer’s terms', () => {
  it('say the arras I accepted, the percentage reckoned on my amount', () => {
    render(
      <OfferTerms offer={sale({ acceptedArras: { typeCode: 'ARS001', unit: 'percent', value: 10 } })} />,
    );
    expect(screen.getByText('Arras aceptadas').nextSibling).toHaveTextContent(
      'Arras penitenciales: 10 % del precio (24.000 €)',
    );
  });

  it('say nothing of arras when none were asked', () => {
    render(<OfferTerms offer={sale()} />);
    expect(screen.queryByText('Arras aceptadas')).toBeNull();
  });
});
