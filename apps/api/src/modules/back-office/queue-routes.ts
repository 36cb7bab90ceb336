import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { Permission } from '@casaoferta/domain/permissions';
import {
  propertySearchQuery,
  propertySearchResponse,
  validationQueueQuery,
  validationQueueResponse,
} from '@casaoferta/domain/schemas/back-office';
import { agentMessagesQuery, agentMessagesResponse } from '@casaoferta/domain/schemas/agent-messages';
import type { Db } from '../../db/client';
import { access } from '../../platform/access';
import { requireAgent } from '../../platform/auth';
import { validationQueue } from './queue';
import { searchProperties } from './search';
import { listMessages } from './messages';

const tags = ['agents'];
const security = [{ bearer: [] }];

/**
 * The agents' validation queue and property search (issue 14, SPEC 4.5 and 7.2), and the messages
 * the delivery could not send (issue 12). Decisions are taken
 * with the validation module's calls (POST /api/agents/property/{id}/validate and
 * /api/agents/announcement/{id}/validate), naming the `revision` each item carries.
 */
export function queueRoutes(db: Db) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/agents/validation-queue',
      {
        config: { access: access.agent(Permission.ValidateProperties) },
        schema: {
          tags,
          summary: 'What waits for an agent: new properties, owners’ edits and announcements, oldest first',
          description:
            'Properties pending validation, validated properties with a pending revision (decision 011) and ' +
            'announcements pending validation of validated properties, oldest first (by when the owner ' +
            'sent them or last changed them). An announcement sent with its property in validation is ' +
            'carried by the property’s item (`jointAnnouncements`, decided in the same review, decision ' +
            '028); one of a rejected property waits for the corrected property (decision 032). Pages by ' +
            '`cursor` (the previous page’s `nextCursor`); `total` counts up to 1,000 (`totalCapped` when ' +
            'more wait). `q` filters by reference, title, street or the owner’s name or phone. Each item ' +
            'names the `revision` to send with the decision. Owners who are blocked keep their pending properties ' +
            'here, flagged `owner.isBlocked` (their announcements ended with the block). Needs ' +
            '`properties.validate`: every role that validates announcements validates properties too.',
          security,
          querystring: validationQueueQuery,
          response: { 200: envelope(validationQueueResponse) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.ValidateProperties);
        return { data: await validationQueue(db, request.query) };
      },
    );

    app.get(
      '/api/agents/properties/search',
      {
        config: { access: access.agent(Permission.SearchProperties) },
        schema: {
          tags,
          summary: 'Search properties by reference, title or address (at most 20)',
          description:
            '`name` (2 characters at least) must appear, word by word and accents aside, in the ' +
            'reference, a title or the address. The most recently changed first, with their announcements.',
          security,
          querystring: propertySearchQuery,
          response: { 200: envelope(propertySearchResponse) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.SearchProperties);
        return { data: await searchProperties(db, request.query.name) };
      },
    );

    app.get(
      '/api/agents/messages',
      {
        config: { access: access.agent() },
        schema: {
          tags,
          summary: 'Messages by delivery status (failed by default), newest first, without their text',
          description:
            'What the delivery did with each SMS, e-mail and WhatsApp message (decision 017): attempts, ' +
            'provider, last error. The text is left out: a login code must not reach an agent.',
          security,
          querystring: agentMessagesQuery,
          response: { 200: envelope(agentMessagesResponse) },
        },
      },
      async (request) => ({ data: await listMessages(db, request.query) }),
    );
  };
}
