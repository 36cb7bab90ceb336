import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import { announcementTenants, announcementUnlockPrice } from '@casaoferta/domain/schemas/payments';
import { access } from '../../platform/access';
import { requireUser } from '../../platform/auth';
import type { PaymentContext } from './service';
import { announcementTenants as tenantsOf, unlockPrice } from './unlock';

const tags = ['payments'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });

/**
 * SPEC 7.3's `unlock-price` and `tenants` of an announcement: what paying unlocks, and the candidates
 * as the paid unlock lets the owner see them (decision 026). Registered by `paymentRoutes`.
 */
export function unlockRoutes(ctx: PaymentContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/announcement/:id/unlock-price',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'What unlocking my announcement costs, and what is locked now',
          description:
            'The price of the announcement’s kind (configured, VAT included) with its base and 21 % VAT; ' +
            '`unlocked` is whether it is paid (or marked paid by an agent, `paidByAgent`). While locked, ' +
            '`lockedOffers` counts the offers in course whose amount is hidden (visit requests have none); ' +
            'once unlocked it is 0. 404 when the announcement is not the caller’s.',
          security,
          params: idParams,
          response: { 200: envelope(announcementUnlockPrice) },
        },
      },
      async (request) => ({ data: await unlockPrice(ctx, requireUser(request).user.id, request.params.id) }),
    );

    app.get(
      '/api/announcement/:id/tenants',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'The candidates of my announcement, as the paid unlock lets me see them',
          description:
            'Every candidate with an offer or visit request in course (sent or selected), newest first. ' +
            'Always their display name ("Laura G."), verified badge and whether it is a visit request; ' +
            'their name, surname and phone and the offer’s amount only once the announcement is paid ' +
            '(decision 026): until then those are null and `amountLocked` is true for price offers. ' +
            '404 when the announcement is not the caller’s.',
          security,
          params: idParams,
          response: { 200: envelope(announcementTenants) },
        },
      },
      async (request) => ({ data: await tenantsOf(ctx, requireUser(request).user.id, request.params.id) }),
    );
  };
}
