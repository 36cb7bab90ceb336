import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { agentAuditLog } from '../db/schema/index';

/**
 * The agents' audit log (issue 14 point 6), written once for every route: each request an agent makes
 * on their own session with a method that changes something (anything but GET, HEAD and OPTIONS) or
 * that downloads a file (reports, zips), and
 * each request of any method made while impersonating a user. Refused calls are recorded too, with
 * their status. The row is written in `onSend`, before the answer leaves, so an acknowledged action
 * always has its row; a failed write is logged as a warning and never fails the request. A route that
 * hijacks its reply (which skips `onSend`: the live stream) writes the row itself before its first byte
 * with `auditBeforeHijack`; any other hijacked reply is recorded in `onResponse`, once it has ended.
 */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type AuditRow = typeof agentAuditLog.$inferInsert;
type Targets = Pick<AuditRow, 'targetUserId' | 'targetAnnouncementId' | 'targetPropertyId'>;

/** Whether this request is one the audit log records; `download`: its answer is a file (a report, a zip). */
export function isAudited(request: FastifyRequest, download = false): boolean {
  const auth = request.auth;
  if (!auth) return false;
  if (auth.kind === 'impersonation') return true;
  return auth.kind === 'agent' && auth.roles.length > 0 && (download || !READ_METHODS.has(request.method));
}

/** An answer sent as a file to save: agents' downloads are actions too, though they are GETs. */
const isDownload = (reply: FastifyReply): boolean =>
  String(reply.getHeader('content-disposition') ?? '').startsWith('attachment');

const uuidOrNull = (value: unknown): string | null =>
  typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The rows a request names: `userId`, `announcementId` and `propertyId` path parameters, and `id` by the
 * path segment before it (`/user/:id`, `/users/:id`, `/announcement/:id`, `/property/:id`). A `userId`
 * in the body (block, readmit, impersonate) names the user when the path does not. Only well-formed
 * ids are kept: a malformed one stays visible in `path`.
 */
export function auditTargets(request: FastifyRequest): Targets {
  const params = asRecord(request.params);
  const pattern = request.routeOptions.url ?? '';
  const segments = pattern.split('/');
  const before = segments[segments.indexOf(':id') - 1] ?? '';
  const id = segments.includes(':id') ? uuidOrNull(params.id) : null;
  const byIdSegment = (names: string[]) => (names.includes(before) ? id : null);
  return {
    targetUserId:
      uuidOrNull(params.userId) ??
      byIdSegment(['user', 'users']) ??
      uuidOrNull(asRecord(request.body).userId),
    targetAnnouncementId: uuidOrNull(params.announcementId) ?? byIdSegment(['announcement']),
    targetPropertyId: uuidOrNull(params.propertyId) ?? byIdSegment(['property']),
  };
}

/** The audit row of a request (none when it is not audited); never throws. */
export async function auditAgentRequest(
  db: Db,
  request: FastifyRequest,
  status: number,
  download = false,
): Promise<void> {
  const auth = request.auth;
  if (!auth || !isAudited(request, download)) return;
  const agentId = auth.kind === 'impersonation' ? auth.agentId : auth.user.id;
  if (!agentId) return;
  const path = request.url.split('?')[0] ?? request.url;
  try {
    await db.insert(agentAuditLog).values({
      agentId,
      actingAsUserId: auth.kind === 'impersonation' ? auth.user.id : null,
      action: request.routeOptions.url ?? path,
      method: request.method,
      path: path.slice(0, 2000),
      ...auditTargets(request),
      status,
      ip: request.ip || null,
    });
  } catch (error) {
    request.log.warn({ err: error }, 'agent audit log write failed');
  }
}

/** Requests whose row is written: `onResponse` does not write them again. */
const written = new WeakSet<FastifyRequest>();

/**
 * The audit row of a request whose route is about to hijack its reply (which skips `onSend`): written
 * now, as `onSend` would have, instead of at the end of the reply. A live stream lasts up to 30 minutes,
 * and supervisors see an agent's subscription while it is open.
 */
export async function auditBeforeHijack(db: Db, request: FastifyRequest, status: number): Promise<void> {
  written.add(request);
  await auditAgentRequest(db, request, status);
}

/** Registers the audit hooks (after `registerAuth`, which reads the session). */
export function registerAgentAudit(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    written.add(request);
    await auditAgentRequest(db, request, reply.statusCode, isDownload(reply));
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!written.has(request)) await auditAgentRequest(db, request, reply.statusCode, isDownload(reply));
  });
}
