import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PropertyPage, ViewerOffer } from '@casaoferta/domain/schemas/listings';
import { anonymousSession } from '../../../shared/session';
import { fail, json, mockApi, ok } from '../../../test/mock-api';
import {
  announcementId,
  loggedSession,
  management,
  mastersRoute,
  myOffer,
  myOfferId,
  renderOfferAction,
  sampleProperty,
  visitAnnouncement,
} from '../test-data';

// Issue 23 points 4, 9, 10 and 14 on the offer button of /property/:id.

const myOffersRoute = 'GET /api/tenant/offers';
const pendingRoute = `POST /api/announcement/${announcementId}/pending-offers`;
const offersRoute = `POST /api/announcement/${announcementId}/offers`;
const withdrawRoute = `PUT /api/announcement/${announcementId}/offer/${myOfferId}/withdraw`;

const dialog = (name: string) => screen.findByRole('dialog', { name });
/** The own offer's line (a status: it changes live); the harness's <output> is one too. */
const queryOwnStatus = () => screen.queryAllByRole('status').find((el) => el.tagName === 'P') ?? null;
const ownStatus = () => {
  const status = queryOwnStatus();
  if (!status) throw new Error('no own offer status');
  return status;
};

const holding = (property: PropertyPage, offer: Partial<ViewerOffer> = {}): PropertyPage => ({
  ...property,
  yourOffer: {
    id: myOfferId,
    amount: 1150,
    statusCode: 'OSC001',
    isVisitRequest: false,
    isHighest: true,
    ...offer,
  },
});

