import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { Permission } from '@casaoferta/domain/permissions';
import type { Db } from '../../db/client';
import { requireAgent } from '../../platform/auth';
import {
  propertyReview,
  propertyValidationDecision,
  validationDecision,
  type PropertyValidationDecision,
  type ValidationDecision,
} from '@casaoferta/domain/schemas/moderation';
import { decideAnnouncement, decideProperty } from './validate';
import { reviewProperty } from './review';
import { decidePriceChange } from '../announcements/price-change';
import { priceChangeDecision, priceChangeState } from '@casaoferta/domain/schemas/favourites';
import { access } from '../../platform/access';
import type { ObjectStore } from '../../platform/storage/index';

const tags = ['agents'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

const decision = (b: ValidationDecision) => ({
  approve: b.validate ?? b.status ?? false,
  reason: b.reasons,
  revision: b.revision,
});
const propertyDecision = (b: PropertyValidationDecision) => ({
  ...decision(b),
  announcement: b.announcement && {
    id: b.announcement.id,
    approve: b.announcement.validate,
    reason: b.announcement.reasons,
    revision: b.announcement.revision,
  },
});

/**
 * The agents' validation calls (SPEC 4.5, 7.2). The agents' screens come with the back-office issue;
 * the rules and these endpoints are already the ones they will use. `publicUrl` is the app's address
 * for the links in the owner's notices (config.publicOrigin, never the request's).
 */
export function validationRoutes(db: Db, store: ObjectStore, publicUrl: string) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/agents/property/:id/review',
      {
        config: { access: access.agent(Permission.ValidateProperties) },
        schema: {
          tags,
          summary: 'What an agent decides on: the approved version, the pending revision, the announcements',
          description:
            'Each decision names the `revision` read here (of the property, or of an announcement): if the ' +
            'owner changed it since, the decision answers 409 `REVISION_OUTDATED` (decision 011).',
          security,
          params: idParams,
          response: { 200: envelope(propertyReview) },
        },
      },
      async (request) => ({ data: await reviewProperty(db, request.params.id) }),
    );

    app.post(
      '/api/agents/property/:id/validate',
      {
        config: { access: access.agent(Permission.ValidateProperties) },
        schema: {
          tags,
          summary: 'Validate or reject a property, or its pending revision (a reason is required to reject)',
          description:
            'A validated property with a pending revision is decided on the revision: approving applies ' +
            'it (the public page and the catalogue change), rejecting keeps the approved version and ' +
            'records the reason for the owner. `revision` must be the one reviewed, else 409 ' +
            '`REVISION_OUTDATED` (decision 011). On a property not validated yet, `announcement` decides ' +
            'its announcement pending validation in the same transaction, with one notice to the owner ' +
            '(decision 028): validated with the property, or rejected; it is never published unless the ' +
            'property is validated (422 `PROPERTY_NOT_VALIDATED`); a property rejected without rejecting ' +
            'it leaves it pending, to be decided with the corrected property.',
          security,
          params: idParams,
          body: propertyValidationDecision,
          response: { 200: envelope(z.object({ id: z.uuid(), fkUserId: z.uuid() })) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.ValidateProperties);
        const { filesLeft, ...data } = await decideProperty(
          db,
          store,
          request.params.id,
          propertyDecision(request.body),
          publicUrl,
        );
        if (filesLeft.length > 0)
          request.log.warn({ storageKeys: filesLeft }, 'approved revision: photo files left behind');
        return { data };
      },
    );

    app.post(
      '/api/agents/announcement/:id/validate',
      {
        config: { access: access.agent(Permission.ValidateAnnouncements) },
        schema: {
          tags,
          summary: 'Validate (publish for its period) or reject an announcement',
          description: '`revision` must be the one reviewed, else 409 `REVISION_OUTDATED` (decision 011).',
          security,
          params: idParams,
          body: validationDecision,
          response: { 200: envelope(z.object({ id: z.uuid(), userId: z.uuid() })) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.ValidateAnnouncements);
        return { data: await decideAnnouncement(db, request.params.id, decision(request.body), publicUrl) };
      },
    );

    app.post(
      '/api/agents/announcement/:id/price',
      {
        config: { access: access.agent(Permission.ValidateAnnouncements) },
        schema: {
          tags,
          summary: "Approve or refuse the owner's new price of a live announcement (decision 037)",
          description:
            'Approving publishes it (price history, the cards’ drop badge, the favourites’ alerts) in one ' +
            'transaction. `revision` must be the one reviewed, else 409 `REVISION_OUTDATED`; 409 ' +
            '`PRICE_CHANGE_NOT_PENDING` when no new price waits.',
          security,
          params: idParams,
          body: priceChangeDecision,
          response: { 200: envelope(priceChangeState) },
        },
      },
      async (request) => {
        requireAgent(request, Permission.ValidateAnnouncements);
        return { data: await decidePriceChange(db, request.params.id, request.body, publicUrl) };
      },
    );
  };
}
