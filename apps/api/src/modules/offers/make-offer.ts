import { and, eq, inArray, sql } from 'drizzle-orm';
import { isRental, OfferEventKind, OfferPaymentType, OfferStatus } from '@casaoferta/domain/codes';
import {
  activeOfferStatuses,
  amountIssue,
  boundsFor,
  isOpenForOffers,
  offerIssue,
  offerKind,
  takesVisitRequests,
  type OfferContext,
} from '@casaoferta/domain/rules/offer-rules';
import { normalizeSpanishId } from '@casaoferta/domain/rules/spanish-id';
import { offerStep } from '@casaoferta/domain/rules/offer-amount';
import type { OfferInput, OfferManagement } from '@casaoferta/domain/schemas/offers';
import type { Db } from '../../db/client';
import { announcements, offers, users } from '../../db/schema/index';
import { announcementTitle } from './views';
import { DomainError } from '../../platform/errors';
import { transactionWithRetry } from '../../platform/transactions';
import {
  announceOfferChange,
  lockAnnouncementForOffers,
  recordOfferEvent,
  refreshOfferSummary,
  type AnnouncementRow,
  type OfferRow,
} from './offer-store';
import { notifyUser } from './notify';
import { offerNotices } from './texts';

/**
 * What a candidate's profile holds for offers. The tenant profile (its own issue) is not built yet, so
 * every profile counts as incomplete and the offer carries the employment section (SPEC 5.3); the
 * household has no co-holders or guarantors to compare the identifier with.
 */
export function candidateContext(editing: boolean): OfferContext {
  return { editing, profileComplete: false, household: { coHolders: [], guarantors: [] } };
}

export type MadeOffer = { offer: OfferRow; created: boolean };

/**
 * POST /api/announcement/{id}/offers. In one transaction holding the announcement's lock:
 * - the id already names an offer of this candidate on this announcement: the same terms again are a
 *   retry (the stored offer, nothing written); other terms edit it while it is current and bidding open;
 * - a new id: the candidate may not already have a current offer here, and the announcement must be open;
 * - every rule of the dialog is checked again (`offerIssue`), then the row, its event, the announcement's
 *   highest offer and count, the owner's notice and the live event are written together.
 */
export async function makeOffer(
  db: Db,
  candidateId: string,
  announcementId: string,
  input: OfferInput,
): Promise<MadeOffer> {
  return transactionWithRetry(db, async (tx) => {
    const announcement = await lockAnnouncementForOffers(tx, announcementId);
    const [existing] = await tx.select().from(offers).where(eq(offers.id, input.id));
    if (existing && (existing.candidateId !== candidateId || existing.announcementId !== announcementId))
      throw new DomainError('NOT_FOUND');
    if (existing && sameTerms(existing, input, announcement)) return { offer: existing, created: false };

    if (announcement.ownerId === candidateId) throw new DomainError('OWN_ANNOUNCEMENT');
    await assertNotBlocked(tx, candidateId);
    if (!isOpenForOffers(announcement.statusCode)) throw new DomainError('ANNOUNCEMENT_NOT_OPEN');
    if (existing && existing.statusCode !== OfferStatus.Sent) throw new DomainError('OFFER_NOT_ACTIVE');
    if (!existing) {
      const [current] = await tx
        .select({ id: offers.id })
        .from(offers)
        .where(
          and(
            eq(offers.announcementId, announcementId),
            eq(offers.candidateId, candidateId),
            inArray(offers.statusCode, activeOfferStatuses),
          ),
        );
      if (current) throw new DomainError('OFFER_ALREADY_ACTIVE');
    }

    const issue = offerIssue(announcement, input, candidateContext(existing !== undefined));
    if (issue) throw new DomainError(issue.code, issue.field);

    const values = storedTerms(input, announcement);
    const [offer] = existing
      ? await tx
          .update(offers)
          .set({ ...values, updatedAt: sql`now()` })
          .where(and(eq(offers.id, existing.id), eq(offers.statusCode, OfferStatus.Sent)))
          .returning()
      : await tx
          .insert(offers)
          .values({ id: input.id, announcementId, candidateId, ...values })
          .returning();
    if (!offer) throw new DomainError('OFFER_NOT_ACTIVE');
    const kind = existing ? OfferEventKind.Modified : OfferEventKind.Sent;
    await recordOfferEvent(tx, offer.id, kind, { amount: offer.isVisitRequest ? null : offer.amount });
    const summary = await refreshOfferSummary(tx, announcementId);
    if (!existing) await notifyOwnerOfNewOffer(tx, announcement, offer);
    await announceOfferChange(tx, {
      announcementId,
      ownerId: announcement.ownerId,
      offerId: offer.id,
      candidateId,
      offerStatusCode: offer.statusCode,
      kind,
      summary,
    });
    return { offer, created: !existing };
  });
}

