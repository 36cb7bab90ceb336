/**
 * The local demo's readable outbox asks for the token the API prints in its start log (decision 027):
 * the printed link carries it in the fragment (`/dev/outbox#token=…`, never sent to a server or a log),
 * the page keeps it in the browser and sends it in this header.
 */
export const DEV_TOOLS_TOKEN_HEADER = 'x-dev-tools-token';

/** The fragment parameter of the printed link. */
export const DEV_TOOLS_TOKEN_PARAM = 'token';

/** The link the start log prints for the outbox page. */
export const devOutboxLink = (origin: string, token: string): string =>
  `${origin}/dev/outbox#${DEV_TOOLS_TOKEN_PARAM}=${token}`;
