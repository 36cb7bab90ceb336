import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import type { OwnerOffer, OwnerOfferDetail, OwnerOffers } from '@casaoferta/domain/schemas/offers';
import { RouterLocation } from '../../test/router-location';
import { Toaster } from '../../shared/ui/toaster';
import PropertyOffersPage from './pages/property-offers-page';

/** Test fixtures and a router with this feature's route (never imported by the app). */
export const propertyId = '20000000-0000-4000-8000-000000000001';
export const announcementId = '10000000-0000-4000-8000-000000000001';
export const offerIdOf = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const offersPath = `/api/announcement/${announcementId}/offers`;
export const offerPath = (n: number) => `/api/announcement/${announcementId}/offer/${offerIdOf(n)}`;
export const eventsPath = `/api/announcement/${announcementId}/events`;

export function myAnnouncement(overrides: Partial<OwnerAnnouncement> = {}): OwnerAnnouncement {
  return {
    id: announcementId,
    propertyId,
    reference: 'CO-1',
    typeCode: 'ATY002',
    offerTypeCode: 'AOT001',
    statusCode: 'AST001',
    statusReason: null,
    propertyValidationStatus: 'PSG001',
    propertyValidationReason: null,
    title: 'Piso luminoso en Malasaña',
    price: 1200,
    highestOffer: 1250,
    offersCount: 3,
    receivedOffers: 3,
    publishedAt: '2026-11-01T08:00:00.000Z',
    endsAt: '2026-12-01T08:00:00.000Z',
    daysLeft: 8,
    image: null,
    details: {},
    actions: {
      canEdit: false,
      canPublish: false,
      canWithdraw: true,
      canDiscardDraft: false,
      canCloseBidding: true,
      canReactivate: false,
      canRequestReview: false,
    },
    ...overrides,
  };
}

/** One received offer; `n` sets its id and its day of November (a later n is a newer offer). */
export function ownerOffer(n: number, overrides: Partial<OwnerOffer> = {}): OwnerOffer {
  const at = `2026-11-${String(10 + n).padStart(2, '0')}T09:00:00.000Z`;
  return {
    id: offerIdOf(n),
    announcementId,
    statusCode: 'OSC001',
    isVisitRequest: false,
    offerPaymentType: 'OPT000',
    reasonPurchaseCode: null,
    mortgagePreApproved: null,
    description: null,
    typeContractCode: 'UTC001',
    acceptedArras: null,
    decisionReasonCode: null,
    createdAt: at,
    updatedAt: at,
    amount: null,
    mortgageAmount: null,
    amountLocked: true,
    salary: 3000,
    candidate: { displayName: `Candidato ${n}`, isVerified: false },
    solvency: { statusCode: 'OSS001', ratio: null, reasons: [], hasCoHolder: false, hasGuarantor: false },
    isFavorite: false,
    seenAt: null,
    ...overrides,
  };
}

export function ownerOffers(
  offers: OwnerOffer[],
  announcement: Partial<OwnerOffers['announcement']> = {},
  page: Partial<Omit<OwnerOffers, 'announcement' | 'offers'>> = {},
): OwnerOffers {
  return {
    announcement: {
      id: announcementId,
      propertyId,
      title: 'Piso luminoso en Malasaña',
      typeCode: 'ATY002',
      offerTypeCode: 'AOT001',
      statusCode: 'AST001',
      price: 1200,
      highestOffer: null,
      offersCount: offers.length,
      municipalityName: 'Madrid',
      provinceName: 'Madrid',
      image: null,
      isPaid: false,
      ...announcement,
    },
    offers,
    total: offers.length,
    received: offers.length,
    sort: announcement.isPaid ? 'amount' : 'date',
    nextCursor: null,
    ...page,
  };
}

export const offerDetail = (offer: OwnerOffer, timeline: OwnerOfferDetail['timeline']): OwnerOfferDetail => ({
  ...offer,
  timeline,
});

/** Renders the offers page at `entry`, with a stand-in for every other page, and the toasts. */
export function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/property/:id/offers/:offerId?" element={<PropertyOffersPage />} />
        <Route path="*" element={<p>Otra página</p>} />
      </Routes>
      <RouterLocation />
      <Toaster />
    </MemoryRouter>,
  );
}