async function assertNotBlocked(tx: Db, userId: string): Promise<void> {
  // FOR SHARE: a block of this user (which withdraws their offers) waits for this offer, or this offer
  // waits for the block and sees it.
  const [user] = await tx
    .select({ isBlocked: users.isBlocked })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  if (!user || user.isBlocked) throw new DomainError('USER_BLOCKED');
}

/** The columns an offer stores: sale fields only on sales, the salary rounded down (SPEC 5.3). */
function storedTerms(input: OfferInput, announcement: AnnouncementRow) {
  // A visit request has no price, so no purchase conditions either.
  const sale = offerKind(announcement) === 'sale' && !takesVisitRequests(announcement.offerTypeCode);
  const employmentSale = offerKind(announcement) === 'sale';
  const mortgage = sale && input.offerPaymentType === OfferPaymentType.Mortgage;
  return {
    amount: input.amount,
    isVisitRequest: takesVisitRequests(announcement.offerTypeCode),
    paymentType: sale ? input.offerPaymentType : OfferPaymentType.Cash,
    description: sale ? input.description || null : null,
    reasonPurchaseCode: sale ? (input.reasonPurchaseCode ?? null) : null,
    mortgageAmount: mortgage ? (input.mortgageAmount ?? null) : null,
    mortgagePreApproved: mortgage ? (input.mortgagePreApproved ?? false) : null,
    nif: !employmentSale && input.nif ? normalizeSpanishId(input.nif) : null,
    typeContractCode: input.typeContractCode ?? null,
    salary: !employmentSale && input.salary !== undefined ? Math.floor(input.salary) : null,
  };
}

/** A retry of what is stored: the same terms, as they would be stored. */
function sameTerms(offer: OfferRow, input: OfferInput, announcement: AnnouncementRow): boolean {
  const wanted = storedTerms(input, announcement);
  return (Object.keys(wanted) as (keyof typeof wanted)[]).every((key) => offer[key] === wanted[key]);
}

async function notifyOwnerOfNewOffer(tx: Db, announcement: AnnouncementRow, offer: OfferRow) {
  const title = announcementTitle(announcement);
  if (offer.isVisitRequest) {
    await notifyUser(tx, announcement.ownerId, 'visits', offerNotices.newVisitRequest(title));
  } else {
    const notice = offerNotices.newOffer(title, offer.amount, isRental(announcement.typeCode));
    await notifyUser(tx, announcement.ownerId, 'offers', notice);
  }
}

/**
 * POST /api/announcement/{id}/pending-offers: before the management dialog, the amount is checked against
 * the announcement as it is now and the dialog learns which sections to ask for. Nothing is stored: the
 * offer exists once it is sent (decision 014).
 */
export async function pendingOffer(
  db: Db,
  candidateId: string,
  announcementId: string,
  input: { offerId: string; amount: number; offerPaymentType: string },
): Promise<OfferManagement> {
  const { announcement, own } = await candidateView(db, candidateId, announcementId);
  if (announcement.ownerId === candidateId) throw new DomainError('OWN_ANNOUNCEMENT');
  if (!isOpenForOffers(announcement.statusCode)) throw new DomainError('ANNOUNCEMENT_NOT_OPEN');
  if (own && own.id !== input.offerId) throw new DomainError('OFFER_ALREADY_ACTIVE');
  // Only the amount is judged here: the sections come next, in the management dialog.
  const issue = amountIssue(announcement, input.amount);
  if (issue) throw new DomainError(issue.code, issue.field);
  const context = candidateContext(own !== undefined);
  return {
    announcementId,
    announcementTypeCode: announcement.typeCode,
    announcementOfferTypeCode: announcement.offerTypeCode,
    isVisitRequest: takesVisitRequests(announcement.offerTypeCode),
    price: announcement.price,
    highestOffer: announcement.highestOffer,
    yourOffer: own && !own.isVisitRequest ? own.amount : null,
    yourOfferId: own?.id ?? null,
    bounds: boundsFor(announcement),
    step: offerStep(offerKind(announcement)),
    actions: {
      canMakeOffer: true,
      hasTenantProfileCompleted: context.profileComplete,
      hasTenantProfileCompletedToOffer: context.profileComplete,
      hasProfileCompletedToSaleOffer: context.profileComplete,
    },
  };
}

/** The announcement and the candidate's current offer on it (if any). 404 when the announcement is missing. */
async function candidateView(db: Db, candidateId: string, announcementId: string) {
  const [announcement] = await db.select().from(announcements).where(eq(announcements.id, announcementId));
  if (!announcement) throw new DomainError('NOT_FOUND');
  const [own] = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.announcementId, announcementId),
        eq(offers.candidateId, candidateId),
        inArray(offers.statusCode, activeOfferStatuses),
      ),
    );
  return { announcement, own };
}
