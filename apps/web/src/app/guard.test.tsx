import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { HomeRoute, RedirectLoggedAgent, RequireAgent, RequireLogin, loginRedirect } from './guard';
import { isProtectedPath } from '../shared/paths';
import { SessionContext, anonymousSession, type Session } from '../shared/session';

const loggedIn: Session = { ...anonymousSession, logged: true, hasToken: true };
const agent: Session = { ...loggedIn, isAgent: true };
const unchecked: Session = { ...anonymousSession, checked: false, hasToken: true };

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderAt(path: string, session: Session = anonymousSession) {
  return render(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<Where />} />
          <Route
            path="/login-agents"
            element={
              <RedirectLoggedAgent>
                <p>acceso agentes</p>
              </RedirectLoggedAgent>
            }
          />
          <Route
            path="/agents-menu"
            element={
              <RequireAgent>
                <p>menú de agente</p>
              </RequireAgent>
            }
          />
          <Route
            path="/settings"
            element={
              <RequireLogin>
                <p>ajustes</p>
              </RequireLogin>
            }
          />
          <Route
            index
            element={
              <HomeRoute>
                <p>catálogo</p>
              </HomeRoute>
            }
          />
          <Route path="/announcement-list" element={<Where />} />
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
  it('sends a visitor to /login with the original path and query in redirectTo', () => {
    renderAt('/my-offers?tab=active&x=1');
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/login?redirectTo=%2Fmy-offers%3Ftab%3Dactive%26x%3D1',
    );
    expect(loginRedirect('/my-offers')).toBe('/login?redirectTo=%2Fmy-offers');
  });

  it('guards a built protected page too', () => {
    renderAt('/settings');
    expect(screen.getByTestId('where')).toHaveTextContent('/login?redirectTo=%2Fsettings');
  });

  it('waits for the session check before deciding', () => {
    renderAt('/settings', unchecked);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('lets an unknown public path fall through to the fallback', () => {
    renderAt('/no-such-page');
    expect(screen.getByText('no encontrada')).toBeInTheDocument();
  });

  it('shows the fallback to a logged user on a protected path not built yet', () => {
    renderAt('/my-offers', loggedIn);
    expect(screen.getByText('no encontrada')).toBeInTheDocument();
  });

  it('shows a built protected page to a logged user', () => {
    renderAt('/settings', loggedIn);
    expect(screen.getByText('ajustes')).toBeInTheDocument();
  });
});

describe('agent routes', () => {
  it('sends visitors and plain users from /agents-menu to /login-agents', () => {
    renderAt('/agents-menu');
    expect(screen.getByText('acceso agentes')).toBeInTheDocument();
    renderAt('/agents-menu', loggedIn);
    expect(screen.getAllByText('acceso agentes')).toHaveLength(2);
    expect(screen.queryByText('menú de agente')).not.toBeInTheDocument();
  });

  it('opens /agents-menu for an agent', () => {
    renderAt('/agents-menu', agent);
    expect(screen.getByText('menú de agente')).toBeInTheDocument();
  });

  it('sends a logged-in agent from /login-agents to /agents-menu', () => {
    renderAt('/login-agents', agent);
    expect(screen.getByText('menú de agente')).toBeInTheDocument();
  });

  it('waits for the check on /agents-menu', () => {
    renderAt('/agents-menu', unchecked);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
  });
});

describe('HomeRoute ("/", issue 23)', () => {
  it('shows a visitor the catalogue, not the login', () => {
    renderAt('/');
    expect(screen.getByText('catálogo')).toBeInTheDocument();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('takes a logged user to their announcements (SPEC 2.1)', () => {
    renderAt('/', loggedIn);
    expect(screen.getByTestId('where')).toHaveTextContent('/announcement-list');
    expect(screen.queryByText('catálogo')).not.toBeInTheDocument();
  });

  it('waits for the session check before deciding', () => {
    renderAt('/', unchecked);
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.queryByText('catálogo')).not.toBeInTheDocument();
  });
});
