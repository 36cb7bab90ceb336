/**
 * The headers a browser sends with a request from the app (Chromium 131 on Android, Spanish): every
 * bench sends them, so the figures include what a browser makes the server do (issue 29: compression
 * per `accept-encoding`). `session` adds what a signed-in person sends: the bearer token the web app
 * keeps, and a cookie header of the size a session cookie has (the app itself keeps its session and
 * preferences in the browser's storage, so the API parses and ignores it, as it would a proxy's).
 */
export const browserUserAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

export function browserHeaders(
  options: { session?: string; json?: boolean; accept?: string } = {},
): Record<string, string> {
  return {
    accept: options.accept ?? 'application/json',
    'accept-encoding': 'gzip, deflate, br, zstd',
    'accept-language': 'es-ES,es;q=0.9,en;q=0.8',
    'user-agent': browserUserAgent,
    ...(options.json ? { 'content-type': 'application/json' } : {}),
    ...(options.session
      ? {
          authorization: `Bearer ${options.session}`,
          cookie: `session=${options.session}; consent=necessary`,
        }
      : {}),
  };
}