beforeAll(async () => {
  await import('./offer-flow');
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("the candidate's own offer on the property page (point 4)", () => {
  it("shows 'Tu oferta: … · la más alta' instead of 'Hacer oferta', and Modificar opens 'Modificar oferta' at my amount", async () => {
    const user = userEvent.setup();
    const property = holding(sampleProperty({ highestOffer: 1150 }));
    mockApi({ ...mastersRoute, [myOffersRoute]: () => ok([myOffer(property, { amount: 1150 })]) });
    renderOfferAction(property);

    expect(ownStatus()).toHaveTextContent('Tu oferta: 1.150 €/mes · la más alta');
    expect(screen.queryByRole('button', { name: 'Hacer oferta' })).not.toBeInTheDocument();
    const modify = screen.getByRole('button', { name: 'Modificar' });
    expect(modify).toHaveAccessibleDescription('Tu oferta: 1.150 €/mes · la más alta');
    expect(screen.getByRole('button', { name: 'Retirar' })).toBeInTheDocument();

    await user.click(modify);
    const edit = await dialog('Modificar oferta');
    expect(within(edit).getByRole('textbox', { name: /Tu oferta/ })).toHaveValue('1.150');
  });

  it("says '· hay una más alta' when another offer is above mine", () => {
    const property = holding(sampleProperty({ highestOffer: 1200 }), { isHighest: false });
    mockApi({});
    renderOfferAction(property);
    expect(ownStatus()).toHaveTextContent('Tu oferta: 1.150 €/mes · hay una más alta');
  });

  it("withdraws after a confirmation, then the page shows 'Hacer oferta' again with the focus on it", async () => {
    const user = userEvent.setup();
    const property = holding(sampleProperty());
    const onOfferSent = vi.fn();
    const api = mockApi({
      [withdrawRoute]: () => ok(myOffer(property, { amount: 1150, statusCode: 'OSC003' })),
    });
    renderOfferAction(property, { onOfferSent });

    await user.click(screen.getByRole('button', { name: 'Retirar' }));
    const confirm = await dialog('¿Retirar tu oferta?');
    // The safe choice first: cancelling changes nothing.
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(
      api.callsTo('PUT', `/api/announcement/${announcementId}/offer/${myOfferId}/withdraw`),
    ).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Retirar' }));
    await user.click(
      within(await dialog('¿Retirar tu oferta?')).getByRole('button', { name: 'Sí, retirar' }),
    );
    const again = await screen.findByRole('button', { name: 'Hacer oferta' });
    expect(
      api.callsTo('PUT', `/api/announcement/${announcementId}/offer/${myOfferId}/withdraw`),
    ).toHaveLength(1);
    expect(queryOwnStatus()).not.toBeInTheDocument();
    expect(onOfferSent).toHaveBeenCalledOnce();
    await waitFor(() => expect(again).toHaveFocus());
  });

  it('says so when the offer was no longer current, and reads the page again', async () => {
    const user = userEvent.setup();
    const property = holding(sampleProperty());
    const onOfferSent = vi.fn();
    mockApi({ [withdrawRoute]: () => fail(409, 'OFFER_NOT_ACTIVE') });
    renderOfferAction(property, { onOfferSent });
    await user.click(screen.getByRole('button', { name: 'Retirar' }));
    await user.click(
      within(await dialog('¿Retirar tu oferta?')).getByRole('button', { name: 'Sí, retirar' }),
    );
    await waitFor(() => expect(onOfferSent).toHaveBeenCalledOnce());
    expect(screen.queryByRole('dialog', { name: '¿Retirar tu oferta?' })).not.toBeInTheDocument();
  });

  it("shows a visit request as 'Has pedido visita' with Retirar only", async () => {
    const user = userEvent.setup();
    const property = holding(sampleProperty(visitAnnouncement), {
      amount: 0,
      isVisitRequest: true,
      isHighest: false,
    });
    mockApi({ [withdrawRoute]: () => ok(myOffer(property, { amount: 0, statusCode: 'OSC003' })) });
    renderOfferAction(property);
    expect(screen.getByText('Has pedido visita')).toBeInTheDocument();
    expect(screen.queryByText(/Tu oferta/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modificar' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retirar' }));
    const confirm = await dialog('¿Retirar tu solicitud de visita?');
    await user.click(within(confirm).getByRole('button', { name: 'Sí, retirar' }));
    expect(await screen.findByRole('button', { name: 'Solicitar visita' })).toHaveFocus();
  });

  it('leads a selected offer to its page instead of changing it here', () => {
    const property = holding(sampleProperty(), { statusCode: 'OSC002' });
    mockApi({});
    renderOfferAction(property);
    expect(ownStatus()).toHaveTextContent('Tu oferta: 1.150 €/mes · elegida');
    expect(screen.getByRole('link', { name: 'Ver mi oferta' })).toHaveAttribute(
      'href',
      `/offer-detail/${announcementId}/${myOfferId}`,
    );
    expect(screen.queryByRole('button', { name: 'Retirar' })).not.toBeInTheDocument();
  });
});

describe('the buttons say what they do (point 10) and a visit speaks of a visit (point 9)', () => {
  it("'Enviar oferta' sends straight from the price step with a complete profile", async () => {
    const user = userEvent.setup();
    const property = sampleProperty();
    const api = mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [offersRoute]: () => json(201, { data: myOffer(property, { amount: 1100 }) }),
    });
    renderOfferAction(property, { session: loggedSession(true) });
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    const offer = await dialog('Hacer oferta');
    expect(within(offer).queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Enviar oferta' }));
    expect(await dialog('Tu oferta se ha enviado')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/announcement/${announcementId}/offers`)).toHaveLength(1);
  });

  it("'Siguiente' where the management dialog follows, then 'Enviar oferta' where it sends", async () => {
    const user = userEvent.setup();
    const property = sampleProperty();
    mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [pendingRoute]: () => ok(management(property)),
    });
    renderOfferAction(property);
    await user.click(screen.getByRole('button', { name: 'Hacer oferta' }));
    await user.click(within(await dialog('Hacer oferta')).getByRole('button', { name: 'Siguiente' }));
    const form = await dialog('Hacer oferta');
    expect(await within(form).findByRole('group', { name: 'Situación laboral' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Enviar oferta' })).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
  });

  it("asks a visit request's data with 'Enviar solicitud' and never of an offer", async () => {
    const user = userEvent.setup();
    const property = sampleProperty(visitAnnouncement);
    mockApi({
      ...mastersRoute,
      [myOffersRoute]: () => ok([]),
      [pendingRoute]: () => ok(management(property)),
      [offersRoute]: () => fail(409, 'OFFER_ALREADY_ACTIVE'),
    });
    renderOfferAction(property);
    await user.click(screen.getByRole('button', { name: 'Solicitar visita' }));
    const form = await dialog('Solicitud de visita');
    expect(within(form).getByText(/valorar tu solicitud de visita/)).toBeInTheDocument();
    expect(within(form).queryByText(/oferta/i)).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /DNI, NIF o NIE/ }), '12345678Z');
    await user.selectOptions(within(form).getByRole('combobox', { name: /Tipo de contrato/ }), 'Indefinido');
    await user.type(within(form).getByRole('textbox', { name: /Salario neto mensual/ }), '1800');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Ya has pedido visita en este anuncio');
    expect(within(form).queryByText(/oferta/i)).not.toBeInTheDocument();
  });
});

describe('a visitor is told what the login is for (point 14)', () => {
  it('sends a visit request to the login with its own afterAction', async () => {
    const user = userEvent.setup();
    mockApi({ ...mastersRoute });
    renderOfferAction(sampleProperty(visitAnnouncement), { session: anonymousSession });
    await user.click(screen.getByRole('button', { name: 'Solicitar visita' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/login?redirectTo=%2Fproperty%2F${sampleProperty().id}&afterAction=request-visit%3A${announcementId}`,
      ),
    );
  });
});
