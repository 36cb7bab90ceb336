import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { consumeAfterAction, loginDestination, parseAfterAction, safeRedirectPath } from './redirect';
import { useAfterAction } from './use-after-action';
import type { AfterAction } from './redirect';

describe('safeRedirectPath', () => {
  it.each(['/settings', '/my-offers?tab=2', '/property/7#offers'])('keeps the same-site path %s', (path) =>
    expect(safeRedirectPath(path)).toBe(path),
  );

  it.each([
    '//evil.com',
    '//evil.com/settings',
    'https://evil.com/settings',
    'http://localhost/settings',
    'javascript:alert(1)',
    '/\\evil.com',
    '/\t/evil.com',
    '/.//evil.com',
    '/./\\evil.com',
    '/..//evil.com',
    '/a/..//evil.com',
    'settings',
    '',
    null,
    undefined,
    '/login',
    '/login?redirectTo=%2Flogin',
    '/login-agents',
  ])('refuses %s', (value) => expect(safeRedirectPath(value)).toBe('/announcement-list'));
});

describe('loginDestination', () => {
  it('goes to redirectTo, else from, else my announcements', () => {
    expect(loginDestination(new URLSearchParams('redirectTo=%2Fsettings'))).toBe('/settings');
    expect(loginDestination(new URLSearchParams('from=%2Fproperty%2F3'))).toBe('/property/3');
    expect(loginDestination(new URLSearchParams('redirectTo=%2F%2Fevil.com'))).toBe('/announcement-list');
    expect(loginDestination(new URLSearchParams())).toBe('/announcement-list');
  });

  it('carries afterAction to the destination, next to its own query', () => {
    expect(
      loginDestination(
        new URLSearchParams({ redirectTo: '/property/3?tab=fotos', afterAction: 'make-offer:abc' }),
      ),
    ).toBe('/property/3?tab=fotos&afterAction=make-offer%3Aabc');
  });
});

describe('afterAction', () => {
  it('parses name and argument', () => {
    expect(parseAfterAction('make-offer:abc-1')).toEqual({
      raw: 'make-offer:abc-1',
      name: 'make-offer',
      argument: 'abc-1',
    });
    expect(parseAfterAction('publish')).toEqual({ raw: 'publish', name: 'publish', argument: null });
    expect(parseAfterAction('  ')).toBeNull();
    expect(parseAfterAction(null)).toBeNull();
  });

  it('consumeAfterAction returns the action and the query without it', () => {
    expect(consumeAfterAction('?tab=2&afterAction=make-offer%3A9')).toEqual({
      action: { raw: 'make-offer:9', name: 'make-offer', argument: '9' },
      search: '?tab=2',
    });
    expect(consumeAfterAction('?afterAction=x')).toEqual({
      action: { raw: 'x', name: 'x', argument: null },
      search: '',
    });
    expect(consumeAfterAction('?tab=2')).toEqual({ action: null, search: '?tab=2' });
  });

  it('useAfterAction replays the action once and removes it from the URL', () => {
    const onAction = vi.fn<(action: AfterAction) => void>();
    function Page() {
      useAfterAction(onAction);
      const { pathname, search } = useLocation();
      return <p data-testid="where">{`${pathname}${search}`}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/property/9?tab=2&afterAction=make-offer%3A9']}>
        <Routes>
          <Route path="*" element={<Page />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(onAction).toHaveBeenCalledOnce();
    expect(onAction).toHaveBeenCalledWith({ raw: 'make-offer:9', name: 'make-offer', argument: '9' });
    expect(screen.getByTestId('where')).toHaveTextContent('/property/9?tab=2');
  });
});
