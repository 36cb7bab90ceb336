import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  agentAuthenticateRequest,
  blackListRequest,
  currentUser,
  impersonateRequest,
  impersonateResponse,
  manageableUsersQuery,
  manageableUsersResponse,
  sessionResponse,
} from '@casaoferta/domain/schemas/auth';
import { Permission } from '@casaoferta/domain/permissions';
import type { Db } from '../../db/client';
import type { Config } from '../../config';
import { viaProxy } from '../../platform/local-only';
import { requireAgent } from '../../platform/auth';
import { toCurrentUser } from '../authentication/current-user';
import { AGENT_LOGINS_PER_IP, AgentLoginLocked, authenticateAgent } from './authenticate-agent';
import { blockUser, readmitUser } from './block-user';
import { impersonateUser } from './impersonate-user';
import { listManageableUsers } from './list-manageable-users';
import { access } from '../../platform/access';

const tags = ['agents'];
const security = [{ bearer: [] }];
const blockedState = envelope(z.object({ isBlocked: z.boolean() }));

export function agentRoutes(db: Db, config: Pick<Config, 'devTools'>) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/authentication/agents/authenticate',
      {
        config: { access: access.public, rateLimit: { max: AGENT_LOGINS_PER_IP, timeWindow: 15 * 60_000 } },
        schema: {
          tags,
          summary: 'Agent login by e-mail and password',
          description:
            'Five attempts per e-mail address (known or not), then 429 `RATE_LIMITED` with Retry-After for ' +
            '5 minutes, doubling with each lock; a right password clears the count.',
          body: agentAuthenticateRequest,
          response: { 200: envelope(sessionResponse) },
        },
      },
      async (request, reply) => {
        try {
          const local = config.devTools && !viaProxy(request.headers);
          return { data: await authenticateAgent(db, request.body, { local }) };
        } catch (error) {
          if (error instanceof AgentLoginLocked) reply.header('Retry-After', String(error.retryAfterSeconds));
          throw error;
        }
      },
    );

    app.get(
      '/api/authentication/agents',
      {
        config: { access: access.agent() },
        schema: { tags, summary: 'Agent session check', security, response: { 200: envelope(currentUser) } },
      },
      async (request) => {
        const agent = requireAgent(request);
        return { data: toCurrentUser(agent.user, agent.roles) };
      },
    );

    app.get(
      '/api/authentication/agents/manageable-users',
      {
        config: { access: access.agent(Permission.ImpersonateUsers) },
        schema: {
          tags,
          summary: 'Users an agent can act for (search by name or phone, paginated)',
          security,
          querystring: manageableUsersQuery,
          response: { 200: envelope(manageableUsersResponse) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.ImpersonateUsers);
        return { data: await listManageableUsers(db, request.query) };
      },
    );

    app.post(
      '/api/authentication/agents/impersonate',
      {
        config: { access: access.agent(Permission.ImpersonateUsers) },
        schema: {
          tags,
          summary: 'Act as a user: a temporary token (at most 60 minutes), every request audited',
          security,
          body: impersonateRequest,
          response: { 200: envelope(impersonateResponse) },
        },
      },
      async (request) => {
        const agent = requireAgent(request, Permission.ImpersonateUsers);
        return { data: await impersonateUser(db, agent, request.body) };
      },
    );

    app.post(
      '/api/agents/users/black-list',
      {
        config: { access: access.agent(Permission.BlockUsers) },
        schema: {
          tags,
          summary: 'Block a user: sessions end, new logins are refused',
          security,
          body: blackListRequest,
          response: { 200: blockedState },
        },
      },
      async (request) => {
        requireAgent(request, Permission.BlockUsers);
        return { data: await blockUser(db, request.body.userId) };
      },
    );

    app.put(
      '/api/agents/users/black-list',
      {
        config: { access: access.agent(Permission.BlockUsers) },
        schema: {
          tags,
          summary: 'Readmit a blocked user',
          security,
          body: blackListRequest,
          response: { 200: blockedState },
        },
      },
      async (request) => {
        requireAgent(request, Permission.BlockUsers);
        return { data: await readmitUser(db, request.body.userId) };
      },
    );
  };
}
