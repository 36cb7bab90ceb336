import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownerOffer } from '../test-data';
import { CompareDialog } from './compare-dialog';
import { OfferConditions } from './offer-terms';

/** Issue 23 point 13: the owner reads the arras each buyer accepted with the offer. */
const penitential = { typeCode: 'ARS001', unit: 'percent', value: 10 } as const;

describe('the arras a buyer accepted, as the owner reads them', () => {
  it('shows them with the offer’s conditions, in euros on the offered amount once it is visible', () => {
    const visible = ownerOffer(1, {
      acceptedArras: penitential,
      amount: 230_000,
      amountLocked: false,
      reasonPurchaseCode: 'ORP001',
    });
    const { unmount } = render(<OfferConditions offer={visible} sale />);
    expect(screen.getByText('Arras')).toBeInTheDocument();
    expect(screen.getByText('Acepta arras penitenciales: 10 % del precio (23.000 €)')).toBeInTheDocument();
    unmount();

    // Hidden amounts stay hidden: the share only.
    render(<OfferConditions offer={ownerOffer(2, { acceptedArras: penitential })} sale />);
    expect(screen.getByText('Acepta arras penitenciales: 10 % del precio')).toBeInTheDocument();
  });

  it('says nothing of arras on an offer that was asked none', () => {
    render(<OfferConditions offer={ownerOffer(1, { reasonPurchaseCode: 'ORP001' })} sale />);
    expect(screen.queryByText('Arras')).not.toBeInTheDocument();
  });

  it('compares them side by side, a dash where none were accepted', () => {
    const offers = [
      ownerOffer(1, {
        acceptedArras: { typeCode: 'ARS002', unit: 'euros', value: 20_000 },
        amount: 240_000,
        amountLocked: false,
      }),
      ownerOffer(2, { amount: 235_000, amountLocked: false }),
    ];
    render(<CompareDialog offers={offers} perMonth={false} sale onClose={() => undefined} />);
    const row = screen.getByRole('row', { name: /^Arras/ });
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Acepta arras confirmatorias: 20.000 €', '-']);
  });
});
