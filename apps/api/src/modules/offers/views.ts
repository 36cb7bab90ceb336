import { and, asc, desc, eq, exists, gt, inArray, lt, ne, not, or, sql, type SQL } from 'drizzle-orm';
import {
  AnnouncementType,
  OfferEventKind,
  OfferStatus,
  type OfferDecisionReasonCode,
} from '@casaoferta/domain/codes';
import { activeOfferStatuses } from '@casaoferta/domain/rules/offer-rules';
import { isHighestOffer as isHighestBySummary } from '@casaoferta/domain/rules/offer-summary';
import type { MyOffer, MyOfferDetail, MyOffersPage, OfferEventDto } from '@casaoferta/domain/schemas/offers';
import { defaultTitle } from '@casaoferta/domain/titles';
import type { Db } from '../../db/client';
import { announcements, offerEvents, offers } from '../../db/schema/index';
import { toImageDto } from '../../platform/media';
import { DomainError } from '../../platform/errors';
import type { AnnouncementRow, OfferRow } from './offer-store';

/** The title people know an announcement by: the owner's own, else the automatic one (card columns). */
export const announcementTitle = (a: AnnouncementRow): string =>
  a.customTitle || defaultTitle(a.typeCode, a.propertyTypeCode, a.municipalityName);

export function offerAnnouncementDto(a: AnnouncementRow) {
  return {
    id: a.id,
    propertyId: a.propertyId,
    title: announcementTitle(a),
    typeCode: a.typeCode,
    offerTypeCode: a.offerTypeCode,
    statusCode: a.statusCode,
    price: a.price,
    highestOffer: a.highestOffer,
    offersCount: a.offersCount,
    municipalityName: a.municipalityName,
    provinceName: a.provinceName,
    image: a.coverImage ? toImageDto(a.coverImage) : null,
  };
}

