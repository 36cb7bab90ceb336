import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../app/testing/mock-api';
import { ownerAnnouncement, propertyId, propertyPage, propertySummary, renderAt } from '../test-data';

afterEach(() => vi.unstubAllGlobals());

const page = {
  ...propertyPage,
  owner: {
    validationStatus: 'PSG004',
    validationReason: 'Falta la cédula de habitabilidad',
    streetNumber: '12',
  },
};

describe('/property-detail/:propertyId', () => {
  it('shows the property, its rejection reason, the edit link and its announcements', async () => {
    mockApi({
      [`GET /api/property/${propertyId}`]: () => ok(page),
      'GET /api/announcement/properties': () => ok([propertySummary()]),
      'GET /api/announcement/in-progress': () =>
        ok([
          ownerAnnouncement(1, { title: 'Alquiler del piso', actions: { canWithdraw: true } }),
          ownerAnnouncement(2, {
            title: 'De otro inmueble',
            propertyId: '20000000-0000-4000-8000-000000000999',
          }),
        ]),
    });
    renderAt(`/property-detail/${propertyId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Piso en alquiler en Malasaña, Madrid' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ref. CO-P1 · Calle del Pez 12, Madrid (Madrid)')).toBeInTheDocument();
    expect(screen.getByText('Rechazado')).toBeInTheDocument();
    expect(screen.getByText('Motivo del rechazo: Falta la cédula de habitabilidad')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Editar inmueble' })).toHaveAttribute(
      'href',
      `/new-property/${propertyId}`,
    );

    const item = (await screen.findByRole('heading', { level: 3, name: 'Alquiler del piso' })).closest('li');
    if (!item) throw new Error('no card');
    expect(within(item).getByText('Quedan 12 días')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Retirar' })).toBeInTheDocument();
    expect(screen.queryByText('De otro inmueble')).toBeNull();
    expect(screen.getByRole('link', { name: 'De venta' })).toHaveAttribute(
      'href',
      `/new-announcement-venta/${propertyId}`,
    );
  });

  it('says so when the property cannot be loaded', async () => {
    mockApi({
      [`GET /api/property/${propertyId}`]: () => fail(404, 'NOT_FOUND'),
      'GET /api/announcement/properties': () => ok([]),
      'GET /api/announcement/in-progress': () => ok([]),
    });
    renderAt(`/property-detail/${propertyId}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido cargar el inmueble');
  });
});
