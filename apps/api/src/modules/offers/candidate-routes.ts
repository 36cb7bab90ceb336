import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  myOffer,
  myOffersFilter,
  myOffersPage,
  myOffersQuery,
  offerInput,
  offerManagement,
  pendingOfferInput,
} from '@casaoferta/domain/schemas/offers';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { access } from '../../platform/access';
import { makeOffer, pendingOffer } from './make-offer';
import { myCurrentOffers, myOfferDto, myUnseenOutcomes, searchMyOffers } from './views';
import { withdrawOffer } from './withdraw-offer';

const tags = ['offers'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const offerParams = z.object({ id: z.uuid(), offerId: z.uuid() });

/** The candidate's side of offers and visit requests (SPEC 7.4). Offers use the person's own session (SPEC 6). */
export function candidateOfferRoutes(db: Db) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/announcement/:id/pending-offers',
      {
        config: { access: access.userOnly },
        schema: {
          tags,
          summary: 'Check an amount before the management dialog; says which sections to ask for',
          description:
            'Stores nothing (decision 014). `actions` says what my stored tenant profile already holds ' +
            '(the employment section is asked for only without it). 404 when the announcement does not ' +
            'exist; 422 `OWN_ANNOUNCEMENT`, `OFFER_TOO_LOW`/`OFFER_TOO_HIGH`/`OFFER_NOT_WHOLE_EUROS`, ' +
            '`VISIT_AMOUNT_NOT_ZERO`; 409 `ANNOUNCEMENT_NOT_OPEN`, `OFFER_ALREADY_ACTIVE` (another current offer).',
          security,
          params: idParams,
          body: pendingOfferInput,
          response: { 200: envelope(offerManagement) },
        },
      },
      async (request) => ({
        data: await pendingOffer(db, requireUser(request).user.id, request.params.id, request.body),
      }),
    );

    app.post(
      '/api/announcement/:id/offers',
      {
        // Every offer on one announcement takes its row lock: a turn per process (platform/hot-writes.ts).
        config: { access: access.userOnly, hotWrite: true },
        schema: {
          tags,
          summary: 'Send an offer or a visit request (amount 0), or edit my current offer',
          description:
            'The client generates `id`. A new id creates the offer (201); the id of my current offer with ' +
            'other terms edits it (200, the timeline keeps the change); the same id and terms again is a ' +
            'retry and answers the stored offer (200), never a second row. Every rule of the offer dialog ' +
            'is checked again: bounds ±50 % of max(price, highest offer), whole euros, sale conditions ' +
            '(mortgage required with OPT001, ≥ 0, never above the offer, new or edited; reason for purchase), ' +
            'the employment section (DNI/NIE with its check letter, not a co-holder’s or guarantor’s of ' +
            'my profile: `NIF_USED_BY_COTITULAR`, `NIF_USED_BY_GUARANTOR`; contract type; salary ' +
            '300–10.000 € rounded down), which may be left out once my tenant profile holds it (the ' +
            'contract type for a sale; identifier, contract type and salary band for a rental). With ' +
            '`saveToProfile: true` that section is also saved to my profile in the same transaction (the ' +
            'salary as its band; 422 `UNKNOWN_OPTION` for a contract type the profile does not know: ' +
            'nothing stored); without it the profile is never written. `shareDocuments` is my consent ' +
            'for this offer’s owner to read my documents, stored in the same transaction (true grants it, ' +
            'keeping its first time; false revokes it; absent leaves it as it is): a refused offer shares ' +
            'nothing. A sale stating arras needs `acceptsArras: true` (422 `ARRAS_NOT_ACCEPTED`); the offer ' +
            'keeps the terms accepted (`acceptedArras`). 409 ' +
            '`ANNOUNCEMENT_NOT_OPEN` unless the announcement is published (AST001), ' +
            '`OFFER_ALREADY_ACTIVE` with another current offer, `OFFER_NOT_ACTIVE` editing a withdrawn ' +
            'or decided one; 422 `OWN_ANNOUNCEMENT`; 404 for an id that is not mine.',
          security,
          params: idParams,
          body: offerInput,
          response: { 200: envelope(myOffer), 201: envelope(myOffer) },
        },
      },
      async (request, reply) => {
        const candidateId = requireUser(request).user.id;
        const { offer, created, announcement } = await makeOffer(
          db,
          candidateId,
          request.params.id,
          request.body,
        );
        return reply.status(created ? 201 : 200).send({ data: myOfferDto(offer, announcement) });
      },
    );

    app.put(
      '/api/announcement/:id/offer/:offerId/withdraw',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Withdraw my offer (a new one is possible afterwards)',
          description:
            '409 `OFFER_NOT_ACTIVE` once withdrawn, selected or decided; 404 for an offer that is not mine.',
          security,
          params: offerParams,
          response: { 200: envelope(myOffer) },
        },
      },
      async (request) => {
        const { id, offerId } = request.params;
        const { offer, announcement } = await withdrawOffer(db, requireUser(request).user.id, id, offerId);
        return { data: myOfferDto(offer, announcement) };
      },
    );

    app.get(
      '/api/tenant/offers',
      {
        config: { access: access.user },
        schema: {
          tags,
          summary: 'My current offers (sent or selected), optionally on one announcement',
          description:
            'With `outcome=unseen`: my decided offers (selected, not selected with the owner’s reason, ' +
            'ended) I have not opened since the decision, newest first, on every kind of announcement ' +
            '(issue 23). Opening one (GET /api/announcement/{id}/offer/{offerId}) marks it seen; until ' +
            'then the offer lists leave it out.',
          security,
          querystring: myOffersFilter,
          response: { 200: envelope(z.array(myOffer)) },
        },
      },
      async (request) => {
        const userId = requireUser(request).user.id;
        const { announcementId } = request.query;
        if (request.query.outcome === 'unseen')
          return { data: await myUnseenOutcomes(db, userId, announcementId) };
        return { data: await myCurrentOffers(db, userId, announcementId) };
      },
    );

    for (const [path, sale] of [
      ['/api/announcement/offers/search', false],
      ['/api/announcement/offers/sale-search', true],
    ] as const) {
      app.post(
        path,
        {
          config: { access: access.user },
          schema: {
            tags,
            summary: `A page of my ${sale ? 'sale' : 'rental'} offers, newest change first`,
            security,
            body: myOffersQuery,
            response: { 200: envelope(myOffersPage) },
          },
        },
        async (request) => ({
          data: await searchMyOffers(db, requireUser(request).user.id, sale, request.body),
        }),
      );
    }
  };
}
