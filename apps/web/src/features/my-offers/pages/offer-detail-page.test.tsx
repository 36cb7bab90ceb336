import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@casaoferta/domain/schemas/offers';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { clearToasts, getToasts } from '../../../shared/ui/toast-store';
import { detailOf, event, myOffer, propertyId, renderAt } from '../test-data';

beforeEach(() => clearToasts());
afterEach(() => vi.unstubAllGlobals());

const rental = myOffer(1, {
  amount: 1250,
  salary: 2400,
  typeContractCode: 'UTC001',
  announcement: { title: 'Ático con terraza', highestOffer: 1250, offersCount: 4 },
});
const detailPath = `/api/announcement/${rental.announcementId}/offer/${rental.id}`;
const withdrawPath = `${detailPath}/withdraw`;
const eventsPath = `/api/announcement/${rental.announcementId}/events`;
const pageUrl = `/offer-detail/${rental.announcementId}/${rental.id}`;

const sent = event('sent', '2026-11-20T09:30:00.000Z', { amount: 1200 });
const modified = event('modified', '2026-11-21T17:05:00.000Z', { amount: 1250 });
const seen = event('seen', '2026-11-22T08:00:00.000Z');

/** An open event stream that sends these events and stays open, as the server's does. */
const stream = (events: LiveEvent[]) => () =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        const text = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
        controller.enqueue(new TextEncoder().encode(text));
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );

