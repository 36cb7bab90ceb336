import type { OutboxMessage } from '@casaoferta/domain/schemas/user-settings';
import { apiRequest } from '../../shared/api/client';
import { devToolsHeaders } from '../../shared/dev-tools-token';

export type { OutboxMessage };

export const outboxPath = '/api/dev/outbox';

/** Silent: a 404 (no token, an old one, production) is a state of the page, not an error toast. */
export const fetchOutbox = (token: string | null, signal?: AbortSignal) =>
  apiRequest<OutboxMessage[]>(outboxPath, {
    signal,
    silent: true,
    token: null,
    headers: devToolsHeaders(token),
  });

/** The six-digit one-time code in a message body, if any. */
export function extractCode(body: string): string | null {
  return /(?<!\d)(\d{6})(?!\d)/.exec(body)?.[1] ?? null;
}
