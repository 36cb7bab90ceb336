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
} from '@casaoferta/domain/rules/offer-rules';
import { normalizeSpanishId } from '@casaoferta/domain/rules/spanish-id';
import { offerStep } from '@casaoferta/domain/rules/offer-amount';
import type { OfferInput, OfferManagement } from '@casaoferta/domain/schemas/offers';
import type { Db } from '../../db/client';
import { alias } from 'drizzle-orm/pg-core';
import { announcements, offerEvents, offers, outbox, users } from '../../db/schema/index';
import { announcementTitle } from './views';
import { DomainError } from '../../platform/errors';
import { transactionWithRetry } from '../../platform/transactions';
import {
  announceOfferChange,
  lockAnnouncementForOffers,
  OFFER_CHANNEL,
  recordOfferEvent,
  refreshOfferSummary,
  type AnnouncementRow,
  type OfferRow,
} from './offer-store';
import { noticeRecipients, type Contact } from './notify';
import { candidateProfileSql, completenessOf, offerContextOf } from './candidate-profile';
import { offerNotices } from './texts';

export type MadeOffer = { offer: OfferRow; created: boolean; announcement: AnnouncementRow };

/**
 * POST /api/announcement/{id}/offers. In one transaction holding the announcement's lock:
 * - the id already names an offer of this candidate on this announcement: the same terms again are a
 *   retry (the stored offer, nothing written); other terms edit it while it is current and bidding open;
 * - a new id: the candidate may not already have a current offer here, and the announcement must be open;
 * - every rule of the dialog is checked again (`offerIssue`) against the candidate's stored profile (a
 *   complete one needs no employment section; the identifier may not be a co-holder's or guarantor's),
 *   then the row, its event, the announcement's highest offer and count, the owner's notice and the live
 *   event are written together. Without an employment section those columns stay null: the owner reads
 *   the profile.
 * A new offer, the common case, costs the lock, one read and one write statement (docs/PERFORMANCE.md).
 */
export async function makeOffer(
  db: Db,
  candidateId: string,
  announcementId: string,
  input: OfferInput,
): Promise<MadeOffer> {
  return transactionWithRetry(db, async (tx) => {
    const announcement = await lockAnnouncementForOffers(tx, announcementId);
    const { existing, current, owner, candidateBlocked, profile } = await readForOffer(
      tx,
      announcement,
      candidateId,
      input.id,
    );
    if (existing && (existing.candidateId !== candidateId || existing.announcementId !== announcementId))
      throw new DomainError('NOT_FOUND');
    if (existing && sameTerms(existing, input, announcement))
      return { offer: existing, created: false, announcement };

    if (announcement.ownerId === candidateId) throw new DomainError('OWN_ANNOUNCEMENT');
    if (candidateBlocked) throw new DomainError('USER_BLOCKED');
    if (!isOpenForOffers(announcement.statusCode)) throw new DomainError('ANNOUNCEMENT_NOT_OPEN');
    if (existing && existing.statusCode !== OfferStatus.Sent) throw new DomainError('OFFER_NOT_ACTIVE');
    if (!existing && current) throw new DomainError('OFFER_ALREADY_ACTIVE');

    const issue = offerIssue(
      announcement,
      input,
      offerContextOf(profile, announcement, existing !== undefined),
    );
    if (issue) throw new DomainError(issue.code, issue.field);

    const values = storedTerms(input, announcement);
    if (!existing) {
      const offer = { id: input.id, announcementId, candidateId, ...values };
      return { ...(await insertOffer(tx, announcement, offer, owner)), created: true };
    }
    const [offer] = await tx
      .update(offers)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(offers.id, existing.id), eq(offers.statusCode, OfferStatus.Sent)))
      .returning();
    if (!offer) throw new DomainError('OFFER_NOT_ACTIVE');
    await recordOfferEvent(tx, offer.id, OfferEventKind.Modified, {
      amount: offer.isVisitRequest ? null : offer.amount,
    });
    const summary = await refreshOfferSummary(tx, announcementId);
    await announceOfferChange(tx, {
      announcementId,
      ownerId: announcement.ownerId,
      offerId: offer.id,
      candidateId,
      offerStatusCode: offer.statusCode,
      kind: OfferEventKind.Modified,
      summary,
    });
    return { offer, created: false, announcement: { ...announcement, ...summary } };
  });
}

