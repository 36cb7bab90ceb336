import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { OfferEventKind } from '@casaoferta/domain/codes';
import { activeOfferStatuses } from '@casaoferta/domain/rules/offer-rules';
import { offerSolvency } from '@casaoferta/domain/rules/offer-solvency';
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

/**
 * GET /api/announcement/{id}/offers: every offer received, current and past, newest first, each
 * candidate's profile read by the same statement (no query per offer).
 */
export async function listOwnerOffers(db: Db, ownerId: string, announcementId: string): Promise<OwnerOffers> {
  const announcement = await findOwnAnnouncement(db, ownerId, announcementId);
  const rows = await db
    .select({ offer: offers, candidate: candidateColumns })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.candidateId))
    .where(eq(offers.announcementId, announcementId))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(1000);
  return {
    announcement: { ...offerAnnouncementDto(announcement), isPaid: announcement.isPaid },
    offers: rows.map((r) => ownerOfferDto(r.offer, announcement, r.candidate)),
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
