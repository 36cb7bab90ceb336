import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../shared/session';
import { exploreLinks, filterMenuLinks, personalLinks, userPermissionNames } from './menu-links';
import type { MenuLink } from './menu-links';

const user = (roles: SessionUser['roles'], permissions: string[] = []): SessionUser => ({
  name: 'Ana',
  surname: 'López',
  phoneNumber: '600000000',
  roles,
  permissions,
  hasProfileCompleted: false,
  isBlocked: false,
});

const links: MenuLink[] = [
  { label: 'Pública', to: '/a' },
  { label: 'Con login', to: '/b', requiresLogin: true },
  { label: 'Rol agente', to: '/c', roles: ['agent', 'admin'] },
  { label: 'Permiso validar', to: '/d', permissions: ['validate'] },
  { label: 'Ambos', to: '/e', roles: ['agent'], permissions: ['block'] },
];

const labels = (result: MenuLink[]) => result.map((link) => link.label);

describe('filterMenuLinks', () => {
  it('shows visitors the links without roles or permissions, login-only ones included', () => {
    expect(labels(filterMenuLinks(links, { user: null }))).toEqual(['Pública', 'Con login']);
  });

  it('needs one of the listed roles', () => {
    expect(labels(filterMenuLinks(links, { user: user([{ name: 'admin', permissions: [] }]) }))).toEqual([
      'Pública',
      'Con login',
      'Rol agente',
    ]);
  });

  it('counts permissions of the user and of its roles', () => {
    expect(labels(filterMenuLinks(links, { user: user([], ['validate']) }))).toContain('Permiso validar');
    expect(
      labels(filterMenuLinks(links, { user: user([{ name: 'support', permissions: ['validate'] }]) })),
    ).toContain('Permiso validar');
    expect(userPermissionNames(user([{ name: 'r', permissions: ['x'] }], ['y']))).toEqual(
      new Set(['y', 'x']),
    );
  });

  it('needs both a role and a permission when the link lists both', () => {
    expect(
      labels(filterMenuLinks(links, { user: user([{ name: 'agent', permissions: [] }]) })),
    ).not.toContain('Ambos');
    expect(labels(filterMenuLinks(links, { user: user([], ['block']) }))).not.toContain('Ambos');
    expect(
      labels(filterMenuLinks(links, { user: user([{ name: 'agent', permissions: ['block'] }]) })),
    ).toContain('Ambos');
  });

  it('keeps every SPEC 2.3 menu entry for visitors, Mis pagos (issue 28) and Mis favoritos (issue 26)', () => {
    expect(labels(filterMenuLinks(exploreLinks, { user: null }))).toEqual([
      'Inmuebles',
      'Ofertas realizadas',
      'Mis favoritos',
      'Mis anuncios',
      'Mis contratos',
      'Mis pagos',
    ]);
    expect(labels(filterMenuLinks(personalLinks, { user: null }))).toEqual(['Mi perfil', 'Configuración']);
  });
});