/** The terms both sides read (SPEC 3 "Offer"). */
export function offerTermsDto(o: OfferRow) {
  return {
    id: o.id,
    announcementId: o.announcementId,
    statusCode: o.statusCode as MyOffer['statusCode'],
    isVisitRequest: o.isVisitRequest,
    offerPaymentType: o.paymentType as MyOffer['offerPaymentType'],
    reasonPurchaseCode: o.reasonPurchaseCode,
    mortgagePreApproved: o.mortgagePreApproved,
    description: o.description,
    typeContractCode: o.typeContractCode,
    acceptedArras: o.acceptedArras ?? null,
    decisionReasonCode: o.decisionReasonCode as OfferDecisionReasonCode | null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/**
 * "Tu oferta es la más alta": a sent price offer at the announcement's highest (domain
 * rules/offer-summary.ts; ties count). A selected offer has won and reads as such instead.
 */
export const isHighestOffer = (o: OfferRow, a: AnnouncementRow): boolean =>
  isHighestBySummary(o, a.highestOffer);

export function myOfferDto(o: OfferRow, a: AnnouncementRow): MyOffer {
  return {
    ...offerTermsDto(o),
    amount: o.amount,
    mortgageAmount: o.mortgageAmount,
    salary: o.salary,
    isHighest: isHighestOffer(o, a),
    announcement: offerAnnouncementDto(a),
  };
}

export async function offerTimeline(db: Db, offerId: string): Promise<OfferEventDto[]> {
  const rows = await db
    .select()
    .from(offerEvents)
    .where(eq(offerEvents.offerId, offerId))
    .orderBy(asc(offerEvents.id));
  return rows.map((e) => ({
    kind: e.kind as OfferEventDto['kind'],
    at: e.createdAt.toISOString(),
    amount: e.amount,
    reasonCode: e.reasonCode as OfferEventDto['reasonCode'],
  }));
}

/** GET /api/announcement/{id}/offer/{offerId} for its candidate. */
export async function myOfferDetail(db: Db, offer: OfferRow, a: AnnouncementRow): Promise<MyOfferDetail> {
  return { ...myOfferDto(offer, a), timeline: await offerTimeline(db, offer.id) };
}

/** The candidate's offers that meet `condition`, on one announcement if given, newest change first. */
async function myOffersWhere(
  db: Db,
  candidateId: string,
  announcementId: string | undefined,
  condition: SQL,
  limit: number,
): Promise<MyOffer[]> {
  const rows = await db
    .select({ offer: offers, announcement: announcements })
    .from(offers)
    .innerJoin(announcements, eq(announcements.id, offers.announcementId))
    .where(
      and(
        eq(offers.candidateId, candidateId),
        condition,
        announcementId ? eq(offers.announcementId, announcementId) : undefined,
      ),
    )
    .orderBy(desc(offers.updatedAt), desc(offers.id))
    .limit(limit);
  return rows.map((r) => myOfferDto(r.offer, r.announcement));
}

/** GET /api/tenant/offers: the candidate's current offers, newest change first (optionally on one announcement). */
export const myCurrentOffers = (db: Db, candidateId: string, announcementId?: string): Promise<MyOffer[]> =>
  myOffersWhere(db, candidateId, announcementId, inArray(offers.statusCode, activeOfferStatuses), 200);

const closedStatuses = [OfferStatus.Withdrawn, OfferStatus.NotSelected, OfferStatus.Ended];

/** Offers the owner (or the announcement's end) decided, and the events that tell the candidate so. */
const decidedStatuses = [OfferStatus.Selected, OfferStatus.NotSelected, OfferStatus.Ended];
const outcomeEventKinds = [OfferEventKind.Selected, OfferEventKind.NotSelected, OfferEventKind.Ended];

/**
 * A decided offer whose latest outcome event came after the last one its candidate opened the offer
 * on (issue 23): news for them, listed first on /my-offers and out of the lists until opened.
 */
const outcomeUnseen = (db: Db): SQL =>
  and(
    inArray(offers.statusCode, decidedStatuses),
    exists(
      db
        .select({ id: offerEvents.id })
        .from(offerEvents)
        .where(
          and(
            eq(offerEvents.offerId, offers.id),
            inArray(offerEvents.kind, outcomeEventKinds),
            gt(offerEvents.id, sql`coalesce(${offers.outcomeSeenEventId}, 0)`),
          ),
        ),
    ),
  ) ?? sql`false`;

/** GET /api/tenant/offers?outcome=unseen: my decided offers not opened since, newest change first. */
export const myUnseenOutcomes = (db: Db, candidateId: string, announcementId?: string): Promise<MyOffer[]> =>
  myOffersWhere(db, candidateId, announcementId, outcomeUnseen(db), 50);

/**
 * The candidate opened their offer: its outcome so far is seen, in one statement (the latest outcome
 * event it records is the one that statement sees; a decision committed later is news again).
 */
export async function markOutcomeSeen(db: Db, offerId: string, candidateId: string): Promise<void> {
  await db
    .update(offers)
    .set({
      outcomeSeenEventId: sql`(select max(e.id) from ${offerEvents} e where e.offer_id = ${offers.id}
        and e.kind in (${sql.join(
          outcomeEventKinds.map((kind) => sql`${kind}`),
          sql`, `,
        )}))`,
    })
    .where(
      and(
        eq(offers.id, offerId),
        eq(offers.candidateId, candidateId),
        inArray(offers.statusCode, decidedStatuses),
      ),
    );
}

/** Cursor of the candidate's lists: the last row's change time and id. */
const encodeCursor = (o: OfferRow) =>
  Buffer.from(`${o.updatedAt.toISOString()}|${o.id}`).toString('base64url');
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(date.getTime()))
    throw new DomainError('INVALID_INPUT', 'cursor');
  return { at: date, id };
}

/** POST /api/announcement/offers/search (rentals) and /sale-search (sales): a page of my offers. */
export async function searchMyOffers(
  db: Db,
  candidateId: string,
  sale: boolean,
  query: { status: 'active' | 'closed' | 'all'; limit: number; cursor?: string },
): Promise<MyOffersPage> {
  const conditions: (SQL | undefined)[] = [
    eq(offers.candidateId, candidateId),
    sale
      ? eq(announcements.typeCode, AnnouncementType.Sale)
      : ne(announcements.typeCode, AnnouncementType.Sale),
    query.status === 'active' ? inArray(offers.statusCode, activeOfferStatuses) : undefined,
    query.status === 'closed' ? inArray(offers.statusCode, closedStatuses) : undefined,
    // An outcome not opened yet is listed above the lists (myUnseenOutcomes), not in them.
    not(outcomeUnseen(db)),
  ];
  if (query.cursor) {
    const { at, id } = decodeCursor(query.cursor);
    conditions.push(or(lt(offers.updatedAt, at), and(eq(offers.updatedAt, at), lt(offers.id, id))));
  }
  const rows = await db
    .select({ offer: offers, announcement: announcements })
    .from(offers)
    .innerJoin(announcements, eq(announcements.id, offers.announcementId))
    .where(and(...conditions))
    .orderBy(desc(offers.updatedAt), desc(offers.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => myOfferDto(r.offer, r.announcement)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.offer) : null,
  };
}
