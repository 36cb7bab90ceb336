import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { createRoutesFromChildren, MemoryRouter, Routes, type RouteObject } from 'react-router';
import { clientRoutes } from '@casaoferta/domain/client-routes';
import { AppRoutes } from './routes';

/** The <Routes> element somewhere in a rendered tree. */
function findRoutes(node: ReactNode): ReactElement<{ children: ReactNode }> | null {
  for (const child of Children.toArray(node)) {
    if (!isValidElement<{ children?: ReactNode }>(child)) continue;
    if (child.type === Routes) return child as ReactElement<{ children: ReactNode }>;
    const found = findRoutes(child.props.children);
    if (found) return found;
  }
  return null;
}

/** Every path the router declares, nested paths joined ("*" is the catch-all, not a route). */
function declaredPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? parent : route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const children = route.children ? declaredPaths(route.children, own) : [];
    const self = route.index || (route.path && route.path !== '*') ? [own === '' ? '/' : own] : [];
    return [...self, ...children];
  });
}

/** The routes AppRoutes declares, read from the element tree it renders. */
function appRoutePaths(): string[] {
  let tree: ReactNode = null;
  function Capture() {
    tree = AppRoutes();
    return null;
  }
  render(
    <MemoryRouter>
      <Capture />
    </MemoryRouter>,
  );
  const routes = findRoutes(tree);
  if (!routes) throw new Error('AppRoutes renders no <Routes>');
  return declaredPaths(createRoutesFromChildren(routes.props.children));
}

describe('the client routes the API knows (@casaoferta/domain/client-routes)', () => {
  it('are exactly the routes of the app, so the server answers 404 on no page of it', () => {
    expect([...appRoutePaths()].sort()).toEqual([...clientRoutes].sort());
  });
});
