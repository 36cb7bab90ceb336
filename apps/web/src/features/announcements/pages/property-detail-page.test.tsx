import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
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
  it('links to the published announcement when one is on show', async () => {
    mockApi({
      [`GET /api/property/${propertyId}`]: () =>
        ok({
          ...propertyPage,
          owner: { ...propertyPage.owner, live: true, revision: 1, pendingRevision: null },
        }),
      'GET /api/announcement/properties': () => ok([propertySummary()]),
      'GET /api/announcement/in-progress': () => ok([ownerAnnouncement(1, { title: 'Alquiler del piso' })]),
    });
    renderAt(`/property-detail/${propertyId}`);
    expect(await screen.findByRole('link', { name: 'Ver el anuncio publicado' })).toHaveAttribute(
      'href',
      `/property/${propertyId}`,
    );
    // Published with 3 offers: the way to them.
    expect(await screen.findByRole('link', { name: 'Ver ofertas (3)' })).toHaveAttribute(
      'href',
      `/property/${propertyId}/offers`,
    );
  });

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
    // Nothing of it is on show.
    expect(screen.queryByRole('link', { name: 'Ver el anuncio publicado' })).toBeNull();

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

  it('says when the owner’s last changes wait for review or were not approved (decision 011)', async () => {
    const withRevision = (pendingRevision: object) => ({
      ...propertyPage,
      owner: { ...propertyPage.owner, live: true, revision: 4, pendingRevision },
    });
    const revision = { reason: null, submittedAt: '2026-11-20T10:00:00.000Z', fields: {} };
    mockApi({
      [`GET /api/property/${propertyId}`]: () => ok(withRevision({ ...revision, status: 'pending' })),
      'GET /api/announcement/properties': () => ok([propertySummary({ revisionStatus: 'pending' })]),
      'GET /api/announcement/in-progress': () => ok([]),
    });
    const view = renderAt(`/property-detail/${propertyId}`);
    expect(
      await screen.findByText(
        'Tienes cambios del inmueble pendientes de revisión. Mientras tanto se muestran los datos validados.',
      ),
    ).toBeInTheDocument();
    view.unmount();

    mockApi({
      [`GET /api/property/${propertyId}`]: () =>
        ok(withRevision({ ...revision, status: 'rejected', reason: 'Las fotos no son del inmueble' })),
      'GET /api/announcement/properties': () => ok([propertySummary({ revisionStatus: 'rejected' })]),
      'GET /api/announcement/in-progress': () => ok([]),
    });
    renderAt(`/property-detail/${propertyId}`);
    expect(
      await screen.findByText(
        'No hemos aprobado tus últimos cambios del inmueble: Las fotos no son del inmueble. Se siguen mostrando los datos validados.',
      ),
    ).toBeInTheDocument();
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
