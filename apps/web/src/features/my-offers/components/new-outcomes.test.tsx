import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { detailOf, event, myOffer, renderAt } from '../test-data';

afterEach(() => vi.unstubAllGlobals());

const rentals = '/api/announcement/offers/search';
const notChosen = myOffer(1, {
  statusCode: 'OSC004',
  decisionReasonCode: 'ODR002',
  amount: 1100,
  isHighest: false,
  announcement: { title: 'Ático con terraza', statusCode: 'AST004' },
});
const chosen = myOffer(2, {
  statusCode: 'OSC002',
  announcement: { title: 'Estudio en Lavapiés', statusCode: 'AST004' },
});
const detailPath = `/api/announcement/${notChosen.announcementId}/offer/${notChosen.id}`;

describe('/my-offers: decisions not opened yet (issue 23)', () => {
  it('shows each outcome with the owner’s reason above the lists, until the candidate opens it', async () => {
    let news = [notChosen, chosen];
    const api = mockApi({
      'GET /api/tenant/offers': () => ok(news),
      [`POST ${rentals}`]: () => ok({ items: [], nextCursor: null }),
      [`GET ${detailPath}`]: () => {
        // The server marks the outcome seen when the offer is opened.
        news = news.filter((offer) => offer.id !== notChosen.id);
        return ok(
          detailOf(notChosen, [
            event('sent', '2026-11-20T09:30:00.000Z', { amount: 1100 }),
            event('not-selected', '2026-11-24T10:00:00.000Z', { reasonCode: 'ODR002' }),
          ]),
        );
      },
    });
    const user = userEvent.setup();
    renderAt('/my-offers');
    const section = await screen.findByRole('region', { name: 'Novedades de tus ofertas' });
    expect(api.callsTo('GET', '/api/tenant/offers')[0]?.url.searchParams.get('outcome')).toBe('unseen');
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('El propietario ha elegido otra oferta')).toBeInTheDocument();
    expect(first.getByText('Ático con terraza')).toBeInTheDocument();
    expect(first.getByText('Motivo: El precio ofrecido')).toBeInTheDocument();
    expect(first.getByText('Tu oferta: 1.100 €/mes')).toBeInTheDocument();
    const second = within(items[1] as HTMLElement);
    expect(second.getByText('¡El propietario ha elegido tu oferta!')).toBeInTheDocument();
    expect(
      second.getByRole('link', { name: 'Ver los siguientes pasos: Estudio en Lavapiés' }),
    ).toHaveAttribute('href', `/offer-detail/${chosen.announcementId}/${chosen.id}`);
    // Where the candidate looks first: before the tabs and the empty list.
    const empty = await screen.findByRole('heading', { name: 'No tienes ofertas activas' });
    expect(section.compareDocumentPosition(empty) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      section.compareDocumentPosition(screen.getByRole('tablist')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    await user.click(first.getByRole('link', { name: 'Ver detalle: Ático con terraza' }));
    expect(await screen.findAllByText('Motivo: El precio ofrecido')).not.toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Volver a mis ofertas' }));
    const after = await screen.findByRole('region', { name: 'Novedades de tu oferta' });
    expect(within(after).getAllByRole('listitem')).toHaveLength(1);
    expect(within(after).queryByText('Ático con terraza')).not.toBeInTheDocument();
  });

  it('shows nothing when no decision is waiting to be seen', async () => {
    mockApi({
      'GET /api/tenant/offers': () => ok([]),
      [`POST ${rentals}`]: () => ok({ items: [], nextCursor: null }),
    });
    renderAt('/my-offers');
    expect(await screen.findByRole('heading', { name: 'No tienes ofertas activas' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: /Novedades/ })).not.toBeInTheDocument());
  });
});
