import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tenantRentalSolvency } from '@casaoferta/domain/rules/solvency';
import { SessionContext } from '../shared/session';
import { json, mockApi, ok } from '../test/mock-api';
import {
  announcementId,
  loggedSession,
  management,
  mastersRoute,
  myOffer,
  propertyId,
  sampleProperty,
  visitAnnouncement,
} from '../features/make-offer/test-data';
import PropertyRoute from './property-route';

const solvencyPath = `/api/announcement/${announcementId}/solvency`;

function renderRoute(search = '') {
  return render(
    <SessionContext.Provider value={loggedSession(true)}>
      <MemoryRouter initialEntries={[`/property/${propertyId}${search}`]}>
        <Routes>
          <Route path="/property/:id" element={<PropertyRoute />} />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

// The offer dialogs are a lazy chunk: loaded once here, so no test waits for its transform.
beforeAll(async () => {
  await import('../features/make-offer/components/offer-flow');
});
beforeEach(() => vi.stubGlobal('scrollTo', vi.fn()));
afterEach(() => vi.unstubAllGlobals());

describe('/property/:id as the app composes it', () => {
  it('adds the solvency box under the page once the rental is shown', async () => {
    mockApi({
      [`GET /api/property/${propertyId}`]: () => ok(sampleProperty()),
      [`GET ${solvencyPath}`]: () =>
        ok(tenantRentalSolvency(1000, { tenant: 3000, coHolders: [], guarantors: [] })),
    });
    renderRoute();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Piso en alquiler en Malasaña',
    );
    const box = await screen.findByRole('region', { name: 'Tu solvencia para este alquiler' });
    expect(await within(box).findByText('Solvente')).toBeInTheDocument();
  });

  it("reopens the visit request's dialog after the login (afterAction request-visit:<id>, issue 23)", async () => {
    const property = sampleProperty(visitAnnouncement);
    mockApi({
      ...mastersRoute,
      [`GET /api/property/${propertyId}`]: () => ok(property),
      'GET /api/tenant/offers': () => ok([]),
      [`POST /api/announcement/${announcementId}/pending-offers`]: () => ok(management(property)),
    });
    renderRoute(`?afterAction=request-visit%3A${announcementId}`);
    expect(await screen.findByRole('dialog', { name: 'Solicitud de visita' })).toBeInTheDocument();
  });

  it('shows its owner no solvency box', async () => {
    const api = mockApi({
      [`GET /api/property/${propertyId}`]: () =>
        ok({
          ...sampleProperty(),
          owner: {
            streetNumber: '12',
            door: '3B',
            postalCode: '28004',
            floorCode: null,
            blockCode: null,
            stageCode: null,
            validationStatus: 'PSG003',
            validationReason: null,
            live: true,
            revision: 1,
            pendingRevision: null,
          },
        }),
    });
    renderRoute();
    expect(await screen.findByRole('link', { name: 'Gestionar anuncio' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', solvencyPath)).toHaveLength(0));
    expect(screen.queryByRole('region', { name: 'Tu solvencia para este alquiler' })).toBeNull();
  });

  it('asks the solvency box again once an offer is sent: it judges the offer, as the owner will (issue 23)', async () => {
    const user = userEvent.setup();
    const property = sampleProperty();
    const household = { tenant: 2000, coHolders: [], guarantors: [] };
    let rent = 800;
    const api = mockApi({
      ...mastersRoute,
      [`GET /api/property/${propertyId}`]: () => ok(property),
      [`GET ${solvencyPath}`]: () => ok(tenantRentalSolvency(rent, household)),
      'GET /api/tenant/offers': () => ok([]),
      [`POST /api/announcement/${announcementId}/offers`]: () =>
        json(201, { data: myOffer(property, { amount: 1100 }) }),
    });
    renderRoute();
    const box = await screen.findByRole('region', { name: 'Tu solvencia para este alquiler' });
    expect(await within(box).findByText('Solvencia ajustada')).toBeInTheDocument();
    rent = 700;
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hacer oferta' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar oferta' }));
    await screen.findByRole('dialog', { name: 'Tu oferta se ha enviado' });
    const again = await screen.findByRole('region', { name: 'Tu solvencia para este alquiler' });
    expect(await within(again).findByText('Solvente')).toBeInTheDocument();
    expect(api.callsTo('GET', solvencyPath)).toHaveLength(2);
  });
});
