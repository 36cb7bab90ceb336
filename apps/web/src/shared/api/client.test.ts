import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, setUnauthorizedHandler } from './client';
import { ApiError, parseRetryAfter } from './api-error';
import { clearToasts, getToasts } from '../ui/toast-store';
import { storageKeys } from '../storage-keys';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const lastToast = () => getToasts().at(-1)?.message;

beforeEach(() => {
  clearToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

describe('apiRequest', () => {
  it('returns the envelope data and sends the stored bearer token', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'main-token');
    const fetchMock = vi.fn().mockResolvedValue(json(200, { data: { ok: 1 } }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/x')).resolves.toEqual({ ok: 1 });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer main-token');
  });

  it('prefers the impersonation token in session storage', async () => {
    localStorage.setItem(storageKeys.bearerToken, 'main-token');
    sessionStorage.setItem(storageKeys.tempBearerToken, 'temp-token');
    const fetchMock = vi.fn().mockResolvedValue(json(200, { data: null }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/x', { method: 'POST', body: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer temp-token');
    expect(init.body).toBe('{"a":1}');
  });

  it('shows the text the server gives with the error code and throws an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        json(422, {
          errors: [{ code: 'OFFER_TOO_LOW', message: 'Oferta es demasiado baja, ajusta el importe' }],
        }),
      ),
    );
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'OFFER_TOO_LOW' });
    expect(lastToast()).toBe('Oferta es demasiado baja, ajusta el importe');
  });

  it('uses the fixed texts of SPEC 8 for 403 and 500', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json(403, { errors: [{ code: 'FORBIDDEN', message: '' }] })),
    );
    await apiRequest('/api/x').catch(() => undefined);
    expect(lastToast()).toBe('No tienes permisos para realizar esa acción.');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('oops', { status: 500 })));
    await apiRequest('/api/x').catch(() => undefined);
    expect(lastToast()).toBe('Ha ocurrido un error interno en el servidor.');
  });

  it("keeps the server's Retry-After on the error, in seconds or from an HTTP date", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ errors: [{ code: 'OTP_TOO_MANY_SENDS', message: '' }] }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '540' },
        }),
      ),
    );
    await expect(apiRequest('/api/x', { silent: true })).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 540,
    });
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(parseRetryAfter('Mon, 23 Nov 2026 10:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('pronto')).toBeUndefined();
  });

  it('hands a 401 to the session layer instead of toasting', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json(401, { errors: [{ code: 'UNAUTHENTICATED', message: '' }] })),
    );
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledOnce();
    expect(getToasts()).toHaveLength(0);
  });

  it('times out after the given time with a clear message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'TimeoutError')));
          }),
      ),
    );
    await expect(apiRequest('/api/x', { timeoutMs: 20 })).rejects.toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(lastToast()).toContain('ha tardado demasiado');
  });

  it('stays silent when asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(json(409, { errors: [{ code: 'CONFLICT', message: '' }] })),
    );
    await apiRequest('/api/x', { silent: true }).catch(() => undefined);
    expect(getToasts()).toHaveLength(0);
  });
});
