import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@casaoferta/domain/schemas/common';
import {
  inviteInput,
  myOfferDetail,
  offerSolvency,
  ownerOffer,
  ownerOfferDetail,
  ownerOffers,
  ownerOffersQuery,
  selectTenantInput,
  tenantContact,
  unlockPrice,
} from '@casaoferta/domain/schemas/offers';
import type { Db } from '../../db/client';
import { requireUser } from '../../platform/auth';
import { access } from '../../platform/access';
import { DomainError } from '../../platform/errors';
import { selectTenant } from './decide';
import {
  completeDataRequestsPerDay,
  invitesPerOwnerPerDay,
  invitesPerPhonePerDay,
  inviteToOffer,
  requestCompleteData,
  setFavorite,
} from './owner-tools';
import {
  findOfferWithCandidate,
  findOwnedOffer,
  listOwnerOffers,
  markSeen,
  ownerOfferDetail as ownerOfferDetailOf,
  ownerSolvency,
  tenantContactDto,
  unlockPriceDto,
} from './owner-views';
import { markOutcomeSeen, myOfferDetail as myOfferDetailOf } from './views';

const tags = ['offers'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const offerParams = z.object({ id: z.uuid(), offerId: z.uuid() });
const notFound = '404 when the announcement is not the caller’s or the offer is not on it.';

/**
 * The owner's side of offers and visit requests (SPEC 7.4): read them, mark favourites, weigh
 * solvency, ask for data, invite, and choose one. `publicUrl` is the app's address for links in
 * messages (config.publicOrigin, never the request's).
 */
export function ownerOfferRoutes(db: Db, publicUrl: string) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/announcement/:id/offers',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'The offers my announcement received, current and past, one page at a time',
          description:
            'Payment conditions, the candidate as "Laura G." with their verified mark, favourite, seen ' +
            'time and a solvency preview (master `offerAttributes.solvencyStatuses`). Until the ' +
            'announcement is paid, amounts and mortgage amounts are null with `amountLocked` and the ' +
            'solvency carries no figures, and `sort=amount` is 409 `OFFER_AMOUNTS_LOCKED`. Pages in ' +
            '`sort` order (date: newest first; amount: highest first; solvency: most reassuring first; ' +
            'by default amount once paid, else date), ' +
            'continued with the previous page’s `nextCursor` (400 for a cursor of another sort); ' +
            '`total` counts every offer the filter keeps, `received` every offer received. 404 when the ' +
            'announcement is not the caller’s.',
          security,
          params: idParams,
          querystring: ownerOffersQuery,
          response: { 200: envelope(ownerOffers) },
        },
      },
      async (request) => {
        const { sort, favorites, cursor, limit } = request.query;
        return {
          data: await listOwnerOffers(db, requireUser(request).user.id, request.params.id, {
            sort,
            favoritesOnly: favorites === 'true',
            cursor,
            limit,
          }),
        };
      },
    );

    app.get(
      '/api/announcement/:id/offer/:offerId',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'One offer with its timeline: the owner’s view, or the candidate’s own',
          description:
            'The announcement’s owner gets `ownerOfferDetail`; the first time they open a current offer ' +
            '(on their own session, not an agent acting as them) it is marked seen, once, with a ' +
            '"seen" event the candidate reads. The candidate who made the offer gets `myOfferDetail`, ' +
            'and its outcome (selected, not selected, ended) stops being news on /my-offers (issue 23). ' +
            '404 for anyone else, or an offer not on this announcement.',
          security,
          params: offerParams,
          response: { 200: envelope(z.union([ownerOfferDetail, myOfferDetail])) },
        },
      },
      async (request) => {
        const auth = requireUser(request);
        const { id, offerId } = request.params;
        const { offer, announcement, candidate } = await findOfferWithCandidate(db, id, offerId);
        if (announcement.ownerId === auth.user.id) {
          const current = auth.kind === 'user' ? await markSeen(db, offer, announcement) : offer;
          return { data: await ownerOfferDetailOf(db, current, announcement, candidate) };
        }
        if (offer.candidateId === auth.user.id) {
          // Opened by the candidate themselves (not an agent acting as them): its outcome is seen.
          if (auth.kind === 'user') await markOutcomeSeen(db, offer.id, auth.user.id);
          return { data: await myOfferDetailOf(db, offer, announcement) };
        }
        throw new DomainError('NOT_FOUND');
      },
    );

    for (const [path, isFavorite] of [
      ['/api/announcement/:id/offer/:offerId/mark-favorite', true],
      ['/api/announcement/:id/offer/:offerId/unmark-favorite', false],
    ] as const) {
      app.put(
        path,
        {
          config: { access: access.owner },
          schema: {
            tags,
            summary: isFavorite ? 'Mark an offer as a favourite' : 'Remove an offer from my favourites',
            description: `Idempotent; any offer received, current or past. ${notFound}`,
            security,
            params: offerParams,
            response: { 200: envelope(ownerOffer) },
          },
        },
        async (request) => {
          const { id, offerId } = request.params;
          return { data: await setFavorite(db, requireUser(request).user.id, id, offerId, isFavorite) };
        },
      );
    }

    app.get(
      '/api/announcement/:id/offer/:offerId/unlock-price',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'The offer’s amounts, once the announcement is paid',
          description: `\`unlocked: false\` with null amounts until the announcement is paid. ${notFound}`,
          security,
          params: offerParams,
          response: { 200: envelope(unlockPrice) },
        },
      },
      async (request) => {
        const { id, offerId } = request.params;
        const { offer, announcement } = await findOwnedOffer(db, requireUser(request).user.id, id, offerId);
        return { data: unlockPriceDto(offer, announcement) };
      },
    );

    app.get(
      '/api/announcement/:id/offer/:offerId/tenant-contact',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'The candidate’s contact details, once the announcement is paid',
          description:
            'Until the announcement is paid: `unlocked: false`, the display name ("Laura G.") and null ' +
            `surname and phone. ${notFound}`,
          security,
          params: offerParams,
          response: { 200: envelope(tenantContact) },
        },
      },
      async (request) => {
        const { id, offerId } = request.params;
        const { announcement, candidate } = await findOwnedOffer(
          db,
          requireUser(request).user.id,
          id,
          offerId,
        );
        return { data: tenantContactDto(announcement, candidate) };
      },
    );

    app.post(
      '/api/announcement/:id/offer/:offerId/select-tenant',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Choose this offer’s candidate; every other current offer is not selected',
          description:
            'The announcement (AST001 or AST003) becomes AST004 and the offer OSC002; the other sent ' +
            'offers become OSC004 with `reasonCode` (master `offerAttributes.decisionReasons`), which ' +
            'their candidates read in their timeline and in a notice. Exactly one selection wins: 409 ' +
            '`OFFER_ALREADY_SELECTED` once the announcement is decided, `INVALID_STATE` from any other ' +
            `state, \`OFFER_NOT_ACTIVE\` for a withdrawn or decided offer. ${notFound}`,
          security,
          params: offerParams,
          body: selectTenantInput,
          response: { 200: envelope(ownerOfferDetail) },
        },
      },
      async (request) => {
        const ownerId = requireUser(request).user.id;
        const { id, offerId } = request.params;
        await selectTenant(db, ownerId, id, offerId, request.body.reasonCode);
        const { offer, announcement, candidate } = await findOwnedOffer(db, ownerId, id, offerId);
        return { data: await ownerOfferDetailOf(db, offer, announcement, candidate) };
      },
    );

    app.post(
      '/api/announcement/:id/offer/:offerId/solvency',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'The solvency preview of this offer’s candidate',
          description:
            'The rule the candidate’s own solvency box reads (one domain rule, the same figure). A ' +
            'rental compares the monthly rent (the price for a visit request) with the net monthly ' +
            'income of the candidate’s household (the candidate, co-holders and guarantors, each salary ' +
            'band at its minimum; the candidate’s the salary declared with the offer when the profile ' +
            'has no band): the holders within 35 % OSS002, within 35 % only with the guarantors OSS003, ' +
            'up to 45 % OSS005, above OSS004; no income is OSS001 "Sin evaluar". `hasCoHolder` / ' +
            '`hasGuarantor` say whom the profile names. A sale is judged by its payment: cash or a ' +
            'pre-approved mortgage OSS002, a mortgage to approve OSS005. No figures (ratio null) while ' +
            `the amounts are locked; the status and the two flags show. ${notFound}`,
          security,
          params: offerParams,
          response: { 200: envelope(offerSolvency) },
        },
      },
      async (request) => {
        const { id, offerId } = request.params;
        const ownerId = requireUser(request).user.id;
        const { offer, announcement, candidate } = await findOwnedOffer(db, ownerId, id, offerId);
        return { data: ownerSolvency(offer, announcement, candidate.profile) };
      },
    );

    app.post(
      '/api/announcement/:id/offer/:offerId/request-complete-data',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Ask the candidate to complete their tenant profile',
          description:
            'A notice through the candidate’s notification settings (offers); nothing else is stored. ' +
            `At most ${completeDataRequestsPerDay} per offer a day: 429 \`RATE_LIMITED\` after that. ` +
            `409 \`OFFER_NOT_ACTIVE\` for a withdrawn or decided offer. ${notFound}`,
          security,
          params: offerParams,
          response: { 200: envelope(z.object({ requested: z.literal(true) })) },
        },
      },
      async (request) => {
        const { id, offerId } = request.params;
        await requestCompleteData(db, requireUser(request).user.id, id, offerId);
        return { data: { requested: true as const } };
      },
    );

    app.post(
      '/api/announcement/offers/invite',
      {
        config: { access: access.owner },
        schema: {
          tags,
          summary: 'Invite someone by phone (SMS) to make an offer on my announcement',
          description:
            'The SMS links to the property page and names the property by its kind and town, with no ' +
            'text of the owner’s. 404 when `announcementId` is not the caller’s; 400 `INVALID_PHONE` for ' +
            'a number that is not valid (`countryCode` is "ES" or a calling code such as "34"); 409 ' +
            '`ANNOUNCEMENT_NOT_OPEN` unless the announcement is published (AST001); 429 ' +
            '`RATE_LIMITED` (with Retry-After) for a second invitation to the same phone and announcement ' +
            `within a day, over ${invitesPerPhonePerDay} invitations to one phone a day from all owners, ` +
            `or over ${invitesPerOwnerPerDay} a day from the caller.`,
          security,
          body: inviteInput,
          response: { 200: envelope(z.object({ phoneNumber: z.string().describe('E.164') })) },
        },
      },
      async (request) => ({
        data: await inviteToOffer(db, requireUser(request).user.id, request.body, publicUrl),
      }),
    );
  };
}
