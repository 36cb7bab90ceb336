import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PermissionName } from '@casaoferta/domain/permissions';
import type { Db } from '../db/client';
import { auditLog, sessions, users } from '../db/schema/index';
import { perDatabase } from '../db/prepared';
import { DomainError } from './errors';
import { newToken, sha256 } from './tokens';
import { checkAccess, routeAccess } from './access';

export type SessionKind = 'user' | 'agent' | 'impersonation';

export interface AuthRole {
  name: string;
  permissions: string[];
}

/** Who is calling: the session's user (the impersonated one for impersonation) and, if any, the agent. */
export interface AuthContext {
  sessionId: string;
  kind: SessionKind;
  agentId: string | null;
  user: typeof users.$inferSelect;
  roles: AuthRole[];
  permissions: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Lifetimes per kind: idle and absolute (ARCHITECTURE.md §7; impersonation at most 60 minutes). */
export const sessionLifetimes: Record<SessionKind, { idleSeconds: number; absoluteSeconds: number }> = {
  user: { idleSeconds: 30 * 24 * 3600, absoluteSeconds: 90 * 24 * 3600 },
  agent: { idleSeconds: 2 * 3600, absoluteSeconds: 12 * 3600 },
  impersonation: { idleSeconds: 60 * 60, absoluteSeconds: 60 * 60 },
};

export async function createSession(
  db: Db,
  input: { userId: string; kind: SessionKind; agentId?: string; reason?: string },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = newToken();
  const lifetime = sessionLifetimes[input.kind];
  const expiresAt = new Date(Date.now() + lifetime.absoluteSeconds * 1000);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: sha256(token),
      userId: input.userId,
      agentId: input.agentId ?? null,
      kind: input.kind,
      reason: input.reason ?? null,
      idleTimeoutSeconds: lifetime.idleSeconds,
      expiresAt,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('createSession: no row returned');
  return { token, sessionId: row.id, expiresAt };
}

/**
 * Roles with their permissions, as a JSON array, of the `users` row in the query. Written with the
 * qualified column: drizzle leaves columns unqualified in single-table selects, which the subquery would
 * resolve to its own tables.
 */
export const rolesJson = sql<AuthRole[]>`coalesce((
  select json_agg(json_build_object('name', r.name, 'permissions', coalesce((
      select json_agg(p.name order by p.name) from role_permissions rp
      join permissions p on p.id = rp.permission_id where rp.role_id = r.id), '[]'::json)) order by r.name)
  from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = "users"."id"), '[]'::json)`;

export const permissionsOf = (roles: AuthRole[]): string[] =>
  [...new Set(roles.flatMap((role) => role.permissions))].sort();

/** The bearer token of a request, when it has a plausible one. */
export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length >= 20 && token.length <= 200 ? token : null;
};

/** The session a token hash names, with its user and roles, while it is alive: prepared (decision 024). */
const activeSessionQuery = perDatabase((db) =>
  db
    .select({ session: sessions, user: users, roles: rolesJson })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${sessions.idleTimeoutSeconds})`),
      ),
    )
    .prepare('find_active_session'),
);

export async function findActiveSession(db: Db, token: string): Promise<AuthContext | null> {
  const [row] = await activeSessionQuery(db).execute({ tokenHash: sha256(token) });
  if (!row || row.user.isBlocked) return null;
  if (Date.now() - row.session.lastSeenAt.getTime() > 60_000) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, row.session.id));
  }
  return {
    sessionId: row.session.id,
    kind: row.session.kind,
    agentId: row.session.agentId,
    user: row.user,
    roles: row.roles,
    permissions: permissionsOf(row.roles),
  };
}

/** Reads the bearer token of every request, and writes the audit row of every impersonated one. */
export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    request.auth = token ? await findActiveSession(db, token) : null;
    // Who may call the route is decided here, before the body is parsed or validated (platform/access.ts).
    const rule = routeAccess(request);
    if (rule) checkAccess(rule, request.auth);
  });
  // Written before the answer leaves (onSend), so an acknowledged request always has its audit row.
  app.addHook('onSend', async (request, reply, payload) => {
    await auditImpersonatedRequest(db, request, reply.statusCode);
    return payload;
  });
}

/**
 * The audit row of a request an agent made as a user (nothing for other sessions). A failed write is
 * logged, never the request's failure. A route that hijacks its reply (which skips onSend) calls it itself.
 */
export async function auditImpersonatedRequest(
  db: Db,
  request: FastifyRequest,
  status: number,
): Promise<void> {
  const auth = request.auth;
  if (auth?.kind !== 'impersonation') return;
  await db
    .insert(auditLog)
    .values({
      sessionId: auth.sessionId,
      agentId: auth.agentId,
      userId: auth.user.id,
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      status,
    })
    .catch((error: unknown) => request.log.error({ err: error }, 'audit log write failed'));
}

/** The calling user (any session kind), or 401. */
export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new DomainError('UNAUTHENTICATED');
  return request.auth;
}

/** An agent on their own agent session (not while impersonating), holding `permission` when given. */
export function requireAgent(request: FastifyRequest, permission?: PermissionName): AuthContext {
  const auth = requireUser(request);
  if (auth.kind !== 'agent' || auth.roles.length === 0) throw new DomainError('FORBIDDEN');
  if (permission && !auth.permissions.includes(permission)) throw new DomainError('FORBIDDEN');
  return auth;
}

export async function revokeSession(db: Db, sessionId: string, reason: 'logout' | 'blocked'): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
