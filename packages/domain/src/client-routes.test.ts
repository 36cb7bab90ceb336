import { describe, expect, it } from 'vitest';
import { clientPageStatus, matchClientRoute } from './client-routes';

const uuid = '0b0e1c55-2f6e-4c1b-9e3d-000000000001';

describe('matchClientRoute', () => {
  it.each([
    ['/', '/'],
    ['/properties', '/properties'],
    ['/Properties/', '/properties'],
    [`/property/${uuid}`, '/property/:id'],
    [`/property/${uuid}/not-found`, '/property/:id/not-found'],
    ['/agents-validation', '/agents-validation/:propertyId?'],
    [`/agents-validation/${uuid}`, '/agents-validation/:propertyId?'],
    ['/new-property', '/new-property/:propertyUuid?'],
    [`/new-property/${uuid}`, '/new-property/:propertyUuid?'],
    [`/new-announcement-venta/${uuid}`, '/new-announcement-venta/:propertyUuid/:announcementUuid?'],
    [`/new-announcement-venta/${uuid}/${uuid}`, '/new-announcement-venta/:propertyUuid/:announcementUuid?'],
  ])('%s is %s', (pathname, pattern) => {
    expect(matchClientRoute(pathname)).toBe(pattern);
  });

  it.each([
    '/nope',
    '/properties/x',
    '/property',
    `/property/${uuid}/x`,
    '/new-announcement-venta',
    '/a.b',
    '//',
  ])('%s is no route', (pathname) => {
    expect(matchClientRoute(pathname)).toBeNull();
  });
});

describe('clientPageStatus', () => {
  it('is 200 on a route and 404 elsewhere and on the not-found pages', () => {
    expect(clientPageStatus('/login')).toBe(200);
    expect(clientPageStatus('/nope')).toBe(404);
    expect(clientPageStatus('/404')).toBe(404);
    expect(clientPageStatus(`/property/${uuid}/not-found`)).toBe(404);
  });
});
