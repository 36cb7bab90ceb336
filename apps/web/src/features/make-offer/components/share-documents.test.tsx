import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TenantDocument, TenantProfile } from '@casaoferta/domain/schemas/tenant';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockApi, ok } from '../../../test/mock-api';
import {
  announcementId,
  loggedSession,
  mastersRoute,
  myOffer,
  myOfferId,
  renderOfferAction,
  sampleProperty,
} from '../test-data';

/** Issue 23 point 7: sharing my documents with the owner, asked in the offer flow. */
const myOffersRoute = 'GET /api/tenant/offers';
const offersRoute = `POST /api/announcement/${announcementId}/offers`;
const tenantRoute = 'GET /api/tenant';
const shareOf = (announcement: string, offer: string) =>
  `/api/announcement/${announcement}/offer/${offer}/documents-share`;
const lastAnnouncement = '30000000-0000-4000-8000-000000000009';
const lastOfferId = '40000000-0000-4000-8000-000000000009';
const consent = 'Compartir mi documentación con el propietario';

const doc = (n: number, kindCode: TenantDocument['kindCode'], fileName: string): TenantDocument => ({
  id: `60000000-0000-4000-8000-00000000000${n}`,
  kindCode,
  fileName,
  contentType: 'application/pdf',
  size: 250_000,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const tenant = (documents: TenantDocument[]): TenantProfile => ({
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
  documents,
  completeness: {
    hasTenantProfileCompleted: true,
    hasTenantProfileCompletedToOffer: true,
    hasProfileCompletedToSaleOffer: true,
  },
  updatedAt: '2026-11-20T10:00:00.000Z',
});

const withDocuments = () => tenant([doc(2, 'TDK002', 'nomina-octubre.pdf'), doc(1, 'TDK001', 'dni.pdf')]);

/** My offers lists (rentals and sales, newest first): `last` is my newest offer, if any. */
const searchRoutes = (last: { id: string; announcementId: string } | null) => {
  const items = last
    ? [{ ...myOffer(sampleProperty(), { amount: 900 }), id: last.id, announcementId: last.announcementId }]
    : [];
  return {
    'POST /api/announcement/offers/search': () => ok({ items, nextCursor: null }),
    'POST /api/announcement/offers/sale-search': () => ok({ items: [], nextCursor: null }),
  };
};

const shared = (value: boolean) => () =>
  ok({ shared: value, sharedAt: value ? '2026-11-20T10:00:00.000Z' : null });

beforeAll(async () => {
  await import('./offer-flow');
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const openOffer = async (name = 'Hacer oferta') => {
  const user = userEvent.setup();
  renderOfferAction(sampleProperty(), { session: loggedSession(true) });
  await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
  return { user, dialog: await screen.findByRole('dialog', { name }) };
};

describe('sharing my documentation in the offer flow (issue 23 point 7)', () => {
  it('is not offered to a candidate without documents, and the offer says nothing of sharing', async () => {
    const api = mockApi({
      ...mastersRoute,
      ...searchRoutes(null),
      [myOffersRoute]: () => ok([]),
      [tenantRoute]: () => ok(tenant([])),
      [offersRoute]: () => json(201, { data: myOffer(sampleProperty(), { amount: 1100 }) }),
    });
    const { user, dialog } = await openOffer();
    await waitFor(() => expect(api.callsTo('GET', '/api/tenant')).toHaveLength(1));
    expect(within(dialog).queryByRole('checkbox', { name: consent })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar oferta' }));
    await screen.findByRole('dialog', { name: 'Tu oferta se ha enviado' });
    expect(api.calls.filter((call) => call.url.pathname.endsWith('/documents-share'))).toHaveLength(0);
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)[0]?.body).not.toHaveProperty(
      'shareDocuments',
    );
  });

  it('lists my documents by kind, unchecked without a previous choice, and the offer request carries the tick', async () => {
    const api = mockApi({
      ...mastersRoute,
      ...searchRoutes(null),
      [myOffersRoute]: () => ok([]),
      [tenantRoute]: () => ok(withDocuments()),
      [offersRoute]: () => json(201, { data: myOffer(sampleProperty(), { amount: 1100 }) }),
    });
    const { user, dialog } = await openOffer();
    const box = await within(dialog).findByRole('checkbox', { name: consent });
    expect(box).not.toBeChecked();
    const list = within(dialog).getByRole('list', { name: 'Documentos que verá el propietario' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Documento de identidad dni.pdf',
      'Nóminas nomina-octubre.pdf',
    ]);
    // The same legal text as the offer's detail.
    expect(within(dialog).getByText(/Cada descarga queda registrada/)).toBeInTheDocument();
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar oferta' }));
    await screen.findByRole('dialog', { name: 'Tu oferta se ha enviado' });
    // One request: the offer with the choice (decision 029), no second call.
    const offers = api.callsTo('POST', `/api/announcement/${announcementId}/offers`);
    expect(offers).toHaveLength(1);
    expect(offers[0]?.body).toMatchObject({ amount: 1100, shareDocuments: true });
    expect(api.callsTo('PUT', shareOf(announcementId, myOfferId))).toHaveLength(0);
  });

  it('sends an unticked box as not shared, and a refused offer leaves the choice to the next try', async () => {
    let refuse = true;
    const api = mockApi({
      ...mastersRoute,
      ...searchRoutes(null),
      [myOffersRoute]: () => ok([]),
      [tenantRoute]: () => ok(withDocuments()),
      [offersRoute]: () =>
        refuse
          ? json(409, { errors: [{ code: 'OFFER_ALREADY_ACTIVE', message: 'x' }] })
          : json(201, { data: myOffer(sampleProperty(), { amount: 1100 }) }),
    });
    const { user, dialog } = await openOffer();
    const box = await within(dialog).findByRole('checkbox', { name: consent });
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar oferta' }));
    await within(dialog).findByText(/Ya tienes una oferta/);
    // The refusal is the offer's: nothing was shared apart from it, and the box keeps its tick.
    expect(api.calls.filter((call) => call.url.pathname.endsWith('/documents-share'))).toHaveLength(0);
    expect(box).toBeChecked();
    await user.click(box);
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Enviar oferta' }));
    await screen.findByRole('dialog', { name: 'Tu oferta se ha enviado' });
    const bodies = api.callsTo('POST', `/api/announcement/${announcementId}/offers`).map((call) => call.body);
    expect(bodies).toEqual([
      expect.objectContaining({ shareDocuments: true }),
      expect.objectContaining({ shareDocuments: false }),
    ]);
  });

  it('starts ticked when I shared my last offer, and unticked when I stopped sharing it', async () => {
    mockApi({
      ...mastersRoute,
      ...searchRoutes({ id: lastOfferId, announcementId: lastAnnouncement }),
      [myOffersRoute]: () => ok([]),
      [tenantRoute]: () => ok(withDocuments()),
      [`GET ${shareOf(lastAnnouncement, lastOfferId)}`]: shared(true),
    });
    const first = await openOffer();
    expect(await within(first.dialog).findByRole('checkbox', { name: consent })).toBeChecked();
    cleanup();
    vi.unstubAllGlobals();

    mockApi({
      ...mastersRoute,
      ...searchRoutes({ id: lastOfferId, announcementId: lastAnnouncement }),
      [myOffersRoute]: () => ok([]),
      [tenantRoute]: () => ok(withDocuments()),
      [`GET ${shareOf(lastAnnouncement, lastOfferId)}`]: shared(false),
    });
    const second = await openOffer();
    expect(await within(second.dialog).findByRole('checkbox', { name: consent })).not.toBeChecked();
  });

  it('shows the current choice when editing, and the edit carries the new one', async () => {
    const property = sampleProperty();
    const api = mockApi({
      ...mastersRoute,
      ...searchRoutes(null),
      [myOffersRoute]: () => ok([myOffer(property, { amount: 1080 })]),
      [tenantRoute]: () => ok(withDocuments()),
      [`GET ${shareOf(announcementId, myOfferId)}`]: shared(true),
      [offersRoute]: () => json(200, { data: myOffer(property, { amount: 1100 }) }),
    });
    const { user, dialog } = await openOffer('Modificar oferta');
    const box = await within(dialog).findByRole('checkbox', { name: consent });
    expect(box).toBeChecked();
    // An edit reads the offer's own consent, not my last offer's.
    expect(api.callsTo('POST', '/api/announcement/offers/search')).toHaveLength(0);
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar oferta' }));
    await screen.findByRole('dialog', { name: 'Tu oferta se ha modificado' });
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)[0]?.body).toMatchObject({
      shareDocuments: false,
    });
    expect(api.callsTo('PUT', shareOf(announcementId, myOfferId))).toHaveLength(0);
  });
});
