import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { OfferEventKind } from '@casaoferta/domain/codes';
import { activeOfferStatuses } from '@casaoferta/domain/rules/offer-rules';
import { offerSolvency } from '@casaoferta/domain/rules/offer-solvency';
import { solvencyRank } from '@casaoferta/domain/rules/solvency';
import {
  candidateContactVisible,
  isUnlocked,
  offerAmountVisible,
} from '@casaoferta/domain/rules/paid-unlock';
import type {
  OfferSolvency,
  OwnerOffer,
  OwnerOfferDetail,
  OwnerOffers,
  OwnerOfferSort,
} from '@casaoferta/domain/schemas/offers';
import type { Db } from '../../db/client';
import { announcements, offers, users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { announceOfferChange, recordOfferEvent, type AnnouncementRow, type OfferRow } from './offer-store';
import { candidateProfileSql, householdIncomeOf, type CandidateProfile } from './candidate-profile';
import { offerAnnouncementDto, offerTermsDto, offerTimeline } from './views';

/**
 * What the owner of an announcement reads of the offers it received (SPEC 7.4). Amounts are the
 * candidates' own business until the owner pays for the announcement (`announcements.is_paid`, the
 * payment issue): until then they are null with `amountLocked`, and nothing derived from them (the
 * solvency ratio) tells them either.
 */

/**
 * What the owner may know of a candidate before paying (first name, surname initial, verified), and
 * their tenant profile, which the solvency verdict reads, in the same statement.
 */
export const candidateColumns = {
  name: users.name,
  surname: users.surname,
  isVerified: users.isVerified,
  phoneNumber: users.phoneNumber,
  profile: candidateProfileSql(users.id),
};
export type CandidateRow = {
  name: string;
  surname: string;
  isVerified: boolean;
  phoneNumber: string | null;
  profile: CandidateProfile;
};

/** "Laura G.": the first name as the person wrote it and the initial of the first surname. */
export function candidateDisplayName(name: string, surname: string): string {
  const first = name.trim();
  const initial = [...surname.trim()][0];
  return initial ? `${first} ${initial.toLocaleUpperCase('es-ES')}.` : first;
}

/** The paid unlock's rule (domain `rules/paid-unlock`, decision 026): a visit request has no amount to lock. */
const amountVisible = (o: OfferRow, a: AnnouncementRow): boolean => offerAmountVisible(a, o);

/**
 * The owner's solvency verdict on an offer (domain rules/offer-solvency.ts, the rule of the candidate's
 * own box): a rental by the candidate's household (tenant, co-holders and guarantors at their bands'
 * minimum; the tenant at the salary declared with the offer when their band is unknown); a sale by its
 * payment conditions. No figures while the amounts are locked; the status and who the candidate
 * counts with (co-holder, guarantor) show.
 */
export function ownerSolvency(o: OfferRow, a: AnnouncementRow, profile: CandidateProfile): OfferSolvency {
  return offerSolvency(
    {
      typeCode: a.typeCode,
      isVisitRequest: o.isVisitRequest,
      amount: o.amount,
      price: a.price,
      salary: o.salary,
      household: householdIncomeOf(profile),
      sale: o.isVisitRequest
        ? null
        : {
            paymentType: o.paymentType,
            mortgageAmount: o.mortgageAmount,
            mortgagePreApproved: o.mortgagePreApproved,
          },
    },
    { showFigures: amountVisible(o, a) },
  );
}

export function ownerOfferDto(o: OfferRow, a: AnnouncementRow, candidate: CandidateRow): OwnerOffer {
  const visible = amountVisible(o, a);
  return {
    ...offerTermsDto(o),
    // Sent without the employment section, the contract type is the profile's.
    typeContractCode: o.typeContractCode ?? candidate.profile.person?.typeContractCode ?? null,
    amount: visible ? o.amount : null,
    mortgageAmount: visible ? o.mortgageAmount : null,
    amountLocked: !visible,
    salary: o.salary,
    candidate: {
      displayName: candidateDisplayName(candidate.name, candidate.surname),
      isVerified: candidate.isVerified,
    },
    solvency: ownerSolvency(o, a, candidate.profile),
    isFavorite: o.isFavorite,
    seenAt: o.seenAt ? o.seenAt.toISOString() : null,
  };
}

/** The caller's announcement, or 404 (another owner's never reveals that it exists). */
export async function findOwnAnnouncement(db: Db, ownerId: string, announcementId: string) {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, announcementId), eq(announcements.ownerId, ownerId)));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/** An offer with its announcement and its candidate (their profile included), or 404. */
export async function findOfferWithCandidate(db: Db, announcementId: string, offerId: string) {
  const [row] = await db
    .select({ offer: offers, announcement: announcements, candidate: candidateColumns })
    .from(offers)
    .innerJoin(announcements, eq(announcements.id, offers.announcementId))
    .innerJoin(users, eq(users.id, offers.candidateId))
    .where(and(eq(offers.id, offerId), eq(offers.announcementId, announcementId)));
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/** An offer on an announcement of `ownerId`, or 404 (anyone else's looks missing). */
export async function findOwnedOffer(db: Db, ownerId: string, announcementId: string, offerId: string) {
  const row = await findOfferWithCandidate(db, announcementId, offerId);
  if (row.announcement.ownerId !== ownerId) throw new DomainError('NOT_FOUND');
  return row;
}

/** An offer's keyset position: its sort values as the database holds them (microseconds kept) and id. */
const cursorSchema = z.discriminatedUnion('s', [
  z.object({ s: z.literal('date'), t: z.string().max(40), i: z.uuid() }),
  z.object({ s: z.literal('amount'), a: z.number().int(), t: z.string().max(40), i: z.uuid() }),
  z.object({
    s: z.literal('solvency'),
    r: z.number().int().min(0).max(99),
    q: z.number().nullable(),
    t: z.string().max(40),
    i: z.uuid(),
  }),
]);
type OwnerOffersCursor = z.infer<typeof cursorSchema>;
/** The creation time as PostgreSQL writes it in UTC, to the microsecond: the cursor's exact value. */
const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const encodeCursor = (cursor: OwnerOffersCursor): string =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** A cursor of another sort, or not one of ours, is a 400 naming `cursor`: never a 500 or a wrong page. */
function decodeCursor(raw: string, sort: OwnerOfferSort): OwnerOffersCursor {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    // not JSON: refused below
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success || result.data.s !== sort || !EXACT_TIME.test(result.data.t)) {
    throw new DomainError('INVALID_INPUT', 'cursor');
  }
  return result.data;
}

