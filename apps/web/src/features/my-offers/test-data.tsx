import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { MyOffer, MyOfferDetail, OfferEventDto } from '@casaoferta/domain/schemas/offers';
import { RouterLocation } from '../../test/router-location';
import MyOffersPage from './pages/my-offers-page';
import OfferDetailPage from './pages/offer-detail-page';

/** Test fixtures and a router with this feature's routes (never imported by the app). */
export const propertyId = '20000000-0000-4000-8000-000000000001';

const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

type OfferOverrides = Omit<Partial<MyOffer>, 'announcement'> & {
  announcement?: Partial<MyOffer['announcement']>;
};

/** My offer number n on announcement number n: a rental at 1.150 €/mes, the highest so far. */
export function myOffer(n: number, overrides: OfferOverrides = {}): MyOffer {
  const { announcement, ...rest } = overrides;
  const announcementId = announcement?.id ?? id('10000000', n);
  return {
    id: id('30000000', n),
    announcementId,
    statusCode: 'OSC001',
    isVisitRequest: false,
    offerPaymentType: 'OPT000',
    reasonPurchaseCode: null,
    mortgagePreApproved: null,
    description: null,
    typeContractCode: null,
    acceptedArras: null,
    decisionReasonCode: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    amount: 1200,
    mortgageAmount: null,
    salary: null,
    isHighest: true,
    ...rest,
    announcement: {
      id: announcementId,
      propertyId,
      title: `Piso ${n}`,
      typeCode: 'ATY002',
      offerTypeCode: 'AOT001',
      statusCode: 'AST001',
      price: 1150,
      highestOffer: 1200,
      offersCount: 3,
      municipalityName: 'Madrid',
      provinceName: 'Madrid',
      image: null,
      ...announcement,
    },
  };
}

export const event = (
  kind: OfferEventDto['kind'],
  at: string,
  extra: Partial<OfferEventDto> = {},
): OfferEventDto => ({
  kind,
  at,
  amount: null,
  reasonCode: null,
  ...extra,
});

export const detailOf = (offer: MyOffer, timeline: OfferEventDto[]): MyOfferDetail => ({
  ...offer,
  timeline,
});

export function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/my-offers" element={<MyOffersPage />} />
        <Route path="/offer-detail/:announcementId/:offerId" element={<OfferDetailPage />} />
        <Route path="*" element={<p>Otra página</p>} />
      </Routes>
      <RouterLocation />
    </MemoryRouter>,
  );
}
