import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { Permission } from '@casaoferta/domain/permissions';
import type { Db } from '../../db/client';
import { requireAgent } from '../../platform/auth';
import { decideAnnouncement, decideProperty } from './validate';
import { access } from '../../platform/access';

const tags = ['agents'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

/** SPEC 7.2 body: `validate` (or `status`) says approve or reject; `reasons` is required to reject. */
const decisionBody = z
  .object({
    validate: z.boolean().optional(),
    status: z.boolean().optional(),
    reasons: z.string().trim().max(1000).optional(),
  })
  .refine((b) => b.validate !== undefined || b.status !== undefined, {
    message: 'validate o status',
    path: ['validate'],
  });

const approve = (b: z.infer<typeof decisionBody>) => b.validate ?? b.status ?? false;

/**
 * The agents' validation calls (SPEC 4.5, 7.2). The agents' screens come with the back-office issue;
 * the rules and these endpoints are already the ones they will use.
 */
export function validationRoutes(db: Db) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/agents/property/:id/validate',
      {
        config: { access: access.agent(Permission.ValidateProperties) },
        schema: {
          tags,
          summary: 'Validate or reject a property (a reason is required to reject)',
          security,
          params: idParams,
          body: decisionBody,
          response: { 200: envelope(z.object({ id: z.uuid(), fkUserId: z.uuid() })) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.ValidateProperties);
        const body = request.body;
        return {
          data: await decideProperty(db, request.params.id, { approve: approve(body), reason: body.reasons }),
        };
      },
    );

    app.post(
      '/api/agents/announcement/:id/validate',
      {
        config: { access: access.agent(Permission.ValidateAnnouncements) },
        schema: {
          tags,
          summary: 'Validate (publish for its period) or reject an announcement',
          security,
          params: idParams,
          body: decisionBody,
          response: { 200: envelope(z.object({ id: z.uuid(), userId: z.uuid() })) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.ValidateAnnouncements);
        const body = request.body;
        return {
          data: await decideAnnouncement(db, request.params.id, {
            approve: approve(body),
            reason: body.reasons,
          }),
        };
      },
    );
  };
}
