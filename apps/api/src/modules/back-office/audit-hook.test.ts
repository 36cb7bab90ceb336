import { describe, expect, it, vi } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../platform/auth';
import { auditAgentRequest, auditTargets, isAudited } from '../../platform/audit';

const USER = '7f0c3a52-3f7e-4c8e-9f55-0a4b5f1c2d3e';
const ANNOUNCEMENT = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d';

function fakeRequest(over: {
  method?: string;
  url?: string;
  pattern?: string;
  params?: object;
  body?: unknown;
  auth?: Partial<AuthContext> | null;
}) {
  const warn = vi.fn();
  const request = {
    method: over.method ?? 'POST',
    url: over.url ?? '/api/x',
    ip: '203.0.113.9',
    params: over.params ?? {},
    body: over.body,
    routeOptions: { url: over.pattern },
    log: { warn },
    auth:
      over.auth === null
        ? null
        : {
            kind: 'agent',
            agentId: null,
            user: { id: USER },
            roles: [{ name: 'agent', permissions: [] }],
            ...over.auth,
          },
  } as unknown as FastifyRequest;
  return { request, warn };
}

describe('platform/audit', () => {
  it('audits agents’ writes and downloads, and every impersonated request, nothing else', () => {
    expect(isAudited(fakeRequest({ method: 'POST' }).request)).toBe(true);
    expect(isAudited(fakeRequest({ method: 'GET' }).request)).toBe(false);
    // A download (a report, a zip) is an action, though a GET.
    expect(isAudited(fakeRequest({ method: 'GET' }).request, true)).toBe(true);
    expect(isAudited(fakeRequest({ method: 'GET', auth: { kind: 'impersonation' } }).request)).toBe(true);
    expect(isAudited(fakeRequest({ method: 'POST', auth: { kind: 'user', roles: [] } }).request)).toBe(false);
    expect(isAudited(fakeRequest({ method: 'POST', auth: null }).request)).toBe(false);
  });

  it('reads the targets from the path parameters and a body userId, well-formed ids only', () => {
    expect(
      auditTargets(
        fakeRequest({ pattern: '/api/agents/announcement/:id/extend-period', params: { id: ANNOUNCEMENT } })
          .request,
      ),
    ).toEqual({ targetUserId: null, targetAnnouncementId: ANNOUNCEMENT, targetPropertyId: null });
    expect(
      auditTargets(fakeRequest({ pattern: '/api/agents/users/black-list', body: { userId: USER } }).request),
    ).toEqual({ targetUserId: USER, targetAnnouncementId: null, targetPropertyId: null });
    expect(
      auditTargets(
        fakeRequest({ pattern: '/api/agents/user/:id/verify', params: { id: 'no-es-un-id' } }).request,
      ),
    ).toEqual({ targetUserId: null, targetAnnouncementId: null, targetPropertyId: null });
  });

  it('logs a warning and never throws when the write fails', async () => {
    const failing = {
      insert: () => ({ values: () => Promise.reject(new Error('disco lleno')) }),
    } as unknown as Db;
    const { request, warn } = fakeRequest({ pattern: '/api/agents/user/:id/verify', params: { id: USER } });
    await expect(auditAgentRequest(failing, request, 200)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });
});
