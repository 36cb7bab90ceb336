import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import { ok } from '../../test/mock-api';
import { RouterLocation } from '../../test/router-location';
import type { OwnerPropertySummary } from './api/list-my-properties';
import AnnouncementListPage from './pages/announcement-list-page';
import NewAnnouncementRedirect from './pages/new-announcement-redirect';
import PropertyDetailPage from './pages/property-detail-page';
import RentalFormPage from './pages/rental-form-page';
import RoomRentalFormPage from './pages/room-rental-form-page';
import SaleFormPage from './pages/sale-form-page';

/** Test fixtures and a router with this feature's routes (never imported by the app). */
export const propertyId = '20000000-0000-4000-8000-000000000001';
export const announcementId = '10000000-0000-4000-8000-000000000001';

const noActions: OwnerAnnouncement['actions'] = {
  canEdit: false,
  canPublish: false,
  canWithdraw: false,
  canDiscardDraft: false,
  canCloseBidding: false,
  canReactivate: false,
  canRequestReview: false,
};

export function ownerAnnouncement(
  n: number,
  overrides: Omit<Partial<OwnerAnnouncement>, 'actions'> & {
    actions?: Partial<OwnerAnnouncement['actions']>;
  } = {},
): OwnerAnnouncement {
  const { actions, ...rest } = overrides;
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    propertyId,
    reference: `CO-${n}`,
    typeCode: 'ATY002',
    offerTypeCode: 'AOT001',
    statusCode: 'AST001',
    statusReason: null,
    propertyValidationStatus: 'PSG001',
    propertyValidationReason: null,
    title: `Anuncio ${n}`,
    price: 1150,
    highestOffer: 1200,
    offersCount: 3,
    receivedOffers: 3,
    publishedAt: '2025-07-01T08:00:00.000Z',
    endsAt: '2025-07-31T08:00:00.000Z',
    daysLeft: 12,
    image: null,
    details: {},
    ...rest,
    actions: { ...noActions, ...actions },
  };
}

export const propertySummary = (overrides: Partial<OwnerPropertySummary> = {}): OwnerPropertySummary => ({
  id: propertyId,
  reference: 'CO-P1',
  title: 'Piso en alquiler en Malasaña, Madrid',
  validationStatus: 'PSG001',
  validationReason: null,
  image: null,
  announcements: 1,
  canDiscard: false,
  revisionStatus: null,
  tab: 'active',
  nextStep: 'followOffers',
  nextAnnouncementId: announcementId,
  ...overrides,
});

/** GET /api/property/{id} as its owner sees it. */
export const propertyPage = {
  id: propertyId,
  reference: 'CO-P1',
  propertyTypeCode: 'PTY001',
  statusCode: null,
  surfaceM2: 70,
  rooms: 2,
  bathrooms: 1,
  floorCode: null,
  orientationCode: null,
  energyCertificationCode: null,
  emissionCertificationCode: null,
  protectedHousingCode: null,
  features: [],
  provinceCode: '28',
  provinceName: 'Madrid',
  municipalityCode: '28079',
  municipalityName: 'Madrid',
  street: 'Calle del Pez',
  images: [],
  announcement: null,
  owner: { validationStatus: 'PSG001', validationReason: null, streetNumber: '12' },
};

/** The property calls every form makes (and the owner's announcements: no draft to continue). */
export const propertyRoutes = () => ({
  'GET /api/announcement/properties': () => ok([propertySummary()]),
  [`GET /api/property/${propertyId}`]: () => ok(propertyPage),
  'GET /api/announcement/in-progress': () => ok([]),
});

/** Renders the feature's pages at `entry`, plus a stand-in publication page. */
export function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/new-announcement-venta/:propertyUuid/:announcementUuid?" element={<SaleFormPage />} />
        <Route
          path="/new-announcement-alquiler/:propertyUuid/:announcementUuid?"
          element={<RentalFormPage />}
        />
        <Route
          path="/new-announcement-alquiler-habitacion/:propertyUuid/:announcementUuid?"
          element={<RoomRentalFormPage />}
        />
        <Route
          path="/new-announcement/:propertyUuid/:announcementUuid?"
          element={<NewAnnouncementRedirect />}
        />
        <Route path="/announcement-list" element={<AnnouncementListPage />} />
        <Route path="/property-detail/:propertyId" element={<PropertyDetailPage />} />
        <Route path="*" element={<p>Otra página</p>} />
      </Routes>
      <RouterLocation />
    </MemoryRouter>,
  );
}
