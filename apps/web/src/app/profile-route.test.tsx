import { describe, expect, it } from 'vitest';
import { clientRoutes } from '@casaoferta/domain/client-routes';
import { profilePaths } from './profile-route';

describe('the profile route', () => {
  it('has a page for every /profile route the app declares, and no other', () => {
    const declared = clientRoutes.filter((route) => route === '/profile' || route.startsWith('/profile/'));
    expect([...profilePaths].sort()).toEqual([...declared].sort());
  });
});
