import { useEffect } from 'react';
import type { UnreadCounts } from '@casaoferta/domain/schemas/messages';
import { apiRequest } from './api/client';
import { createStore, useStore } from './store';

/**
 * The signed-in person's unread messages (decision 038): the menu's and the offers lists' counts. One
 * store for the whole app, read from GET /api/messages/unread when a part that shows it mounts, every
 * minute while one does, when the window regains focus, and after a conversation is read or a message
 * arrives live (`refreshUnreadMessages`). Without React Query: the shell is on the first load.
 */
const unread = createStore<UnreadCounts | null>(null);
const REFRESH_MS = 60_000;

let inFlight: Promise<void> | null = null;

export function refreshUnreadMessages(): Promise<void> {
  inFlight ??= apiRequest<UnreadCounts>('/api/messages/unread', { silent: true })
    .then((counts) => unread.set(counts))
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/** Forgets the counts (a logout). */
export const clearUnreadMessages = () => unread.set(null);

/** The counts while `enabled` (a signed-in person), kept fresh; null until first read. */
export function useUnreadMessages(enabled: boolean): UnreadCounts | null {
  const counts = useStore(unread);
  useEffect(() => {
    if (!enabled) return;
    void refreshUnreadMessages();
    const timer = setInterval(() => void refreshUnreadMessages(), REFRESH_MS);
    const onFocus = () => void refreshUnreadMessages();
    window.addEventListener('focus', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [enabled]);
  return enabled ? counts : null;
}

/** Unread messages of one offer's conversation, from the counts (0 when none or not read yet). */
export const unreadOf = (counts: UnreadCounts | null, offerId: string): number =>
  counts?.offers.find((offer) => offer.offerId === offerId)?.unread ?? 0;
