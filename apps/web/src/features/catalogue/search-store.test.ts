import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptInitialPage, resetSearchStore, useSearch } from './search-store';
import { cards } from './test-data';

afterEach(() => {
  resetSearchStore();
  vi.unstubAllGlobals();
});

function dataBlock(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'initial-search';
  script.textContent = text;
  document.body.append(script);
}

describe('adoptInitialPage', () => {
  it('shows the first page written into index.html without asking the API, and removes the block', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    dataBlock(JSON.stringify({ key: '', items: cards(0, 2), nextCursor: 'abc' }));
    adoptInitialPage();
    expect(document.getElementById('initial-search')).toBeNull();
    const { result } = renderHook(() => useSearch(''));
    expect(result.current.status).toBe('ready');
    expect(result.current.items).toHaveLength(2);
    expect(result.current.nextCursor).toBe('abc');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ignores a broken block', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    dataBlock('{not json');
    adoptInitialPage();
    const { result } = renderHook(() => useSearch(''));
    expect(result.current.status).toBe('loading');
  });
});
