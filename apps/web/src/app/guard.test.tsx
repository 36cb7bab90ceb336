import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RequireLogin } from './guard';
import { isProtectedPath } from './paths';
import { SessionContext, anonymousSession, type Session } from './session';

const loggedIn: Session = { ...anonymousSession, logged: true };

function renderAt(path: string, session: Session = anonymousSession) {
  return render(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/properties" element={<p>catálogo</p>} />
          <Route path="*" element={<RequireLogin fallback={<p>no encontrada</p>} />} />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

describe('isProtectedPath (SPEC 2.2)', () => {
  it.each([
    '/profile/about-me',
    '/my-offers',
    '/announcement-list',
    '/new-property',
    '/new-announcement-venta/1',
    '/contracts-list',
    '/contract/3',
    '/property-detail/1',
    '/settings',
    '/offer-detail/1/2',
  ])('%s needs login', (path) => expect(isProtectedPath(path)).toBe(true));
  it.each(['/properties', '/property/1', '/login', '/404', '/privacy-policy'])('%s is public', (path) =>
    expect(isProtectedPath(path)).toBe(false),
  );
});

describe('RequireLogin', () => {
  it('sends a visitor away from a protected path', () => {
    renderAt('/my-offers');
    expect(screen.getByText('catálogo')).toBeInTheDocument();
  });

  it('lets an unknown public path fall through to the fallback', () => {
    renderAt('/no-such-page');
    expect(screen.getByText('no encontrada')).toBeInTheDocument();
  });

  it('shows the fallback to a logged user on a protected path not built yet', () => {
    renderAt('/my-offers', loggedIn);
    expect(screen.getByText('no encontrada')).toBeInTheDocument();
  });
});
