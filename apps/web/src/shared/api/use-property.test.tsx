import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PropertyPage } from '@casaoferta/domain/schemas/listings';
import { fail, mockApi, ok } from '../../test/mock-api';
import { clearToasts, getToasts } from '../ui/toast-store';
import { getProperty } from './get-property';
import { propertyQueryOptions, useProperty } from './use-property';

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const id = '20000000-0000-4000-8000-000000000001';
const samplePropertyPage: PropertyPage = {
  id,
  reference: 'CO-2HDQ',
  propertyTypeCode: 'PTY001',
  statusCode: null,
  surfaceM2: 102,
  rooms: 3,
  bathrooms: 2,
  floorCode: null,
  orientationCode: null,
  energyCertificationCode: null,
  emissionCertificationCode: null,
  protectedHousingCode: null,
  features: [],
  provinceCode: '46',
  provinceName: 'Valencia/València',
  municipalityCode: '46250',
  municipalityName: 'Valencia',
  street: 'Gran Via de Ferran el Catòlic',
  images: [],
  ownerVerified: false,
  owner: null,
  announcement: null,
};

function Reference({ label }: { label: string }) {
  const query = useProperty(id);
  return <p>{query.data ? `${label}: ${query.data.reference}` : `${label}: cargando`}</p>;
}

describe('GET /api/property/{id}: one fetcher, one cache key', () => {
  it('fetches the page of the property', async () => {
    const api = mockApi({ [`GET /api/property/${id}`]: () => ok(samplePropertyPage) });
    await expect(getProperty(id)).resolves.toEqual(samplePropertyPage);
    expect(api.callsTo('GET', `/api/property/${id}`)).toHaveLength(1);
  });

  it('is silent: the pages that read it show their own error state', async () => {
    mockApi({ [`GET /api/property/${id}`]: () => fail(404, 'NOT_FOUND') });
    await expect(getProperty(id)).rejects.toMatchObject({ status: 404 });
    expect(getToasts()).toHaveLength(0);
  });

  it('is one query for every page that shows the property: one request, one key', async () => {
    const api = mockApi({ [`GET /api/property/${id}`]: () => ok(samplePropertyPage) });
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Reference label="Formulario" />
        <Reference label="Ficha" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(`Formulario: ${samplePropertyPage.reference}`)).toBeInTheDocument();
    expect(screen.getByText(`Ficha: ${samplePropertyPage.reference}`)).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/property/${id}`)).toHaveLength(1);
    expect(client.getQueryData(propertyQueryOptions(id).queryKey)).toEqual(samplePropertyPage);
  });
});