const exactCreatedAt = sql<string>`to_char(${offers.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export interface OwnerOffersPageQuery {
  /** Undefined: amount once the announcement is paid, else date. */
  sort?: OwnerOfferSort | undefined;
  favoritesOnly: boolean;
  cursor?: string | undefined;
  limit: number;
}

/**
 * GET /api/announcement/{id}/offers: one page of the offers received, current and past, each candidate's
 * profile read by the same statement (no query per offer), with the true total (decision 031).
 *
 * Date and amount pages are keyset pages the indexes on (announcement_id, created_at, id) and
 * (announcement_id, amount, created_at, id) serve in order: a page costs the same whatever the
 * announcement received, and offers arriving between two pages neither repeat nor hide one. Amounts are
 * not an order the owner may ask for before paying (that order would tell them): 409
 * OFFER_AMOUNTS_LOCKED. The solvency verdict is the domain rule over each candidate's household, not a
 * column: its order reads the announcement's offers whole and pages the verdicts in memory.
 */
export async function listOwnerOffers(
  db: Db,
  ownerId: string,
  announcementId: string,
  pageQuery: OwnerOffersPageQuery,
): Promise<OwnerOffers> {
  const announcement = await findOwnAnnouncement(db, ownerId, announcementId);
  const unlocked = isUnlocked(announcement);
  const sort: OwnerOfferSort = pageQuery.sort ?? (unlocked ? 'amount' : 'date');
  const query = { ...pageQuery, sort };
  if (query.sort === 'amount' && !unlocked) throw new DomainError('OFFER_AMOUNTS_LOCKED');
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor, query.sort);
  const filter = and(
    eq(offers.announcementId, announcementId),
    query.favoritesOnly ? eq(offers.isFavorite, true) : undefined,
  );
  const select = () =>
    db
      .select({ offer: offers, candidate: candidateColumns, createdAt: exactCreatedAt })
      .from(offers)
      .innerJoin(users, eq(users.id, offers.candidateId));
  const counting = db
    .select({
      received: sql<number>`count(*)::int`,
      favorites: sql<number>`(count(*) filter (where ${offers.isFavorite}))::int`,
    })
    .from(offers)
    .where(eq(offers.announcementId, announcementId));

  let page: OwnerOffer[];
  let next: OwnerOffersCursor | null = null;
  if (query.sort === 'solvency') {
    const [rows, counts] = await Promise.all([select().where(filter), counting]);
    const ranked = rows
      .map((r) => {
        const dto = ownerOfferDto(r.offer, announcement, r.candidate);
        const key = {
          s: 'solvency' as const,
          r: solvencyRank(dto.solvency.statusCode),
          q: dto.solvency.ratio,
          t: r.createdAt,
          i: r.offer.id,
        };
        return { dto, key };
      })
      .sort((a, b) => compareSolvencyKeys(a.key, b.key));
    const start =
      cursor?.s === 'solvency' ? ranked.findIndex((row) => compareSolvencyKeys(row.key, cursor) > 0) : 0;
    const slice = start < 0 ? [] : ranked.slice(start, start + query.limit + 1);
    page = slice.slice(0, query.limit).map((row) => row.dto);
    const last = slice[query.limit - 1];
    if (slice.length > query.limit && last) next = last.key;
    return pageOf(announcement, page, counts[0], query, next);
  }

  const after =
    cursor?.s === 'date'
      ? sql`(${offers.createdAt}, ${offers.id}) < (${cursor.t}::timestamptz, ${cursor.i}::uuid)`
      : cursor?.s === 'amount'
        ? sql`(${offers.amount}, ${offers.createdAt}, ${offers.id}) < (${cursor.a}, ${cursor.t}::timestamptz, ${cursor.i}::uuid)`
        : undefined;
  const order =
    query.sort === 'amount'
      ? [desc(offers.amount), desc(offers.createdAt), desc(offers.id)]
      : [desc(offers.createdAt), desc(offers.id)];
  const [rows, counts] = await Promise.all([
    select()
      .where(and(filter, after))
      .orderBy(...order)
      .limit(query.limit + 1),
    counting,
  ]);
  page = rows.slice(0, query.limit).map((r) => ownerOfferDto(r.offer, announcement, r.candidate));
  const last = rows[query.limit - 1];
  if (rows.length > query.limit && last) {
    next =
      query.sort === 'amount'
        ? { s: 'amount', a: last.offer.amount, t: last.createdAt, i: last.offer.id }
        : { s: 'date', t: last.createdAt, i: last.offer.id };
  }
  return pageOf(announcement, page, counts[0], query, next);
}

type SolvencyKey = { r: number; q: number | null; t: string; i: string };

/** Best status first, then the lowest share of income (none last), then the newest, then by id. */
function compareSolvencyKeys(a: SolvencyKey, b: SolvencyKey): number {
  return (
    a.r - b.r ||
    (a.q ?? Infinity) - (b.q ?? Infinity) ||
    (a.t < b.t ? 1 : a.t > b.t ? -1 : 0) ||
    (a.i < b.i ? 1 : a.i > b.i ? -1 : 0)
  );
}

function pageOf(
  announcement: AnnouncementRow,
  offersPage: OwnerOffer[],
  counts: { received: number; favorites: number } | undefined,
  query: { sort: OwnerOfferSort; favoritesOnly: boolean },
  next: OwnerOffersCursor | null,
): OwnerOffers {
  const received = counts?.received ?? 0;
  return {
    announcement: { ...offerAnnouncementDto(announcement), isPaid: announcement.isPaid },
    offers: offersPage,
    total: query.favoritesOnly ? (counts?.favorites ?? 0) : received,
    received,
    sort: query.sort,
    nextCursor: next ? encodeCursor(next) : null,
  };
}

export async function ownerOfferDetail(
  db: Db,
  o: OfferRow,
  a: AnnouncementRow,
  candidate: CandidateRow,
): Promise<OwnerOfferDetail> {
  const offer = ownerOfferDto(o, a, candidate);
  const timeline = await offerTimeline(db, o.id);
  // The amounts a 'sent' or 'modified' event carries are locked like the offer's own.
  return {
    ...offer,
    timeline: offer.amountLocked ? timeline.map((event) => ({ ...event, amount: null })) : timeline,
  };
}

/**
 * The owner opens a current offer for the first time: `seen_at` is set by an update that only a row
 * still unseen passes, so two tabs opening it at once write one 'seen' event between them. The
 * announcement is not locked (nothing of it changes): its summary goes out as it was read.
 */
export async function markSeen(db: Db, o: OfferRow, a: AnnouncementRow): Promise<OfferRow> {
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .update(offers)
      .set({ seenAt: sql`now()` })
      .where(and(eq(offers.id, o.id), isNull(offers.seenAt), inArray(offers.statusCode, activeOfferStatuses)))
      .returning();
    if (!seen) {
      // Seen already (perhaps by another tab a moment ago): answer the row as it is now.
      const [current] = await tx.select().from(offers).where(eq(offers.id, o.id));
      return current ?? o;
    }
    await recordOfferEvent(tx, seen.id, OfferEventKind.SeenByOwner);
    await announceOfferChange(tx, {
      announcementId: a.id,
      ownerId: a.ownerId,
      offerId: seen.id,
      candidateId: seen.candidateId,
      offerStatusCode: seen.statusCode,
      kind: OfferEventKind.SeenByOwner,
      summary: { statusCode: a.statusCode, highestOffer: a.highestOffer, offersCount: a.offersCount },
    });
    return seen;
  });
}

/** GET .../offer/{offerId}/unlock-price: the amounts once the announcement is paid. */
export function unlockPriceDto(o: OfferRow, a: AnnouncementRow) {
  const unlocked = isUnlocked(a);
  return {
    unlocked,
    amount: unlocked ? o.amount : null,
    mortgageAmount: unlocked ? o.mortgageAmount : null,
  };
}

/** GET .../offer/{offerId}/tenant-contact: the display name always, name and phone once paid. */
export function tenantContactDto(a: AnnouncementRow, candidate: CandidateRow) {
  return candidateContactVisible(a)
    ? {
        unlocked: true,
        name: candidate.name,
        surname: candidate.surname,
        phoneNumber: candidate.phoneNumber,
      }
    : {
        unlocked: false,
        name: candidateDisplayName(candidate.name, candidate.surname),
        surname: null,
        phoneNumber: null,
      };
}