const candidates = alias(users, 'candidate');
const owners = alias(users, 'owner');
const currentOffer = alias(offers, 'current_offer');

/**
 * One read after the announcement's lock is held (a statement of its own, so it sees every offer committed
 * before the lock was granted): the offer the id names (if any), the candidate's current offer there (if
 * any), how to reach the owner, whether the candidate is blocked, with their row held `for share` so a
 * block of this user (which withdraws their offers) waits for this offer or this offer sees the block,
 * and the candidate's tenant profile (candidate-profile.ts).
 */
async function readForOffer(tx: Db, announcement: AnnouncementRow, candidateId: string, offerId: string) {
  const [row] = await tx
    .select({
      candidateBlocked: candidates.isBlocked,
      existing: offers,
      currentId: currentOffer.id,
      owner: { phone: owners.phoneNumber, email: owners.email, settings: owners.notificationSettings },
      profile: candidateProfileSql(candidates.id),
    })
    .from(candidates)
    .innerJoin(owners, eq(owners.id, announcement.ownerId))
    .leftJoin(offers, eq(offers.id, offerId))
    .leftJoin(
      currentOffer,
      and(
        eq(currentOffer.announcementId, announcement.id),
        eq(currentOffer.candidateId, candidates.id),
        inArray(currentOffer.statusCode, activeOfferStatuses),
      ),
    )
    .where(eq(candidates.id, candidateId))
    .limit(1)
    .for('share', { of: candidates });
  if (!row) throw new DomainError('USER_BLOCKED');
  return {
    existing: row.existing ?? undefined,
    current: row.currentId ?? undefined,
    owner: row.owner,
    candidateBlocked: row.candidateBlocked,
    profile: row.profile,
  };
}

/**
 * A new offer in one statement: the row, its 'sent' event, the announcement's highest offer and count
 * (a new current offer only raises them: under the lock the stored figures are exact), the owner's
 * notices and the live event.
 */
