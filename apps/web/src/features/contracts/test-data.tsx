import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type {
  ContractSummaryDto,
  ContractViewDto,
  OwnerContractDataDto,
  TenantContractDataDto,
} from '@casaoferta/domain/schemas/contracts';
import { RouterLocation } from '../../test/router-location';
import ContractPage from './pages/contract-page';
import ContractsListPage from './pages/contracts-list-page';

/** Test fixtures and a router with this feature's routes (never imported by the app). */
const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const contractId = (n: number) => id('50000000', n);

/** Contract number n: a rental of 1.150 €/mes in draft, seen by its owner, whose turn it is. */
export function contractView(n: number, overrides: Partial<ContractViewDto> = {}): ContractViewDto {
  return {
    id: contractId(n),
    announcementId: id('10000000', n),
    propertyId: id('20000000', n),
    offerId: id('30000000', n),
    kind: 'rental',
    statusCode: 'CST000',
    role: 'owner',
    title: `Piso ${n} en Chamberí`,
    municipality: 'Madrid',
    amount: 1150,
    ownerName: 'Carmen Ruiz Ortega',
    tenantName: 'Laura Gómez Sanz',
    ownerSentAt: null,
    tenantSentAt: null,
    sentToSignAt: null,
    documentSha256: null,
    ownerSignature: null,
    tenantSignature: null,
    signedAt: null,
    cancelledAt: null,
    cancelledBy: null,
    nextActor: 'owner',
    nextStep: 'fill_owner',
    imagesCount: 0,
    createdAt: '2026-11-20T09:30:00.000Z',
    updatedAt: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

export function contractSummary(n: number, overrides: Partial<ContractSummaryDto> = {}): ContractSummaryDto {
  const view = contractView(n);
  return {
    id: view.id,
    announcementId: view.announcementId,
    propertyId: view.propertyId,
    kind: view.kind,
    statusCode: view.statusCode,
    role: view.role,
    title: view.title,
    municipality: view.municipality,
    amount: view.amount,
    nextActor: view.nextActor,
    nextStep: view.nextStep,
    updatedAt: view.updatedAt,
    counterpartName: 'Laura Gómez Sanz',
    ...overrides,
  };
}

const party = {
  name: 'Carmen',
  surname: 'Ruiz Ortega',
  nif: '12345678Z',
  address: 'Calle Mayor 1, 28013 Madrid',
  email: null,
  phone: '+34600000001',
};

/** GET .../owner of a rental: prefilled from the account and the announcement, not saved. */
export const ownerData = (overrides: Partial<OwnerContractDataDto> = {}): OwnerContractDataDto => ({
  party,
  rental: {
    startDate: '2027-01-01',
    durationMonths: 12,
    depositMonths: 1,
    guaranteeMonths: 0,
    paymentDay: 5,
    paymentTypeCode: 'CPT004',
    iban: null,
    conditionCodes: ['CCO002'],
  },
  sale: null,
  saved: false,
  ...overrides,
});

export const tenantData = (overrides: Partial<TenantContractDataDto> = {}): TenantContractDataDto => ({
  party: { ...party, name: 'Laura', surname: 'Gómez Sanz', nif: '', address: '', phone: '+34600000002' },
  saved: false,
  ...overrides,
});

export function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/contracts-list" element={<ContractsListPage />} />
        <Route path="/contract/:id" element={<ContractPage />} />
        <Route path="*" element={<p>Otra página</p>} />
      </Routes>
      <RouterLocation />
    </MemoryRouter>,
  );
}
