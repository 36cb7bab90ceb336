import { errorMessages, isErrorCode } from '@casaoferta/domain/errors';
import { vi } from 'vitest';

/** Test helpers: a fetch stub that answers API calls by "METHOD /path" (query ignored). */
export interface ApiCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  token: string | null;
  headers: Record<string, string>;
}

export type ApiAnswer = Response | ((call: ApiCall) => Response | Promise<Response>);

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

export const ok = (data: unknown) => json(200, { data });

/** An error answer as the API gives it: the code and its text from the catalogue. */
export const fail = (status: number, code: string, field?: string) =>
  json(status, {
    errors: [{ code, message: isErrorCode(code) ? errorMessages[code] : code, ...(field ? { field } : {}) }],
  });

/** Stubs fetch. Unknown routes answer 404 ROUTE_NOT_FOUND. Each answer is a factory (bodies read once). */
export function mockApi(routes: Record<string, () => ApiAnswer>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const auth = headers.Authorization ?? null;
    const call: ApiCall = {
      method,
      path: url.pathname,
      url,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      token: auth ? auth.replace(/^Bearer /, '') : null,
      headers,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) return fail(404, 'ROUTE_NOT_FOUND');
    const answer = route();
    return typeof answer === 'function' ? answer(call) : answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

export const sampleUser = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Carmen',
  surname: 'Ruiz Ortega',
  phoneNumber: '+34600000001',
  email: null,
  roles: [],
  permissions: [],
  hasProfileCompleted: false,
  isBlocked: false,
  isVerified: true,
};

export const sampleAgent = {
  ...sampleUser,
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Lucía',
  surname: 'Agente',
  phoneNumber: null,
  email: 'agente@casaoferta.es',
  roles: [{ name: 'supervisor', permissions: ['users.impersonate', 'users.block'] }],
};

export const sampleImpersonated = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Javier',
  surname: 'Moreno Sánchez',
  countryCode: 'ES',
  phoneNumber: '+34600000002',
  isBlocked: false,
  isVerified: false,
};
