import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { vi } from 'vitest';
import { errorMessages } from '@casaoferta/domain/errors';
import { userAttributes } from '@casaoferta/domain/masters/user';
import type { HouseholdPerson, TenantProfile } from '@casaoferta/domain/schemas/tenant';
import {
  anonymousSession,
  SessionActionsContext,
  SessionContext,
  type SessionActions,
  type SessionUser,
} from '../../shared/session';
import { ok } from '../../test/mock-api';
import { RouterLocation } from '../../test/router-location';
import AboutMePage from './pages/about-me-page';
import CoTitularsPage from './pages/co-titulars-page';
import ConvivencePage from './pages/convivence-page';
import GuarantorsPage from './pages/guarantors-page';
import PresentationPage from './pages/presentation-page';
import ProfilePage from './pages/profile-page';

/** Test fixtures and a router with this feature's routes (never imported by the app). */
export const profileId = '50000000-0000-4000-8000-000000000001';

/** GET /api/masters with the lists the profile reads (the API serves the domain's). */
export const mastersRoute = {
  'GET /api/masters': () =>
    ok({
      exceptionAttributes: errorMessages,
      yesNo: [],
      userAttributes: userAttributes(),
      propertyAttributes: {},
      announcementAttributes: {},
      ownerAttributes: {},
      offerAttributes: {},
      contractAttributes: {},
    }),
};

const noCompleteness = {
  hasTenantProfileCompleted: false,
  hasTenantProfileCompletedToOffer: false,
  hasProfileCompletedToSaleOffer: false,
};

/** A profile nothing of which has been saved. */
export const emptyProfile = (overrides: Partial<TenantProfile> = {}): TenantProfile => ({
  id: null,
  nif: null,
  typeContractCode: null,
  salaryRangeCode: null,
  name: null,
  surname: null,
  birthDate: null,
  countryCode: null,
  civilStatusCode: null,
  numberCohabitants: null,
  numberChildren: null,
  hasPets: null,
  hasSmokers: null,
  presentation: null,
  hasCoTitular: false,
  hasGuarantor: false,
  coTitulars: [],
  guarantors: [],
  documents: [],
  completeness: noCompleteness,
  updatedAt: null,
  ...overrides,
});

/** Carmen's complete profile. */
export const fullProfile = (overrides: Partial<TenantProfile> = {}): TenantProfile =>
  emptyProfile({
    id: profileId,
    nif: '12345678Z',
    typeContractCode: 'UTC001',
    salaryRangeCode: 'URS005',
    name: 'Carmen',
    surname: 'Ruiz Ortega',
    birthDate: '1990-05-14',
    countryCode: 'ES',
    civilStatusCode: 'UCS001',
    numberCohabitants: 1,
    numberChildren: 0,
    hasPets: false,
    hasSmokers: false,
    completeness: {
      hasTenantProfileCompleted: true,
      hasTenantProfileCompletedToOffer: true,
      hasProfileCompletedToSaleOffer: true,
    },
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  });

export const person = (n: number, overrides: Partial<HouseholdPerson> = {}): HouseholdPerson => ({
  id: `60000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  role: 'co_holder',
  nif: 'X1234567L',
  typeContractCode: 'UTC002',
  salaryRangeCode: 'URS003',
  name: 'Luis',
  surname: 'Gómez Pardo',
  birthDate: '1988-02-01',
  countryCode: 'ES',
  civilStatusCode: 'UCS002',
  documents: [],
  ...overrides,
});

/** The logged user of the session, as registered: what the profile wizard starts with. */
export const accountUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  name: 'Lucía',
  surname: 'Martín Soto',
  phoneNumber: '+34600111222',
  roles: [],
  permissions: [],
  hasProfileCompleted: false,
  isBlocked: false,
  ...overrides,
});

/**
 * Renders the profile's pages at `entry`, with a spy for the session's refresh; `account` is the logged
 * user (none by default).
 */
export function renderAt(entry: InitialEntry, account: SessionUser | null = null) {
  const session = account
    ? { ...anonymousSession, logged: true, hasToken: true, user: account }
    : anonymousSession;
  const actions: SessionActions = {
    refresh: vi.fn(() => Promise.resolve()),
    logout: vi.fn(() => Promise.resolve()),
    stopImpersonating: vi.fn(() => Promise.resolve()),
  };
  const view = render(
    <SessionContext.Provider value={session}>
      <SessionActionsContext.Provider value={actions}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/profile/about-me" element={<AboutMePage />} />
            <Route path="/profile/co-titulars" element={<CoTitularsPage />} />
            <Route path="/profile/convivence" element={<ConvivencePage />} />
            <Route path="/profile/guarantors" element={<GuarantorsPage />} />
            <Route path="/profile/presentation" element={<PresentationPage />} />
            <Route path="*" element={<p>Otra página</p>} />
          </Routes>
          <RouterLocation />
        </MemoryRouter>
      </SessionActionsContext.Provider>
    </SessionContext.Provider>,
  );
  return { ...view, actions };
}
