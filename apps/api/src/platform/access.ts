import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PermissionName } from '@casaoferta/domain/permissions';
import { DomainError } from './errors';
import type { AuthContext } from './auth';

/**
 * Who may call a route, declared on the route (`config: { access }`) and enforced by one hook right
 * after the session is read, before the body is parsed or validated: no session → 401, wrong kind of
 * session or a missing permission → 403, and only then 400 for bad input. Every `/api` route must
 * declare it: registering one without it stops the server at start (and the access-matrix test lists it).
 *
 * - `public`: anyone; a session is read when present (handlers may use `request.auth`).
 * - `session`: any valid session, a person's, an agent's or an impersonation (who am I, log out).
 * - `user`: a person's own session; `impersonation: true` also lets an agent acting as that person in.
 *   An agent's own session (not impersonating) is an agent, not a user: 403. `rows` says what the route
 *   reads or changes: the caller's own data (`caller`), or a row named in the path that only its owner
 *   may touch (`owner`: anyone else gets 404, never a hint that it exists). The gate treats both alike;
 *   the handler's query enforces ownership, and the access matrix test proves it for every route.
 * - `agent`: an agent's own session (not while impersonating), holding `permission` when given.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'session' }
  | { readonly kind: 'user'; readonly impersonation: boolean; readonly rows: 'caller' | 'owner' }
  | { readonly kind: 'agent'; readonly permission: PermissionName | null };

export const access = {
  public: { kind: 'public' },
  session: { kind: 'session' },
  /** A logged-in person (also an agent acting as them) on their own data. */
  user: { kind: 'user', impersonation: true, rows: 'caller' },
  /** A logged-in person (also an agent acting as them) on a row of theirs named in the path. */
  owner: { kind: 'user', impersonation: true, rows: 'owner' },
  /** A logged-in person on their own session only (an agent acting as them gets 403). */
  userOnly: { kind: 'user', impersonation: false, rows: 'caller' },
  /** A row of theirs named in the path, by the person themselves only: consents nobody may give for them. */
  ownerOnly: { kind: 'user', impersonation: false, rows: 'owner' },
  agent: (permission: PermissionName | null = null): Access => ({ kind: 'agent', permission }),
} as const satisfies Record<string, Access | ((permission?: PermissionName | null) => Access)>;

/** What the access matrix expects of an actor where the derived expectation does not fit (see test). */
export type MatrixCell = 'ok' | 401 | 403 | 404;
export type MatrixActor = 'visitor' | 'ownerA' | 'ownerB' | 'tenant' | 'blocked' | 'agent' | 'agentAsA';

/**
 * The matrix row of a route whose secret is a token no actor of the matrix holds (the dev outbox's printed
 * token, the metrics token): every actor gets the 404 of a route that does not exist.
 */
export const notFoundForEveryActor: Readonly<Record<MatrixActor, MatrixCell>> = {
  visitor: 404,
  ownerA: 404,
  ownerB: 404,
  tenant: 404,
  blocked: 404,
  agent: 404,
  agentAsA: 404,
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Per-actor expectations of the access matrix that differ from those derived from `access`. */
    matrix?: Partial<Record<MatrixActor, MatrixCell>>;
  }
  interface FastifyInstance {
    routeRecords: RouteRecord[];
  }
}

/** A registered `/api` route: what the access matrix and the schema fuzzer walk. */
export interface RouteRecord {
  method: string;
  url: string;
  access: Access;
  matrix: Partial<Record<MatrixActor, MatrixCell>>;
  schema: {
    body?: unknown;
    querystring?: unknown;
    params?: unknown;
  };
  multipart: boolean;
}

/** The access a route declared (the not-found handler has none: it is public). */
export const routeAccess = (request: FastifyRequest): Access | undefined =>
  request.routeOptions.config.access;

/** Whether `auth` passes `rule`; throws the 401 or 403 it deserves otherwise. */
export function checkAccess(rule: Access, auth: AuthContext | null): void {
  if (rule.kind === 'public') return;
  if (!auth) throw new DomainError('UNAUTHENTICATED');
  if (rule.kind === 'session') return;
  if (rule.kind === 'user') {
    if (auth.kind === 'agent') throw new DomainError('FORBIDDEN');
    if (auth.kind === 'impersonation' && !rule.impersonation) throw new DomainError('FORBIDDEN');
    return;
  }
  if (auth.kind !== 'agent') throw new DomainError('FORBIDDEN');
  if (rule.permission && !auth.permissions.includes(rule.permission)) throw new DomainError('FORBIDDEN');
}

/** Paths that are the API (every route there declares its access). */
export const isApiPath = (url: string): boolean => url === '/api' || url.startsWith('/api/');

/**
 * Refuses to register an `/api` route without an access declaration (the documentation routes under
 * `/api/docs` are public by their plugin and marked so here).
 */
export function requireAccessDeclarations(app: FastifyInstance): void {
  const records: RouteRecord[] = [];
  app.decorate('routeRecords', records);
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) {
      route.config = { ...route.config, access: access.public };
      return;
    }
    const declared = route.config?.access;
    if (!declared) {
      throw new Error(
        `${String(route.method)} ${route.url}: la ruta no declara quién puede llamarla (config.access)`,
      );
    }
    const schema = (route.schema ?? {}) as RouteRecord['schema'] & { consumes?: string[] };
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      records.push({
        method,
        url: route.url,
        access: declared,
        matrix: route.config?.matrix ?? {},
        schema: { body: schema.body, querystring: schema.querystring, params: schema.params },
        multipart: schema.consumes?.includes('multipart/form-data') ?? false,
      });
    }
  });
}
