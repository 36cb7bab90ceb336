import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, fail } from '../../test/mock-api';
import { anonymousSession, SessionContext, type Session } from '../session';
import { canKeepFavourites } from '../favourites';
import { FavouriteHeart } from './favourite-heart';

afterEach(() => vi.unstubAllGlobals());

const id = '10000000-0000-4000-8000-000000000001';
let userCounter = 0;
/** A new signed-in person each test: the hearts' store keeps one person's ids. */
const signedIn = (): Session => ({
  ...anonymousSession,
  logged: true,
  hasToken: true,
  user: {
    id: `user-${(userCounter += 1)}`,
    name: 'Teresa',
    surname: 'Inquilina',
    phoneNumber: '+34600000001',
    roles: [],
    permissions: [],
    hasProfileCompleted: true,
    isBlocked: false,
  },
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const at = (session: Session, url = '/properties?kind=rental') =>
  render(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/properties"
            element={
              <>
                <FavouriteHeart announcementId={id} title="Ático en Chamberí" />
                <Where />
              </>
            }
          />
          <Route path="/login" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );

describe('<FavouriteButton/>', () => {
  it('shows the signed-in person’s heart filled, and the toggle DELETEs and PUTs', async () => {
    const api = mockApi({
      'GET /api/favourites/ids': () => ok({ ids: [id] }),
      [`DELETE /api/favourites/${id}`]: () => ok({ announcementId: id, favourite: false }),
      [`PUT /api/favourites/${id}`]: () => ok({ announcementId: id, favourite: true }),
    });
    const user = userEvent.setup();
    at(signedIn());
    const heart = await screen.findByRole('button', { name: 'Quitar de favoritos: Ático en Chamberí' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await user.click(heart);
    expect(screen.getByRole('button', { name: 'Guardar en favoritos: Ático en Chamberí' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await waitFor(() => expect(api.callsTo('DELETE', `/api/favourites/${id}`)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Guardar en favoritos: Ático en Chamberí' }));
    await waitFor(() => expect(api.callsTo('PUT', `/api/favourites/${id}`)).toHaveLength(1));
  });

  it('undoes the heart when the server refuses', async () => {
    mockApi({
      'GET /api/favourites/ids': () => ok({ ids: [] }),
      [`PUT /api/favourites/${id}`]: () => fail(404, 'NOT_FOUND'),
    });
    const user = userEvent.setup();
    at(signedIn());
    await user.click(await screen.findByRole('button', { name: /Guardar en favoritos/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Guardar en favoritos/ })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
  });

  it('leads a visitor to log in, with the favourite for the login to keep', async () => {
    mockApi({});
    const user = userEvent.setup();
    at(anonymousSession);
    await user.click(await screen.findByRole('button', { name: /Guardar en favoritos/ }));
    const where = new URL(screen.getByTestId('where').textContent ?? '', 'http://x');
    expect(where.pathname).toBe('/login');
    expect(where.searchParams.get('redirectTo')).toBe('/properties?kind=rental');
    expect(where.searchParams.get('afterAction')).toBe(`favourite:${id}`);
  });

  it('is for people: not for an agent on their own session, yes for an agent acting as someone', () => {
    expect(canKeepFavourites(signedIn())).toBe(true);
    expect(canKeepFavourites({ ...signedIn(), isAgent: true })).toBe(false);
    expect(canKeepFavourites({ ...signedIn(), isAgent: true, isImpersonating: true })).toBe(true);
    expect(canKeepFavourites(anonymousSession)).toBe(false);
  });
});
