import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type {
  DocumentDownload,
  HouseholdPerson,
  TenantDocument,
  TenantProfile,
} from '@casaoferta/domain/schemas/tenant';
import DocumentationPage from './pages/documentation-page';

/** Test data of /profile/documentation. */
export const doc = (n: number, overrides: Partial<TenantDocument> = {}): TenantDocument => ({
  id: `30000000-0000-4000-8000-00000000000${n}`,
  kindCode: 'TDK002',
  fileName: `nomina-${n}.pdf`,
  contentType: 'application/pdf',
  size: 250_000,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const person = (
  n: number,
  role: HouseholdPerson['role'],
  documents: TenantDocument[] = [],
): HouseholdPerson => ({
  id: `40000000-0000-4000-8000-00000000000${n}`,
  role,
  nif: '12345678Z',
  typeContractCode: 'UTC001',
  salaryRangeCode: 'USR003',
  name: role === 'guarantor' ? 'Pilar' : 'Andrés',
  surname: role === 'guarantor' ? 'Gómez' : 'Ruiz',
  birthDate: '1980-01-01',
  countryCode: 'ES',
  civilStatusCode: 'UCS001',
  documents,
});

export const profile = (overrides: Partial<TenantProfile> = {}): TenantProfile => ({
  id: '50000000-0000-4000-8000-000000000001',
  nif: '12345678Z',
  typeContractCode: 'UTC001',
  salaryRangeCode: 'USR003',
  name: 'Carmen',
  surname: 'Ruiz',
  birthDate: '1990-05-01',
  countryCode: 'ES',
  civilStatusCode: 'UCS001',
  numberCohabitants: 1,
  numberChildren: 0,
  hasPets: false,
  hasSmokers: false,
  presentation: null,
  hasCoTitular: false,
  hasGuarantor: false,
  coTitulars: [],
  guarantors: [],
  documents: [],
  completeness: {
    hasTenantProfileCompleted: true,
    hasTenantProfileCompletedToOffer: true,
    hasProfileCompletedToSaleOffer: true,
  },
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const download = (n: number, overrides: Partial<DocumentDownload> = {}): DocumentDownload => ({
  id: `d${n}`,
  documentId: doc(n).id,
  fileName: doc(n).fileName,
  byRole: 'owner',
  byLabel: 'Propietario de «Piso en Chamberí»',
  at: '2026-11-21T09:30:00.000Z',
  ...overrides,
});

export function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/profile/documentation']}>
      <Routes>
        <Route path="/profile/documentation" element={<DocumentationPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