async function insertOffer(
  tx: Db,
  announcement: AnnouncementRow,
  offer: Omit<
    typeof offers.$inferInsert,
    'id' | 'announcementId' | 'candidateId' | 'amount' | 'isVisitRequest'
  > & {
    id: string;
    announcementId: string;
    candidateId: string;
    amount: number;
    isVisitRequest: boolean;
  },
  owner: Contact,
): Promise<{ offer: OfferRow; announcement: AnnouncementRow }> {
  const visit = offer.isVisitRequest;
  const notice = visit
    ? offerNotices.newVisitRequest(announcementTitle(announcement))
    : offerNotices.newOffer(announcementTitle(announcement), offer.amount, isRental(announcement.typeCode));
  const messages = noticeRecipients(owner, visit ? 'visits' : 'offers').map(
    ([channel, recipient]) => sql`(${channel}, ${recipient}, ${notice.subject}, ${notice.body})`,
  );
  const outboxInsert =
    messages.length > 0
      ? sql`, n as (insert into ${outbox} (channel, recipient, subject, body) values ${sql.join(messages, sql`, `)})`
      : sql``;
  const result = await tx.execute(sql`
    with o as (
      insert into ${offers} (id, announcement_id, candidate_id, amount, is_visit_request, payment_type,
        description, reason_purchase_code, mortgage_amount, mortgage_pre_approved, nif, type_contract_code, salary)
      values (${offer.id}, ${offer.announcementId}, ${offer.candidateId}, ${offer.amount}, ${visit},
        ${offer.paymentType}, ${offer.description}, ${offer.reasonPurchaseCode}, ${offer.mortgageAmount},
        ${offer.mortgagePreApproved}, ${offer.nif}, ${offer.typeContractCode}, ${offer.salary})
      returning id, created_at, updated_at
    ), e as (
      insert into ${offerEvents} (offer_id, kind, amount)
      select id, ${OfferEventKind.Sent}, ${visit ? null : offer.amount}::integer from o
    ), s as (
      update ${announcements} set
        highest_offer = case when ${visit} then highest_offer else greatest(highest_offer, ${offer.amount}::integer) end,
        offers_count = offers_count + 1
      where id = ${offer.announcementId}
      returning status_code, highest_offer, offers_count
    )${outboxInsert}
    select o.created_at, o.updated_at, s.status_code, s.highest_offer, s.offers_count,
      pg_notify(${OFFER_CHANNEL}, json_build_object(
        'announcementId', ${offer.announcementId}::uuid, 'ownerId', ${announcement.ownerId}::uuid,
        'offerId', o.id, 'candidateId', ${offer.candidateId}::uuid, 'offerStatusCode', ${OfferStatus.Sent}::text,
        'kind', ${OfferEventKind.Sent}::text,
        'summary', json_build_object('statusCode', s.status_code, 'highestOffer', s.highest_offer,
          'offersCount', s.offers_count))::text)
    from o, s`);
  const [row] = (result as unknown as { rows: InsertedRow[] }).rows;
  if (!row) throw new DomainError('NOT_FOUND');
  const at = (value: Date | string) => (value instanceof Date ? value : new Date(value));
  return {
    offer: {
      description: null,
      reasonPurchaseCode: null,
      mortgageAmount: null,
      mortgagePreApproved: null,
      nif: null,
      typeContractCode: null,
      salary: null,
      documentsSharedAt: null,
      paymentType: OfferPaymentType.Cash,
      ...offer,
      statusCode: OfferStatus.Sent,
      isFavorite: false,
      seenAt: null,
      decisionReasonCode: null,
      createdAt: at(row.created_at),
      updatedAt: at(row.updated_at),
    },
    announcement: {
      ...announcement,
      statusCode: row.status_code,
      highestOffer: row.highest_offer,
      offersCount: row.offers_count,
    },
  };
}

interface InsertedRow {
  created_at: Date | string;
  updated_at: Date | string;
  status_code: string;
  highest_offer: number | null;
  offers_count: number;
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
  const { announcement, own, profile } = await candidateView(db, candidateId, announcementId);
  if (announcement.ownerId === candidateId) throw new DomainError('OWN_ANNOUNCEMENT');
  if (!isOpenForOffers(announcement.statusCode)) throw new DomainError('ANNOUNCEMENT_NOT_OPEN');
  if (own && own.id !== input.offerId) throw new DomainError('OFFER_ALREADY_ACTIVE');
  // Only the amount is judged here: the sections come next, in the management dialog.
  const issue = amountIssue(announcement, input.amount);
  if (issue) throw new DomainError(issue.code, issue.field);
  const completeness = completenessOf(profile);
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
    actions: { canMakeOffer: true, ...completeness },
  };
}

/**
 * In one statement: the announcement, the candidate's current offer on it (if any) and the candidate's
 * tenant profile. 404 when the announcement is missing.
 */
async function candidateView(db: Db, candidateId: string, announcementId: string) {
  const [row] = await db
    .select({ announcement: announcements, own: offers, profile: candidateProfileSql(candidateId) })
    .from(announcements)
    .leftJoin(
      offers,
      and(
        eq(offers.announcementId, announcements.id),
        eq(offers.candidateId, candidateId),
        inArray(offers.statusCode, activeOfferStatuses),
      ),
    )
    .where(eq(announcements.id, announcementId))
    .limit(1);
  if (!row) throw new DomainError('NOT_FOUND');
  return { announcement: row.announcement, own: row.own ?? undefined, profile: row.profile };
}
