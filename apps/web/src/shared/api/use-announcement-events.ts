import { useEffect, useRef } from 'react';
import type { LiveEvent } from '@casaoferta/domain/schemas/live-event';
import { followAnnouncementEvents } from './announcement-events';

/**
 * Follows the live events of one announcement while mounted (null: none). One stream per id: a new
 * `onEvent` each render does not reconnect (the latest one is kept in a ref); a new id closes the old
 * stream and opens another. Import only from lazy pages: the catalogue's first load has no room for it.
 */
export function useAnnouncementEvents(
  announcementId: string | null,
  onEvent: (event: LiveEvent) => void,
): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    if (!announcementId) return;
    const controller = new AbortController();
    void followAnnouncementEvents(announcementId, {
      signal: controller.signal,
      onEvent: (event) => latest.current(event),
    });
    return () => controller.abort();
  }, [announcementId]);
}
