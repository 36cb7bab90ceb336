import { describe, expect, it } from 'vitest';
import { Permission } from '@casaoferta/domain/permissions';
import { access, checkAccess, type Access } from './access';
import type { AuthContext, SessionKind } from './auth';

const session = (kind: SessionKind, permissions: string[] = []): AuthContext =>
  ({
    sessionId: 's',
    kind,
    agentId: kind === 'user' ? null : 'agent',
    roles: [],
    permissions,
  }) as unknown as AuthContext;

/** The status a declaration gives a caller: 'ok', or the DomainError's status. */
function outcome(rule: Access, auth: AuthContext | null): 'ok' | number {
  try {
    checkAccess(rule, auth);
    return 'ok';
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe('checkAccess', () => {
  it('lets anyone through a public route, and any session through a session route', () => {
    expect(outcome(access.public, null)).toBe('ok');
    expect(outcome(access.session, null)).toBe(401);
    for (const kind of ['user', 'agent', 'impersonation'] as const) {
      expect(outcome(access.session, session(kind))).toBe('ok');
    }
  });

  it("keeps an agent's own session off a person's routes, and impersonation off userOnly ones", () => {
    expect(outcome(access.user, session('user'))).toBe('ok');
    expect(outcome(access.user, session('impersonation'))).toBe('ok');
    expect(outcome(access.user, session('agent'))).toBe(403);
    expect(outcome(access.userOnly, session('user'))).toBe('ok');
    expect(outcome(access.userOnly, session('impersonation'))).toBe(403);
    expect(outcome(access.userOnly, null)).toBe(401);
  });

  it('asks an agent route for an agent session holding the permission', () => {
    const rule = access.agent(Permission.BlockUsers);
    expect(outcome(rule, session('agent', [Permission.BlockUsers]))).toBe('ok');
    expect(outcome(rule, session('agent', [Permission.ValidateProperties]))).toBe(403);
    expect(outcome(rule, session('impersonation', [Permission.BlockUsers]))).toBe(403);
    expect(outcome(rule, session('user'))).toBe(403);
    expect(outcome(access.agent(), session('agent'))).toBe('ok');
  });
});
