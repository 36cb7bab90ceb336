import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { AnnouncementCard } from '@casaoferta/domain/schemas/listings';
import { PAGE_SIZE, searchAnnouncements } from './api/search-announcements';
import { parseFilters, toSearchRequest } from './filters';
import { dataBlockIds, takeDataBlock } from '../../shared/server-data';

/**
 * Search results per canonical query string, kept for a few minutes so the back button (from a
 * property or a previous filter) shows the list at once, with every page already loaded.
 */
export interface SearchEntry {
  status: 'loading' | 'ready' | 'error';
  items: readonly AnnouncementCard[];
  nextCursor: string | null;
  /** State of the 'Ver más' request. */
  more: 'idle' | 'loading' | 'error';
  fetchedAt: number;
  generation: number;
}

const FRESH_MS = 5 * 60_000;
const MAX_ENTRIES = 12;
const LOADING: SearchEntry = {
  status: 'loading',
  items: [],
  nextCursor: null,
  more: 'idle',
  fetchedAt: 0,
  generation: 0,
};

const entries = new Map<string, SearchEntry>();
const listeners = new Set<() => void>();
/** The newest first-page request per key: older answers are ignored. */
const latest = new Map<string, number>();
let generations = 0;

function put(key: string, entry: SearchEntry) {
  entries.delete(key);
  entries.set(key, entry);
  for (const oldest of entries.keys()) {
    if (entries.size <= MAX_ENTRIES) break;
    entries.delete(oldest);
  }
  for (const listener of listeners) listener();
}

function adopt(key: string, page: { items: readonly AnnouncementCard[]; nextCursor: string | null }) {
  entries.set(key, {
    status: 'ready',
    items: page.items,
    nextCursor: page.nextCursor,
    more: 'idle',
    fetchedAt: Date.now(),
    generation: ++generations,
  });
}

/**
 * The API writes the landing page's first results into index.html: the catalogue paints them without
 * waiting for a request.
 */
export function adoptInitialPage(): void {
  const data = takeDataBlock(dataBlockIds.search) as {
    key?: unknown;
    items?: AnnouncementCard[];
    nextCursor?: string | null;
  } | null;
  if (typeof data?.key !== 'string' || !Array.isArray(data.items)) return;
  adopt(data.key, { items: data.items, nextCursor: data.nextCursor ?? null });
}
adoptInitialPage();

/** Server rendering (entry-server.tsx): the results the page renders for `key`. */
export const primeSearch = adopt;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const request = (key: string, cursor?: string) =>
  searchAnnouncements(toSearchRequest(parseFilters(new URLSearchParams(key)), cursor, PAGE_SIZE));

function fetchFirstPage(key: string) {
  const generation = ++generations;
  latest.set(key, generation);
  const previous = entries.get(key);
  // A stale list stays on screen while it refreshes; otherwise skeletons.
  if (previous?.status !== 'ready') put(key, { ...LOADING, generation });
  request(key).then(
    (page) => {
      if (latest.get(key) !== generation) return;
      put(key, {
        status: 'ready',
        items: page.items,
        nextCursor: page.nextCursor,
        more: 'idle',
        fetchedAt: Date.now(),
        generation,
      });
    },
    () => {
      if (latest.get(key) !== generation) return;
      const current = entries.get(key);
      put(key, current?.status === 'ready' ? current : { ...LOADING, status: 'error', generation });
    },
  );
}

/** Loads the first page unless a fresh one (or a request for it) exists. */
function ensure(key: string) {
  const entry = entries.get(key);
  if (entry?.status === 'loading') return;
  if (entry?.status === 'ready' && Date.now() - entry.fetchedAt < FRESH_MS) return;
  fetchFirstPage(key);
}

/** Appends the next page (keyset cursor). Ignored while a page is loading or when there is none. */
function loadMore(key: string) {
  const entry = entries.get(key);
  if (entry?.status !== 'ready' || !entry.nextCursor || entry.more === 'loading') return;
  put(key, { ...entry, more: 'loading' });
  request(key, entry.nextCursor).then(
    (page) => {
      const current = entries.get(key);
      if (current?.generation !== entry.generation) return;
      const seen = new Set(current.items.map((item) => item.id));
      put(key, {
        ...current,
        items: [...current.items, ...page.items.filter((item) => !seen.has(item.id))],
        nextCursor: page.nextCursor,
        more: 'idle',
      });
    },
    () => {
      const current = entries.get(key);
      if (current?.generation === entry.generation) put(key, { ...current, more: 'error' });
    },
  );
}

/** For tests: forget every cached search. */
export function resetSearchStore(): void {
  entries.clear();
  latest.clear();
}

/** The results for a canonical query string (filtersToSearchParams(filters).toString()). */
export function useSearch(key: string) {
  const snapshot = () => entries.get(key) ?? LOADING;
  const entry = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => ensure(key), [key]);
  const more = useCallback(() => loadMore(key), [key]);
  const retry = useCallback(() => fetchFirstPage(key), [key]);
  return { ...entry, loadMore: more, retry };
}

export type SearchState = ReturnType<typeof useSearch>;
