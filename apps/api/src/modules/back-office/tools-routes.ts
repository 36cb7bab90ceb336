import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { Permission } from '@casaoferta/domain/permissions';
import {
  agentToolIdParams,
  agentUserState,
  auditQuery,
  auditResponse,
  contactDataSent,
  extendPeriodRequest,
  extendPeriodResponse,
  markPaidResponse,
  offersEmailResponse,
  verifiedState,
} from '@casaoferta/domain/schemas/agent-tools';
import type { Db } from '../../db/client';
import { access } from '../../platform/access';
import { requireAgent } from '../../platform/auth';
import { agentUserState as readAgentUserState, setUserVerified } from './user-tools';
import { extendAnnouncementPeriod, markAnnouncementPaid, sendOffersEmail } from './announcement-tools';
import { listAuditLog } from './audit-log';
import { sendContactData } from './contact-data';

const tags = ['agents'];
const security = [{ bearer: [] }];

/**
 * The agents' tools on users and announcements, and the audit log (issue 14 points 3, 4 and 6; SPEC
 * 2.3, 6, 7.2). Every call here is an agent's own session; the non-GET ones are audited by the platform
 * (platform/audit.ts), like every agent action.
 */
export function agentToolRoutes(db: Db, publicUrl: string) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    for (const [action, isVerified] of [
      ['verify', true],
      ['unverify', false],
    ] as const) {
      app.post(
        `/api/agents/user/:id/${action}`,
        {
          config: { access: access.agent(Permission.VerifyUsers) },
          schema: {
            tags,
            summary: isVerified
              ? 'Verify a user (the verified badge on their announcements and offers)'
              : 'Remove a user’s verification',
            description:
              'Idempotent. 404 for an unknown user, 403 `FORBIDDEN` for an agent account (agents are not ' +
              'verified).',
            security,
            params: agentToolIdParams,
            response: { 200: envelope(verifiedState) },
          },
        },
        async (request) => {
          requireAgent(request, Permission.VerifyUsers);
          return { data: await setUserVerified(db, request.params.id, isVerified) };
        },
      );
    }

    app.get(
      '/api/agents/users/:id',
      {
        config: { access: access.agent() },
        schema: {
          tags,
          summary: 'A user as the agent Options sheet needs it: verified, blocked, agent',
          security,
          params: agentToolIdParams,
          response: { 200: envelope(agentUserState) },
        },
      },
      async (request) => {
        requireAgent(request);
        return { data: await readAgentUserState(db, request.params.id) };
      },
    );

    app.post(
      '/api/agents/announcement/:id/extend-period',
      {
        config: { access: access.agent(Permission.ExtendAnnouncements) },
        schema: {
          tags,
          summary: 'Extend an announcement’s publication period (the owner is told)',
          description:
            'Adds `days` (1 to 90; default one more period of the announcement’s own length) to `endsAt`, ' +
            'counted from the later of its current end and now. Only a published announcement (AST001) ' +
            'has a period to extend: any other state answers 409 `INVALID_STATE`.',
          security,
          params: agentToolIdParams,
          body: extendPeriodRequest,
          response: { 200: envelope(extendPeriodResponse) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.ExtendAnnouncements);
        return { data: await extendAnnouncementPeriod(db, request.params.id, request.body.days) };
      },
    );

    app.post(
      '/api/agents/announcement/:id/mark-paid',
      {
        config: { access: access.agent(Permission.MarkAnnouncementsPaid) },
        schema: {
          tags,
          summary: 'Unlock an announcement as a payment would (the agent is recorded); the owner is told',
          description:
            'The owner then sees the offer amounts and the candidates’ contact. An announcement already ' +
            'paid answers 409 `INVALID_STATE` (of many calls at once, one unlocks).',
          security,
          params: agentToolIdParams,
          response: { 200: envelope(markPaidResponse) },
        },
      },
      async (request) => {
        const agent = requireAgent(request, Permission.MarkAnnouncementsPaid);
        return { data: await markAnnouncementPaid(db, request.params.id, agent.user.id) };
      },
    );

    app.post(
      '/api/agents/announcement/:id/send-offers-email',
      {
        config: { access: access.agent(Permission.SendOffersEmail) },
        schema: {
          tags,
          summary: 'E-mail the owner the announcement’s current offers, with the link to compare them',
          description:
            'Amounts only once the announcement is unlocked, as on the owner’s offers page. To the owner’s ' +
            'confirmed address, if they take e-mail notices of offers; else 409 `OWNER_NO_EMAIL` and ' +
            'nothing is sent.',
          security,
          params: agentToolIdParams,
          response: { 200: envelope(offersEmailResponse) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.SendOffersEmail);
        return { data: await sendOffersEmail(db, request.params.id, publicUrl) };
      },
    );

    app.post(
      '/api/agents/property/:id/send-contact-data',
      {
        config: { access: access.agent(Permission.DownloadDocuments) },
        schema: {
          tags,
          summary: 'Receive, by e-mail, the contact of a property’s owner and of its candidates',
          description:
            'SPEC 6 ‘receive contact data’ on PropertyDetail. To the calling agent’s own address: the ' +
            'owner’s full name, phone and confirmed e-mail, and the same of every candidate with an offer ' +
            'or visit request in course on the property’s newest announcement, with what they offered. ' +
            'Agents see everyone in full (decision 019); nothing is sent to the owner or the candidates. ' +
            '404 `NOT_FOUND` for an unknown property, 422 `CONTACT_DATA_NO_ANNOUNCEMENT` when it has no ' +
            'announcement, 500 `CONTACT_DATA_FAILED` when the agent has no address.',
          security,
          params: agentToolIdParams,
          response: { 200: envelope(contactDataSent) },
        },
      },
      async (request) => {
        const agent = requireAgent(request, Permission.DownloadDocuments);
        return { data: await sendContactData(db, request.params.id, agent.user.id, publicUrl) };
      },
    );

    app.get(
      '/api/agents/audit',
      {
        config: { access: access.agent(Permission.ReadAudit) },
        schema: {
          tags,
          summary: 'The agents’ audit log, newest first (filter by agent, user, action and time)',
          description:
            'Every request an agent made on their own session with a method other than GET, and every ' +
            'request made while impersonating, with its status. `userId` matches the user acted as or the ' +
            'user the request named; `action` is the route pattern; `from` inclusive, `to` exclusive.',
          security,
          querystring: auditQuery,
          response: { 200: envelope(auditResponse) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.ReadAudit);
        return { data: await listAuditLog(db, request.query) };
      },
    );
  };
}
