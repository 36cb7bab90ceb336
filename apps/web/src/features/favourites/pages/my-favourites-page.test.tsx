import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FavouriteItem } from '@casaoferta/domain/schemas/favourites';
import { mockApi, ok } from '../../../test/mock-api';
import MyFavouritesPage from './my-favourites-page';

afterEach(() => vi.unstubAllGlobals());

const year = new Date().getFullYear();
const item = (n: number, changes: Partial<FavouriteItem> = {}): FavouriteItem => ({
  announcementId: `10000000-0000-4000-8000-00000000000${n}`,
  propertyId: `20000000-0000-4000-8000-00000000000${n}`,
  title: `Piso ${n} en Madrid`,
  typeCode: 'ATY002',
  price: 950,
  lastChange: null,
  state: 'onShow',
  municipalityName: 'Madrid',
  image: null,
  savedAt: `${year}-11-20T10:00:00.000Z`,
  ...changes,
});

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/my-favourites']}>
      <MyFavouritesPage />
    </MemoryRouter>,
  );

describe('/my-favourites', () => {
  it('lists each favourite with its state and its price change, and pages on with the cursor', async () => {
    const api = mockApi({
      'GET /api/favourites': () => {
        const cursor = api.calls.at(-1)?.url.searchParams.get('cursor');
        return cursor
          ? ok({ items: [item(3, { state: 'withdrawn' })], nextCursor: null })
          : ok({
              items: [
                item(1, {
                  lastChange: { oldPrice: 1000, newPrice: 950, changedAt: `${year}-11-03T10:00:00.000Z` },
                }),
                item(2, { state: 'offersClosed' }),
              ],
              nextCursor: 'next-page',
            });
      },
    });
    const user = userEvent.setup();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Anuncios guardados' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Ha bajado 50 € el 3 de noviembre');
    expect(cards[0]).toHaveTextContent('950 €/mes');
    expect(cards[0]).toHaveTextContent('Admite ofertas');
    expect(cards[1]).toHaveTextContent('Ofertas cerradas');
    expect(within(list).getByRole('link', { name: 'Piso 1 en Madrid' })).toHaveAttribute(
      'href',
      '/property/20000000-0000-4000-8000-000000000001',
    );
    await user.click(screen.getByRole('button', { name: 'Ver más' }));
    expect(await screen.findByText('Retirado')).toBeInTheDocument();
    expect(api.calls.at(-1)?.url.searchParams.get('cursor')).toBe('next-page');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Piso 3 en Madrid' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
  });

  it('removes a favourite with its button', async () => {
    let items = [item(1), item(2)];
    const api = mockApi({
      'GET /api/favourites': () => ok({ items, nextCursor: null }),
      'DELETE /api/favourites/10000000-0000-4000-8000-000000000001': () => {
        items = [item(2)];
        return ok({ announcementId: item(1).announcementId, favourite: false });
      },
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Quitar de favoritos: Piso 1 en Madrid' }));
    await waitFor(() => expect(screen.queryByText('Piso 1 en Madrid')).toBeNull());
    expect(api.callsTo('DELETE', '/api/favourites/10000000-0000-4000-8000-000000000001')).toHaveLength(1);
  });

  it('says how to start when there is none, with a link to the catalogue', async () => {
    mockApi({ 'GET /api/favourites': () => ok({ items: [], nextCursor: null }) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Aún no tienes favoritos' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver inmuebles' })).toHaveAttribute('href', '/properties');
  });
});
