import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { detailOf, myOffer, renderAt } from '../test-data';

afterEach(() => vi.unstubAllGlobals());

const contractId = '50000000-0000-4000-8000-000000000001';
const selected = myOffer(1, { statusCode: 'OSC002', announcement: { statusCode: 'AST004' } });
const detailPath = `/api/announcement/${selected.announcementId}/offer/${selected.id}`;
const pageUrl = `/offer-detail/${selected.announcementId}/${selected.id}`;

const contract = (announcementId: string, statusCode = 'CST001') => ({
  id: contractId,
  announcementId,
  propertyId: selected.announcement.propertyId,
  kind: 'rental',
  statusCode,
  role: 'tenant',
  title: 'Piso 1',
  municipality: 'Madrid',
  amount: 1200,
  nextActor: 'tenant',
  nextStep: 'fill_tenant',
  updatedAt: '2026-11-22T10:00:00.000Z',
  counterpartName: 'Carmen Ruiz Ortega',
});

/** The way through (issue 13): the chosen candidate reaches the contract from their offer. */
describe('the selected offer links to its contract', () => {
  it('links to the contract of the announcement once the owner has prepared it', async () => {
    mockApi({
      [`GET ${detailPath}`]: () => ok(detailOf(selected, [])),
      'GET /api/contracts': () =>
        ok({
          items: [contract('10000000-0000-4000-8000-000000000099'), contract(selected.announcementId)],
        }),
    });
    renderAt(pageUrl);
    const decision = await screen.findByRole('region', { name: 'Decisión del propietario' });
    expect(await within(decision).findByRole('link', { name: 'Ver el contrato' })).toHaveAttribute(
      'href',
      `/contract/${contractId}`,
    );
  });

  it('shows no link while there is no contract, or only a cancelled one', async () => {
    const api = mockApi({
      [`GET ${detailPath}`]: () => ok(detailOf(selected, [])),
      'GET /api/contracts': () => ok({ items: [contract(selected.announcementId, 'CST005')] }),
    });
    renderAt(pageUrl);
    await screen.findByRole('region', { name: 'Decisión del propietario' });
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/contracts')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Ver el contrato' })).toBeNull();
  });
});
