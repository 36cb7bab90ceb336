import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { activeOfferStatuses } from '@casaoferta/domain/rules/offer-rules';
import {
  candidateContactVisible,
  isUnlocked,
  offerAmountVisible,
} from '@casaoferta/domain/rules/paid-unlock';
import { PAYMENT_VAT_PERCENT } from '@casaoferta/domain/rules/payment';
import type { AnnouncementTenants, AnnouncementUnlockPrice } from '@casaoferta/domain/schemas/payments';
import { offers, users } from '../../db/schema/index';
import { candidateDisplayName, findOwnAnnouncement } from '../offers/owner-views';
import { priceOf, type PaymentContext } from './service';

/**
 * What the payment of an announcement unlocks (decisions 021 and 026), read by its owner: its price and
 * what is locked now (`unlock-price`), and the candidates as the lock lets the owner see them
 * (`tenants`). Both answer 404 for an announcement that is not the caller's.
 */

/** GET /api/announcement/{id}/unlock-price. */
export async function unlockPrice(
  ctx: PaymentContext,
  ownerId: string,
  announcementId: string,
): Promise<AnnouncementUnlockPrice> {
  const announcement = await findOwnAnnouncement(ctx.db, ownerId, announcementId);
  const unlocked = isUnlocked(announcement);
  const price = priceOf(ctx.prices, announcement.typeCode);
  const [locked] = unlocked
    ? [{ n: 0 }]
    : await ctx.db
        .select({ n: count() })
        .from(offers)
        .where(
          and(
            eq(offers.announcementId, announcement.id),
            inArray(offers.statusCode, [...activeOfferStatuses]),
            eq(offers.isVisitRequest, false),
          ),
        );
  return {
    announcementId: announcement.id,
    unlocked,
    priceCents: price.totalCents,
    baseCents: price.baseCents,
    vatCents: price.vatCents,
    vatPercent: PAYMENT_VAT_PERCENT,
    currency: 'EUR',
    lockedOffers: locked?.n ?? 0,
    paidAt: announcement.paidAt ? announcement.paidAt.toISOString() : null,
    paidByAgent: announcement.paidByAgentId !== null,
  };
}

/**
 * GET /api/announcement/{id}/tenants: the candidates with an offer or visit request in course, newest
 * first (ordering by amount would tell the amounts while they are locked). Until the announcement is
 * paid each shows only "Laura G.", the verified badge and whether it is a visit request.
 */
export async function announcementTenants(
  ctx: PaymentContext,
  ownerId: string,
  announcementId: string,
): Promise<AnnouncementTenants> {
  const announcement = await findOwnAnnouncement(ctx.db, ownerId, announcementId);
  const rows = await ctx.db
    .select({
      offerId: offers.id,
      offerStatusCode: offers.statusCode,
      isVisitRequest: offers.isVisitRequest,
      amount: offers.amount,
      createdAt: offers.createdAt,
      name: users.name,
      surname: users.surname,
      phoneNumber: users.phoneNumber,
      isVerified: users.isVerified,
    })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.candidateId))
    .where(
      and(eq(offers.announcementId, announcement.id), inArray(offers.statusCode, [...activeOfferStatuses])),
    )
    .orderBy(desc(offers.createdAt), desc(offers.id));
  const contact = candidateContactVisible(announcement);
  return {
    announcementId: announcement.id,
    unlocked: isUnlocked(announcement),
    tenants: rows.map((row) => {
      const amountShown = offerAmountVisible(announcement, row) && !row.isVisitRequest;
      return {
        offerId: row.offerId,
        offerStatusCode: row.offerStatusCode,
        isVisitRequest: row.isVisitRequest,
        displayName: candidateDisplayName(row.name, row.surname),
        isVerified: row.isVerified,
        name: contact ? row.name : null,
        surname: contact ? row.surname : null,
        phoneNumber: contact ? row.phoneNumber : null,
        amount: amountShown ? row.amount : null,
        amountLocked: !offerAmountVisible(announcement, row),
        createdAt: row.createdAt.toISOString(),
      };
    }),
  };
}
