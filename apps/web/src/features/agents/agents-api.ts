import type { z } from 'zod';
import type {
  ImpersonatedUser,
  ManageableUser,
  manageableUsersResponse,
} from '@casaoferta/domain/schemas/auth';
import type { AgentMessage, AgentMessagesPage } from '@casaoferta/domain/schemas/agent-messages';
import type { AuditEntry, AuditResponse } from '@casaoferta/domain/schemas/agent-tools';
import { authTokens } from '../../shared/api/auth-tokens';
import { apiRequest } from '../../shared/api/client';

export type ManageableUsersPage = z.infer<typeof manageableUsersResponse>;
export type { ManageableUser };

export const PAGE_SIZE = 20;

const base = '/api/authentication/agents';

export const agentsPaths = {
  manageableUsers: `${base}/manageable-users`,
  impersonate: `${base}/impersonate`,
} as const;

/** SPEC 7: agent calls pass the agent's own (main) token, even while acting as someone else. */
export function fetchManageableUsers(
  query: { search: string; page: number },
  signal?: AbortSignal,
): Promise<ManageableUsersPage> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(PAGE_SIZE) });
  if (query.search) params.set('search', query.search);
  return apiRequest<ManageableUsersPage>(`${agentsPaths.manageableUsers}?${params.toString()}`, {
    token: authTokens.main(),
    signal,
  });
}

export function impersonate(
  userId: string,
  reason: string,
): Promise<{ token: string; expiresAt: string; user: ImpersonatedUser }> {
  return apiRequest(agentsPaths.impersonate, {
    method: 'POST',
    body: { userId, reason },
    token: authTokens.main(),
    silent: true,
  });
}

export type { AgentMessage, AgentMessagesPage };
export const MESSAGES_PAGE_SIZE = 20;

/** GET /api/agents/messages: the delivery's record, by status and channel (issue 12). */
export function fetchMessages(
  query: { status: string; channel: string; page: number },
  signal?: AbortSignal,
): Promise<AgentMessagesPage> {
  const params = new URLSearchParams({
    status: query.status,
    page: String(query.page),
    pageSize: String(MESSAGES_PAGE_SIZE),
  });
  if (query.channel) params.set('channel', query.channel);
  return apiRequest<AgentMessagesPage>(`/api/agents/messages?${params.toString()}`, {
    token: authTokens.main(),
    signal,
  });
}

export type { AuditEntry, AuditResponse };
export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  agent: { id: string; name: string } | null;
  user: { id: string; name: string } | null;
  /** Days as the date inputs give them (YYYY-MM-DD), in the agent's time zone. */
  from: string;
  to: string;
}

/** A day's start in the browser's time zone, as an instant; `to` is inclusive, so the next day's start. */
const dayStart = (day: string, plusDays = 0): string => {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(y, m - 1, d + plusDays).toISOString();
};

/** GET /api/agents/audit (supervisors): newest first, filtered. */
export function fetchAudit(
  filters: AuditFilters,
  page: number,
  signal?: AbortSignal,
): Promise<AuditResponse> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(AUDIT_PAGE_SIZE) });
  if (filters.agent) params.set('agentId', filters.agent.id);
  if (filters.user) params.set('userId', filters.user.id);
  if (filters.from) params.set('from', dayStart(filters.from));
  if (filters.to) params.set('to', dayStart(filters.to, 1));
  return apiRequest<AuditResponse>(`/api/agents/audit?${params.toString()}`, {
    token: authTokens.main(),
    signal,
  });
}

export const fullName = (person: { name: string; surname: string }): string =>
  `${person.name} ${person.surname}`.trim();
