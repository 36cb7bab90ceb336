import { describe, expect, it } from 'vitest';
import { AnnouncementStatus as A, OfferStatus as O } from '../codes';
import {
  competesForHighest,
  countsInSummary,
  isHighestOffer,
  offerSummary,
  summaryOfferStatuses,
  type SummaryOffer,
} from './offer-summary';

const offer = (amount: number, statusCode: string = O.Sent, isVisitRequest = false): SummaryOffer => ({
  amount,
  statusCode,
  isVisitRequest,
});

describe('the offer summary (decision 014, issue 23)', () => {
  it('counts sent and selected offers always, not-selected ones only while the choice stands', () => {
    const every = Object.values(A);
    for (const status of every) {
      expect(countsInSummary(O.Sent, status)).toBe(true);
      expect(countsInSummary(O.Selected, status)).toBe(true);
      expect(countsInSummary(O.Withdrawn, status)).toBe(false);
      expect(countsInSummary(O.Ended, status)).toBe(false);
      expect(countsInSummary(O.Pending, status)).toBe(false);
    }
    expect(every.filter((status) => countsInSummary(O.NotSelected, status))).toEqual([
      A.TenantSelected,
      A.Closed,
    ]);
    expect(summaryOfferStatuses(A.Validated)).toEqual([O.Sent, O.Selected]);
    expect(summaryOfferStatuses(A.TenantSelected)).toEqual([O.Sent, O.Selected, O.NotSelected]);
  });

  it('keeps the count and the highest offer through every move of the deal', () => {
    // Open: two offers, 1.250 and 1.150 €/mes, and a visit request (counted, never priced).
    let high = offer(1250);
    let low = offer(1150);
    const visit = offer(0, O.Sent, true);
    expect(offerSummary([high, low, visit], A.Validated)).toEqual({ offersCount: 3, highestOffer: 1250 });
    expect(isHighestOffer(high, 1250)).toBe(true);
    expect(isHighestOffer(low, 1250)).toBe(false);
    expect(isHighestOffer(visit, 1250)).toBe(false);

    // Edit: the lower one raises to 1.250 (a tie: both are the highest).
    low = offer(1250);
    expect(offerSummary([high, low], A.Validated)).toEqual({ offersCount: 2, highestOffer: 1250 });
    expect(isHighestOffer(low, 1250) && isHighestOffer(high, 1250)).toBe(true);
    low = offer(1150);

    // Bidding closed: nothing changes.
    expect(offerSummary([high, low], A.BiddingClosed)).toEqual({ offersCount: 2, highestOffer: 1250 });

    // The owner chooses 1.150: still "Ofertas 2" and "Oferta más alta 1.250 €/mes".
    low = offer(1150, O.Selected);
    high = offer(1250, O.NotSelected);
    const chosen = offerSummary([high, low], A.TenantSelected);
    expect(chosen).toEqual({ offersCount: 2, highestOffer: 1250 });
    // The winner has won ("Seleccionada"), not "la más alta"; the other no longer competes.
    expect(competesForHighest(low)).toBe(false);
    expect(isHighestOffer(low, chosen.highestOffer)).toBe(false);
    expect(isHighestOffer(high, chosen.highestOffer)).toBe(false);

    // Rented or sold: the same figures.
    expect(offerSummary([high, low], A.Closed)).toEqual(chosen);

    // The winner's account is blocked: the offer is withdrawn and bidding is closed again; the others
    // were told they lost, so nothing stands.
    expect(offerSummary([high, offer(1150, O.Withdrawn)], A.BiddingClosed)).toEqual({
      offersCount: 0,
      highestOffer: null,
    });
  });

  it('drops withdrawn and ended offers', () => {
    const a = offer(1250, O.Withdrawn);
    const b = offer(1150);
    expect(offerSummary([a, b], A.Validated)).toEqual({ offersCount: 1, highestOffer: 1150 });
    expect(offerSummary([a, offer(1150, O.Ended)], A.Withdrawn)).toEqual({
      offersCount: 0,
      highestOffer: null,
    });
    expect(offerSummary([], A.Validated)).toEqual({ offersCount: 0, highestOffer: null });
    expect(offerSummary([offer(0, O.Sent, true)], A.Validated)).toEqual({
      offersCount: 1,
      highestOffer: null,
    });
  });
});
