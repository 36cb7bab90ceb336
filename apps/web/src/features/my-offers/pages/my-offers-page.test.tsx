import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { myOffer, renderAt } from '../test-data';

afterEach(() => vi.unstubAllGlobals());

const rentals = '/api/announcement/offers/search';
const sales = '/api/announcement/offers/sale-search';

const highest = myOffer(1, { announcement: { title: 'Ático con terraza', offersCount: 4 } });
const outbid = myOffer(2, {
  amount: 1100,
  isHighest: false,
  announcement: { title: 'Estudio en Lavapiés', highestOffer: 1300, municipalityName: 'Getafe' },
});
const visit = myOffer(3, {
  amount: 0,
  isVisitRequest: true,
  isHighest: false,
  announcement: { title: 'Casa con jardín', offerTypeCode: 'AOT002', highestOffer: null, offersCount: 2 },
});
const closedBidding = myOffer(4, {
  announcement: { title: 'Dúplex en Chamberí', statusCode: 'AST003' },
});

const card = (title: string) => {
  const item = screen.getByRole('heading', { name: title }).closest('li');
  if (!item) throw new Error(`no card for ${title}`);
  return within(item);
};

const page = (items: unknown[], nextCursor: string | null = null) => ok({ items, nextCursor });

describe('/my-offers', () => {
  it('shows each rental offer with its status, my amount against the highest and the count', async () => {
    const api = mockApi({ [`POST ${rentals}`]: () => page([highest, outbid, visit, closedBidding]) });
    renderAt('/my-offers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ofertas realizadas' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Ático con terraza' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Alquiler' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: 'Activas' })).toBeChecked();
    expect(api.callsTo('POST', rentals)[0]?.body).toEqual({ status: 'active', limit: 10 });

    const atico = card('Ático con terraza');
    expect(atico.getByRole('link', { name: 'Ático con terraza' })).toHaveAttribute(
      'href',
      `/offer-detail/${highest.announcementId}/${highest.id}`,
    );
    expect(atico.getByText('Madrid (Madrid)')).toBeInTheDocument();
    expect(atico.getByText('Enviada')).toBeInTheDocument();
    expect(atico.getByText('1.200 €/mes')).toBeInTheDocument();
    expect(atico.getByText('Tu oferta es la más alta')).toBeInTheDocument();
    expect(atico.getByText('4')).toBeInTheDocument();

    const estudio = card('Estudio en Lavapiés');
    expect(estudio.getByText('Getafe (Madrid)')).toBeInTheDocument();
    expect(estudio.getByText('1.100 €/mes')).toBeInTheDocument();
    expect(estudio.getByText('Hay una oferta más alta: 1.300 €/mes')).toBeInTheDocument();

    const casa = card('Casa con jardín');
    expect(casa.getByText('Solicitud de visita')).toBeInTheDocument();
    expect(casa.getByText('Solicitudes recibidas')).toBeInTheDocument();
    expect(casa.queryByText('Tu oferta')).toBeNull();
    expect(casa.queryByText(/oferta más alta/)).toBeNull();

    expect(
      card('Dúplex en Chamberí').getByText('El propietario ha cerrado las ofertas y está decidiendo'),
    ).toBeInTheDocument();
  });

  it('switches to sales and to another filter, keeping both in the URL', async () => {
    const sale = myOffer(5, {
      amount: 240_000,
      isHighest: false,
      statusCode: 'OSC004',
      decisionReasonCode: 'ODR002',
      announcement: {
        title: 'Casa de pueblo',
        typeCode: 'ATY003',
        highestOffer: 250_000,
        statusCode: 'AST004',
      },
    });
    const api = mockApi({
      [`POST ${rentals}`]: () => page([highest]),
      [`POST ${sales}`]: () => page([sale]),
    });
    const user = userEvent.setup();
    renderAt('/my-offers');
    await screen.findByRole('heading', { name: 'Ático con terraza' });

    await user.click(screen.getByRole('tab', { name: 'Venta' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/my-offers?tab=venta');
    await user.click(screen.getByRole('radio', { name: 'Finalizadas' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/my-offers?tab=venta&estado=finalizadas');
    await screen.findByRole('heading', { name: 'Casa de pueblo' });
    const casa = card('Casa de pueblo');
    expect(casa.getByText('No seleccionada')).toBeInTheDocument();
    expect(casa.getByText('240.000 €')).toBeInTheDocument();
    // A decided offer no longer competes: no position line.
    expect(casa.queryByText(/oferta más alta/)).toBeNull();
    expect(casa.getByText('El propietario ya ha decidido')).toBeInTheDocument();
    expect(api.callsTo('POST', sales).map((call) => call.body)).toEqual([
      { status: 'active', limit: 10 },
      { status: 'closed', limit: 10 },
    ]);
  });

  it('opens the tab and the filter the URL names', async () => {
    const api = mockApi({ [`POST ${sales}`]: () => page([]) });
    renderAt('/my-offers?tab=venta&estado=todas');
    expect(
      await screen.findByRole('heading', { name: 'Todavía no has hecho ninguna oferta' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Venta' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: 'Todas' })).toBeChecked();
    expect(api.callsTo('POST', sales)[0]?.body).toEqual({ status: 'all', limit: 10 });
    expect(api.callsTo('POST', rentals)).toHaveLength(0);
  });

  it('loads more by cursor and moves focus to the first card it brought', async () => {
    const api = mockApi({
      [`POST ${rentals}`]: () => (call) =>
        (call.body as { cursor?: string }).cursor === 'c1' ? page([outbid]) : page([highest], 'c1'),
    });
    const user = userEvent.setup();
    renderAt('/my-offers');
    await user.click(await screen.findByRole('button', { name: 'Ver más' }));
    const link = await screen.findByRole('link', { name: 'Estudio en Lavapiés' });
    await waitFor(() => expect(link).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Ático con terraza' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
    expect(api.callsTo('POST', rentals).map((call) => call.body)).toEqual([
      { status: 'active', limit: 10 },
      { status: 'active', limit: 10, cursor: 'c1' },
    ]);
  });

  it('says when there is nothing, with a way to the catalogue', async () => {
    mockApi({ [`POST ${rentals}`]: () => page([]) });
    const user = userEvent.setup();
    renderAt('/my-offers');
    expect(await screen.findByRole('heading', { name: 'No tienes ofertas activas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver inmuebles' })).toHaveAttribute('href', '/properties');
    await user.click(screen.getByRole('radio', { name: 'Finalizadas' }));
    expect(await screen.findByRole('heading', { name: 'No tienes ofertas finalizadas' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ver inmuebles' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/properties');
  });

  it('shows an error state that retries', async () => {
    // A 4xx, which the query client does not retry by itself.
    let answer = () => fail(429, 'RATE_LIMITED');
    const api = mockApi({ [`POST ${rentals}`]: () => answer() });
    const user = userEvent.setup();
    renderAt('/my-offers');
    expect(await screen.findByRole('alert')).toHaveTextContent('No hemos podido cargar tus ofertas');
    answer = () => page([highest]);
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Ático con terraza' })).toBeInTheDocument();
    expect(api.callsTo('POST', rentals)).toHaveLength(2);
  });
});