describe('/offer-detail', () => {
  it('shows the terms, the position, the timeline with Madrid dates and the actions', async () => {
    mockApi({ [`GET ${detailPath}`]: () => ok(detailOf(rental, [sent, modified, seen])) });
    renderAt(pageUrl);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ático con terraza' })).toBeInTheDocument();
    expect(screen.getByText('Enviada')).toBeInTheDocument();
    expect(screen.getByText('Madrid (Madrid)')).toBeInTheDocument();
    const status = screen.getByRole('status', { name: 'Cómo va' });
    expect(within(status).getByText('Tu oferta es la más alta')).toBeInTheDocument();
    expect(within(status).getByText('Hay 4 ofertas en este anuncio')).toBeInTheDocument();

    const terms = screen.getByRole('region', { name: 'Condiciones' });
    expect(within(terms).getByText('Importe').nextSibling).toHaveTextContent('1.250 €/mes');
    expect(within(terms).getByText('Tipo de contrato').nextSibling).toHaveTextContent('Indefinido');
    expect(within(terms).getByText('Salario neto mensual').nextSibling).toHaveTextContent('2.400 €/mes');
    expect(within(terms).queryByText('Forma de pago')).toBeNull();

    const history = screen.getByRole('list', { name: 'Historial de la oferta' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Oferta enviada: 1.200 €/mes20 nov 2026, 10:30',
      'Oferta modificada: 1.250 €/mes21 nov 2026, 18:05',
      'El propietario ha visto tu oferta22 nov 2026, 9:00',
    ]);
    expect(within(history).getAllByRole('time')[0]).toHaveAttribute('dateTime', sent.at);

    const actions = screen.getByRole('group', { name: 'Acciones de la oferta' });
    expect(within(actions).getByRole('link', { name: 'Modificar oferta' })).toHaveAttribute(
      'href',
      `/property/${propertyId}?afterAction=make-offer%3A${rental.announcementId}`,
    );
    expect(within(actions).getByRole('button', { name: 'Retirar oferta' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Decisión del propietario' })).toBeNull();
  });

  it('shows a sale offer with its mortgage, and no edit once bidding is closed', async () => {
    const sale = myOffer(2, {
      amount: 240_000,
      isHighest: false,
      offerPaymentType: 'OPT001',
      mortgageAmount: 180_000,
      mortgagePreApproved: true,
      reasonPurchaseCode: 'ORP001',
      description: 'Podemos firmar en enero.',
      announcement: {
        title: 'Casa de pueblo',
        typeCode: 'ATY003',
        highestOffer: 250_000,
        statusCode: 'AST003',
      },
    });
    mockApi({
      [`GET /api/announcement/${sale.announcementId}/offer/${sale.id}`]: () =>
        ok(
          detailOf(sale, [
            event('sent', '2026-07-01T10:00:00.000Z', { amount: 240_000 }),
            event('bidding-closed', '2026-07-02T10:00:00.000Z'),
          ]),
        ),
    });
    renderAt(`/offer-detail/${sale.announcementId}/${sale.id}`);
    const terms = await screen.findByRole('region', { name: 'Condiciones' });
    const value = (term: string) => within(terms).getByText(term).nextSibling?.textContent;
    expect(value('Importe')).toBe('240.000 €');
    expect(value('Forma de pago')).toBe('Hipoteca');
    expect(value('Importe de la hipoteca')).toBe('180.000 €');
    expect(value('Hipoteca preaprobada')).toBe('Sí');
    expect(value('Motivo de la compra')).toBe('Vivienda habitual');
    expect(value('Mensaje para el propietario')).toBe('Podemos firmar en enero.');
    const status = screen.getByRole('status', { name: 'Cómo va' });
    expect(within(status).getByText('Hay una oferta más alta: 250.000 €')).toBeInTheDocument();
    expect(
      within(status).getByText('El propietario ha cerrado las ofertas y está decidiendo'),
    ).toBeInTheDocument();
    // Summer time in Madrid: UTC+2.
    expect(screen.getByText('1 jul 2026, 12:00')).toBeInTheDocument();
    expect(screen.getByText('El propietario ha cerrado las ofertas')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Modificar oferta' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Retirar oferta' })).toBeInTheDocument();
  });

  it('asks before withdrawing, then shows the offer withdrawn', async () => {
    const withdrawnAt = '2026-11-23T12:00:00.000Z';
    let withdrawn = false;
    const api = mockApi({
      [`GET ${detailPath}`]: () =>
        ok(
          withdrawn
            ? detailOf({ ...rental, statusCode: 'OSC003', isHighest: false }, [
                sent,
                modified,
                seen,
                event('withdrawn', withdrawnAt),
              ])
            : detailOf(rental, [sent, modified, seen]),
        ),
      [`PUT ${withdrawPath}`]: () => {
        withdrawn = true;
        return ok({ ...rental, statusCode: 'OSC003', isHighest: false });
      },
    });
    const user = userEvent.setup();
    renderAt(pageUrl);
    const withdraw = await screen.findByRole('button', { name: 'Retirar oferta' });
    await user.click(withdraw);
    const dialog = screen.getByRole('dialog', { name: '¿Retirar tu oferta?' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(withdraw).toHaveFocus();
    expect(api.callsTo('PUT', withdrawPath)).toHaveLength(0);

    await user.click(withdraw);
    await user.click(screen.getByRole('button', { name: 'Sí, retirar' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain('Has retirado tu oferta'),
    );
    expect(api.callsTo('PUT', withdrawPath)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Retirada')).toBeInTheDocument();
    expect(screen.getByText(/Has retirado esta oferta/)).toBeInTheDocument();
    expect(await screen.findByText('Has retirado la oferta')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retirar oferta' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Modificar oferta' })).toBeNull();
    // The announcement still takes offers: a new one is possible.
    expect(screen.getByRole('link', { name: 'Hacer una oferta nueva' })).toHaveAttribute(
      'href',
      `/property/${propertyId}?afterAction=make-offer%3A${rental.announcementId}`,
    );
    expect(screen.queryByText(/oferta es la más alta/)).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('keeps the offer when the owner decided first (409) and shows the decision', async () => {
    let decided = false;
    mockApi({
      [`GET ${detailPath}`]: () =>
        ok(
          decided
            ? detailOf({ ...rental, statusCode: 'OSC002' }, [
                sent,
                event('selected', '2026-11-23T11:00:00.000Z'),
              ])
            : detailOf(rental, [sent]),
        ),
      [`PUT ${withdrawPath}`]: () => {
        decided = true;
        return fail(409, 'OFFER_NOT_ACTIVE');
      },
    });
    const user = userEvent.setup();
    renderAt(pageUrl);
    await user.click(await screen.findByRole('button', { name: 'Retirar oferta' }));
    await user.click(screen.getByRole('button', { name: 'Sí, retirar' }));
    expect(await screen.findByText('¡El propietario ha elegido tu oferta!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]?.kind).toBe('error');
    expect(screen.queryByRole('button', { name: 'Retirar oferta' })).toBeNull();
  });

  it('shows the decision and the reason the owner picked when another offer was chosen', async () => {
    const notSelected = myOffer(3, {
      statusCode: 'OSC004',
      isHighest: false,
      decisionReasonCode: 'ODR003',
      announcement: { title: 'Estudio en Lavapiés', statusCode: 'AST004', highestOffer: 1300 },
    });
    mockApi({
      [`GET /api/announcement/${notSelected.announcementId}/offer/${notSelected.id}`]: () =>
        ok(
          detailOf(notSelected, [
            sent,
            event('bidding-closed', '2026-11-22T10:00:00.000Z'),
            event('not-selected', '2026-11-23T10:00:00.000Z', { reasonCode: 'ODR003' }),
          ]),
        ),
    });
    renderAt(`/offer-detail/${notSelected.announcementId}/${notSelected.id}`);
    const decision = await screen.findByRole('region', { name: 'Decisión del propietario' });
    expect(within(decision).getByText('El propietario ha elegido otra oferta')).toBeInTheDocument();
    expect(within(decision).getByText('Motivo: La solvencia')).toBeInTheDocument();
    expect(screen.getByText('No seleccionada')).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'Historial de la oferta' });
    expect(within(history).getAllByRole('listitem').at(-1)).toHaveTextContent(
      'El propietario ha elegido otra ofertaMotivo: La solvencia23 nov 2026, 11:00',
    );
    expect(screen.getByText('El propietario ya ha decidido')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retirar oferta' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Modificar oferta' })).toBeNull();
  });

  it('shows the chosen offer as chosen, with the counts of the choice, not as "la más alta" (issue 23)', async () => {
    // Chosen at 1.150 over another offer of 1.250: the announcement still has 2 offers and its highest is 1.250.
    const chosen = myOffer(4, {
      amount: 1150,
      statusCode: 'OSC002',
      isHighest: false,
      announcement: { title: 'Piso con balcón', statusCode: 'AST004', highestOffer: 1250, offersCount: 2 },
    });
    mockApi({
      [`GET /api/announcement/${chosen.announcementId}/offer/${chosen.id}`]: () =>
        ok(detailOf(chosen, [sent, event('selected', '2026-11-23T11:00:00.000Z')])),
    });
    renderAt(`/offer-detail/${chosen.announcementId}/${chosen.id}`);
    expect(await screen.findByText('¡El propietario ha elegido tu oferta!')).toBeInTheDocument();
    expect(screen.getByText('Seleccionada')).toBeInTheDocument();
    expect(screen.getByText('Hay 2 ofertas en este anuncio')).toBeInTheDocument();
    expect(screen.queryByText('Tu oferta es la más alta')).toBeNull();
    expect(screen.queryByText(/Hay una oferta más alta/)).toBeNull();
  });

  it('says when the offer does not exist or is not mine (404)', async () => {
    mockApi({ [`GET ${detailPath}`]: () => fail(404, 'NOT_FOUND') });
    renderAt(pageUrl);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontramos esta oferta' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a mis ofertas' })).toHaveAttribute('href', '/my-offers');
    expect(getToasts()).toHaveLength(0);
  });

  it('follows the announcement live: a higher offer elsewhere changes the position without reload', async () => {
    const api = mockApi({
      [`GET ${detailPath}`]: () => ok(detailOf(rental, [sent, modified])),
      [`GET ${eventsPath}`]: stream([
        {
          type: 'summary',
          announcementId: rental.announcementId,
          statusCode: 'AST001',
          highestOffer: 1400,
          offersCount: 5,
        },
      ]),
    });
    renderAt(pageUrl);
    const status = await screen.findByRole('status', { name: 'Cómo va' });
    expect(await within(status).findByText('Hay una oferta más alta: 1.400 €/mes')).toBeInTheDocument();
    expect(within(status).getByText('Hay 5 ofertas en este anuncio')).toBeInTheDocument();
    expect(api.callsTo('GET', detailPath)).toHaveLength(1);
  });

  it('loads the offer again when an event is about it (the owner decided)', async () => {
    let decided = false;
    const api = mockApi({
      [`GET ${detailPath}`]: () =>
        ok(
          decided
            ? detailOf({ ...rental, statusCode: 'OSC004', isHighest: false, decisionReasonCode: 'ODR002' }, [
                sent,
                event('not-selected', '2026-11-23T10:00:00.000Z', { reasonCode: 'ODR002' }),
              ])
            : detailOf(rental, [sent]),
        ),
      [`GET ${eventsPath}`]: () => {
        decided = true;
        return stream([
          {
            type: 'your-offer',
            announcementId: rental.announcementId,
            offerId: rental.id,
            kind: 'not-selected',
            statusCode: 'OSC004',
          },
        ])();
      },
    });
    renderAt(pageUrl);
    const decision = await screen.findByRole('region', { name: 'Decisión del propietario' });
    expect(within(decision).getByText('Motivo: El precio ofrecido')).toBeInTheDocument();
    expect(api.callsTo('GET', detailPath)).toHaveLength(2);
  });
});
