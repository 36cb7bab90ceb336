import { useState, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import type { MyOffer, OfferManagement } from '@casaoferta/domain/schemas/offers';
import { anonymousSession, SessionContext, type Session } from '../../shared/session';
import { errorMessages } from '@casaoferta/domain/errors';
import { offerAttributes } from '@casaoferta/domain/masters/offer-contract';
import { userAttributes } from '@casaoferta/domain/masters/user';
import { ok, sampleUser } from '../../test/mock-api';
import { RouterLocation } from '../../test/router-location';
import { OfferAction } from './components/offer-action';

/** Test fixtures of the offer flow (never imported by the app). */
export const propertyId = '20000000-0000-4000-8000-000000000001';
export const announcementId = '30000000-0000-4000-8000-000000000001';
export const myOfferId = '40000000-0000-4000-8000-000000000001';

type Announcement = NonNullable<PropertyPage['announcement']>;

/** GET /api/masters with the lists the dialog reads (the API serves the domain's). */
export const mastersRoute = {
  'GET /api/masters': () =>
    ok({
      exceptionAttributes: errorMessages,
      yesNo: [],
      userAttributes: userAttributes(),
      propertyAttributes: {},
      announcementAttributes: {},
      ownerAttributes: {},
      offerAttributes: offerAttributes(),
      contractAttributes: {},
    }),
};

export function sampleProperty(announcement: Partial<Announcement> = {}): PropertyPage {
  return {
    id: propertyId,
    reference: 'CO-2HDQ',
    propertyTypeCode: 'PTY001',
    statusCode: 'PST002',
    surfaceM2: 80,
    rooms: 3,
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
    ownerVerified: false,
    owner: null,
    announcement: {
      id: announcementId,
      typeCode: 'ATY002',
      offerTypeCode: 'AOT001',
      statusCode: 'AST001',
      title: 'Piso en alquiler en Malasaña, Madrid',
      description: '',
      price: 1000,
      highestOffer: 1100,
      offersCount: 2,
      petsAllowed: false,
      furnished: false,
      availableFrom: null,
      details: {},
      publishedAt: '2026-11-01T10:00:00.000Z',
      endsAt: '2026-12-01T10:00:00.000Z',
      priceHistory: [],
      ...announcement,
    },
  };
}

export const saleAnnouncement: Partial<Announcement> = {
  typeCode: 'ATY003',
  title: 'Piso en venta en Ruzafa, Valencia',
  price: 200000,
  highestOffer: null,
};

export const visitAnnouncement: Partial<Announcement> = {
  offerTypeCode: 'AOT002',
  title: 'Ático en alquiler en Chamberí, Madrid',
  highestOffer: null,
};

export function management(property: PropertyPage, changes: Partial<OfferManagement> = {}): OfferManagement {
  const announcement = property.announcement;
  if (!announcement) throw new Error('the property has no announcement');
  return {
    announcementId: announcement.id,
    announcementTypeCode: announcement.typeCode,
    announcementOfferTypeCode: announcement.offerTypeCode,
    isVisitRequest: announcement.offerTypeCode === 'AOT002',
    price: announcement.price,
    highestOffer: announcement.highestOffer,
    yourOffer: null,
    yourOfferId: null,
    bounds: null,
    step: announcement.typeCode === 'ATY003' ? 250 : 10,
    actions: {
      canMakeOffer: true,
      hasTenantProfileCompleted: false,
      hasTenantProfileCompletedToOffer: false,
      hasProfileCompletedToSaleOffer: false,
    },
    ...changes,
  };
}

export function myOffer(property: PropertyPage, changes: Partial<MyOffer> = {}): MyOffer {
  const announcement = property.announcement;
  if (!announcement) throw new Error('the property has no announcement');
  return {
    id: myOfferId,
    announcementId: announcement.id,
    statusCode: 'OSC001',
    isVisitRequest: announcement.offerTypeCode === 'AOT002',
    offerPaymentType: 'OPT000',
    reasonPurchaseCode: null,
    mortgagePreApproved: null,
    description: null,
    typeContractCode: 'UTC001',
    acceptedArras: null,
    decisionReasonCode: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    amount: 1080,
    mortgageAmount: null,
    salary: 1800,
    isHighest: false,
    announcement: {
      id: announcement.id,
      propertyId: property.id,
      title: announcement.title,
      typeCode: announcement.typeCode,
      offerTypeCode: announcement.offerTypeCode,
      statusCode: announcement.statusCode,
      price: announcement.price,
      highestOffer: announcement.highestOffer,
      offersCount: announcement.offersCount,
      municipalityName: property.municipalityName,
      provinceName: property.provinceName,
      image: null,
    },
    ...changes,
  };
}

export const loggedSession = (hasProfileCompleted = false): Session => ({
  ...anonymousSession,
  logged: true,
  hasToken: true,
  user: { ...sampleUser, hasProfileCompleted },
});

export interface RenderOptions {
  session?: Session;
  replay?: boolean;
  onOfferSent?: () => void;
  onReplayHandled?: () => void;
}

/** The button as app/property-route.tsx holds it: the URL's afterAction, until the flow says it is handled. */
function Harness({ property, options }: { property: PropertyPage; options: RenderOptions }) {
  const [replay, setReplay] = useState(options.replay ?? false);
  return (
    <OfferAction
      property={property}
      onOfferSent={options.onOfferSent ?? (() => undefined)}
      replay={replay}
      onReplayHandled={() => {
        setReplay(false);
        options.onReplayHandled?.();
      }}
    />
  );
}

/** The offer button on /property/:id as the app places it, with /login to land on. */
export function renderOfferAction(property: PropertyPage, options: RenderOptions = {}) {
  const page = (children: ReactNode) => (
    <SessionContext.Provider value={options.session ?? loggedSession()}>{children}</SessionContext.Provider>
  );
  return render(
    page(
      <MemoryRouter initialEntries={[`/property/${property.id}`]}>
        <Routes>
          <Route
            path="/property/:id"
            element={
              <>
                <Harness property={property} options={options} />
                <RouterLocation />
              </>
            }
          />
          <Route path="/login" element={<RouterLocation />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
}
