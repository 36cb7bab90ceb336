import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
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
import { arrasOf, type ArrasTerms } from '@casaoferta/domain/rules/arras';
import { offerStep } from '@casaoferta/domain/rules/offer-amount';
import { isUnlocked } from '@casaoferta/domain/rules/paid-unlock';
import type { OfferInput, OfferManagement } from '@casaoferta/domain/schemas/offers';
import type { Db } from '../../db/client';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { perDatabase, preparedStatement, type StatementValues } from '../../db/prepared';
import { announcements, offerEvents, offers, outbox, users } from '../../db/schema/index';
import { announcementTitle } from './views';
import { DomainError, uniqueViolation } from '../../platform/errors';
import { isDeadlockVictim, transactionWithRetry } from '../../platform/transactions';
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
import {
  candidateProfileSql,
  completenessOf,
  offerContextOf,
  type CandidateProfile,
} from './candidate-profile';
import { offerNotices } from './texts';
import { saveOfferEmployment, type OfferEmployment } from '../tenant/offer-employment';
import { lockTenant } from '../tenant/profile-store';

export type MadeOffer = { offer: OfferRow; created: boolean; announcement: AnnouncementRow };

/** Optimistic tries of a new offer before taking the announcement's lock (a busy announcement). */
const OPTIMISTIC_ATTEMPTS = 3;

/**
 * POST /api/announcement/{id}/offers (decision 024 for the two paths):
 * - a new offer, the common case: one read (no lock) then one guarded write, each a prepared statement
 *   and its own transaction. The write inserts the row only while the announcement still has what the
 *   rules were judged on (status, price, highest offer) and the candidate is not blocked, together with
 *   its event, the announcement's highest offer and count, the owner's notices and the live event. When
 *   the announcement changed meanwhile it reads and judges again; after a few tries, or when the id is
 *   already taken, it goes the locked way;
 * - the locked way, in one transaction holding the announcement's lock: the id already names an offer of
 *   this candidate on this announcement: the same terms again are a retry (the stored offer, nothing
 *   written); other terms edit it while it is current and bidding open; a new id is written as above.
 * Either way every rule of the dialog is checked again (`offerIssue`) against the candidate's stored
 * profile (a complete one needs no employment section; the identifier may not be a co-holder's or
 * guarantor's). Without an employment section those columns stay null: the owner reads the profile.
 */
export async function makeOffer(
  db: Db,
  candidateId: string,
  announcementId: string,
  input: OfferInput,
): Promise<MadeOffer> {
  // Saving the employment section to the profile (issue 23 point 9) writes the profile in the offer's
  // transaction: the locked way, with the tenant's lock taken first.
  if (input.saveToProfile === true) return makeOfferLocked(db, candidateId, announcementId, input);
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt += 1) {
    const outcome = await tryNewOffer(db, candidateId, announcementId, input);
    if (outcome === 'locked') break;
    if (outcome !== 'changed') return outcome;
  }
  return makeOfferLocked(db, candidateId, announcementId, input);
}

const candidates = alias(users, 'candidate');
const owners = alias(users, 'owner');
const namedOffer = alias(offers, 'named_offer');
const currentOffer = alias(offers, 'current_offer');

/** The candidate's current offer on the announcement of the statement's row. */
const currentOfferOn = (announcementId: SQL | AnyPgColumn) =>
  and(
    eq(currentOffer.announcementId, announcementId),
    eq(currentOffer.candidateId, candidates.id),
    inArray(currentOffer.statusCode, activeOfferStatuses),
  );

/** What both ways read of the candidate and the owner: the current offer, the block, the contact, the profile. */
const candidateColumns = {
  currentId: currentOffer.id,
  candidateBlocked: candidates.isBlocked,
  owner: { phone: owners.phoneNumber, email: owners.email, settings: owners.notificationSettings },
  profile: candidateProfileSql(candidates.id),
};

/**
 * What a new offer is judged on, in one prepared statement: the announcement, whether the id already
 * names an offer, the candidate's current offer there, how to reach the owner, whether the candidate is
 * blocked, and the candidate's tenant profile (candidate-profile.ts).
 */
const newOfferRead = perDatabase((db) =>
  db
    .select({ announcement: announcements, namedOfferId: namedOffer.id, ...candidateColumns })
    .from(announcements)
    .innerJoin(owners, eq(owners.id, announcements.ownerId))
    .innerJoin(candidates, eq(candidates.id, sql.placeholder('candidateId')))
    .leftJoin(namedOffer, eq(namedOffer.id, sql.placeholder('offerId')))
    .leftJoin(currentOffer, currentOfferOn(announcements.id))
    .where(eq(announcements.id, sql.placeholder('announcementId')))
    .limit(1)
    .prepare('offer_new_read'),
);

/** One optimistic try: the offer, or 'changed' (judge again) or 'locked' (go the locked way). */
async function tryNewOffer(
  db: Db,
  candidateId: string,
  announcementId: string,
  input: OfferInput,
): Promise<MadeOffer | 'changed' | 'locked'> {
  const [row] = await newOfferRead(db).execute({ announcementId, candidateId, offerId: input.id });
  if (!row) throw new DomainError('NOT_FOUND');
  // A retry or an edit: decided under the lock.
  if (row.namedOfferId !== null) return 'locked';
  const { announcement } = row;
  checkOffer(announcement, candidateId, input, {
    existing: undefined,
    hasCurrent: row.currentId !== null,
    candidateBlocked: row.candidateBlocked,
    profile: row.profile,
  });
  try {
    const written = await writeNewOffer(
      db,
      false,
      announcement,
      newOfferOf(input, announcement, candidateId),
      row.owner,
    );
    return written ? { ...written, created: true } : 'changed';
  } catch (error) {
    // The id was taken meanwhile (a concurrent retry), another current offer appeared, or a block of this
    // candidate crossed it: the locked way judges again and answers.
    if (uniqueViolation(error) !== null || isDeadlockVictim(error)) return 'locked';
    throw error;
  }
}

/** The locked way: retries, edits, and new offers on a busy announcement. */
function makeOfferLocked(
  db: Db,
  candidateId: string,
  announcementId: string,
  input: OfferInput,
): Promise<MadeOffer> {
  const saveToProfile = input.saveToProfile === true;
  return transactionWithRetry(db, async (tx) => {
    // The order every profile write and a block keep: the tenant's row, then the announcement.
    if (saveToProfile) await lockTenant(tx, candidateId, 'no key update');
    const announcement = await lockAnnouncementForOffers(tx, announcementId);
    const { existing, current, owner, candidateBlocked, profile } = await readForOffer(
      tx,
      announcement,
      candidateId,
      input.id,
    );
    if (existing && (existing.candidateId !== candidateId || existing.announcementId !== announcementId))
      throw new DomainError('NOT_FOUND');
    if (existing && sameTerms(existing, input, announcement)) {
      // The same terms with another sharing choice change only the consent (no new event, no notice).
      const offer = await changedShare(tx, existing, input.shareDocuments);
      return { offer, created: false, announcement };
    }
    checkOffer(announcement, candidateId, input, {
      existing,
      hasCurrent: current !== undefined,
      candidateBlocked,
      profile,
    });

    if (!existing) {
      const written = await writeNewOffer(
        tx,
        true,
        announcement,
        newOfferOf(input, announcement, candidateId),
        owner,
      );
      // Under the lock what the rules read cannot have changed.
      if (!written) throw new DomainError('ANNOUNCEMENT_NOT_OPEN');
      if (saveToProfile) await saveOfferEmployment(tx, candidateId, employmentOf(input, announcement));
      return { ...written, created: true };
    }
    const values = storedTerms(input, announcement);
    const [offer] = await tx
      .update(offers)
      .set({ ...values, ...shareSet(input.shareDocuments), updatedAt: sql`now()` })
      .where(and(eq(offers.id, existing.id), eq(offers.statusCode, OfferStatus.Sent)))
      .returning();
    if (!offer) throw new DomainError('OFFER_NOT_ACTIVE');
    if (saveToProfile) await saveOfferEmployment(tx, candidateId, employmentOf(input, announcement));
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

/** Every rule of an offer, in the order the person meets them; throws the first one broken. */
function checkOffer(
  announcement: AnnouncementRow,
  candidateId: string,
  input: OfferInput,
  state: {
    existing: OfferRow | undefined;
    hasCurrent: boolean;
    candidateBlocked: boolean;
    profile: CandidateProfile;
  },
): void {
  if (announcement.ownerId === candidateId) throw new DomainError('OWN_ANNOUNCEMENT');
  if (state.candidateBlocked) throw new DomainError('USER_BLOCKED');
  if (!isOpenForOffers(announcement.statusCode)) throw new DomainError('ANNOUNCEMENT_NOT_OPEN');
  if (state.existing && state.existing.statusCode !== OfferStatus.Sent)
    throw new DomainError('OFFER_NOT_ACTIVE');
  if (!state.existing && state.hasCurrent) throw new DomainError('OFFER_ALREADY_ACTIVE');
  const target = { ...announcement, arras: arrasOf(announcement.details) };
  const issue = offerIssue(target, input, offerContextOf(state.profile, announcement));
  if (issue) throw new DomainError(issue.code, issue.field);
}

/**
 * One read after the announcement's lock is held (a statement of its own, so it sees every offer committed
 * before the lock was granted): the offer the id names (if any), the candidate's current offer there (if
 * any), how to reach the owner, whether the candidate is blocked, with their row held `for share` so a
 * block of this user (which withdraws their offers) waits for this offer or this offer sees the block,
 * and the candidate's tenant profile (candidate-profile.ts).
 */
async function readForOffer(tx: Db, announcement: AnnouncementRow, candidateId: string, offerId: string) {
  const [row] = await tx
    .select({ existing: offers, ...candidateColumns })
    .from(candidates)
    .innerJoin(owners, eq(owners.id, announcement.ownerId))
    .leftJoin(offers, eq(offers.id, offerId))
    .leftJoin(currentOffer, currentOfferOn(sql`${announcement.id}::uuid`))
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

type NewOffer = ReturnType<typeof storedTerms> & {
  id: string;
  announcementId: string;
  candidateId: string;
  /** Issue 23 point 7: the candidate shares their documents with this offer's owner from the start. */
  shareDocuments: boolean;
};

const newOfferOf = (input: OfferInput, announcement: AnnouncementRow, candidateId: string): NewOffer => ({
  id: input.id,
  announcementId: announcement.id,
  candidateId,
  shareDocuments: input.shareDocuments === true,
  ...storedTerms(input, announcement),
});

/**
 * The consent column for an edit (issue 23 point 7): granting keeps the first time (as PUT
 * documents-share does), refusing revokes it, no choice leaves it as it is.
 */
const shareSet = (share: boolean | undefined) =>
  share === undefined
    ? {}
    : { documentsSharedAt: share ? sql`coalesce(${offers.documentsSharedAt}, now())` : null };

/** A retry whose sharing choice differs from the stored one: only the consent changes, under the lock. */
async function changedShare(tx: Db, offer: OfferRow, share: boolean | undefined): Promise<OfferRow> {
  if (share === undefined || share === (offer.documentsSharedAt !== null)) return offer;
  const [updated] = await tx
    .update(offers)
    .set(shareSet(share))
    // Granting needs a current offer; revoking always works (as PUT documents-share).
    .where(and(eq(offers.id, offer.id), share ? inArray(offers.statusCode, activeOfferStatuses) : undefined))
    .returning();
  if (!updated) throw new DomainError('OFFER_NOT_ACTIVE');
  return updated;
}

/** The values of the new-offer statement, by name. */
interface NewOfferValues {
  id: string;
  announcementId: string;
  candidateId: string;
  ownerId: string;
  amount: number;
  visit: boolean;
  paymentType: string;
  description: string | null;
  reasonPurchaseCode: string | null;
  mortgageAmount: number | null;
  mortgagePreApproved: boolean | null;
  nif: string | null;
  typeContractCode: string | null;
  salary: number | null;
  /** The accepted arras as JSON text, or null. */
  acceptedArras: string | null;
  shareDocuments: boolean;
  seenStatus: string;
  seenPrice: number | null;
  seenHighest: number | null;
  channels: string[];
  recipients: string[];
  subject: string;
  body: string;
}

/**
 * A new offer in one statement, written only while the announcement still has the status, price and
 * highest offer the rules were judged on and the candidate is not blocked (their row held `for share`,
 * so a block waits for it or it sees the block): the announcement's highest offer and count (a new
 * current offer only raises them: on an open announcement the domain's summary, rules/offer-summary.ts,
 * counts its sent and selected offers, so adding one is +1 and the greater amount), the row, its 'sent' event, the owner's notices and the live event.
 * No row when the announcement or the candidate changed. `v` holds the values, or their placeholders.
 */
const newOfferStatement = (v: StatementValues<NewOfferValues>) => sql`
  with c as (
    select id from ${users} where id = ${v.candidateId}::uuid and not is_blocked for share
  ), s as (
    update ${announcements} set
      highest_offer = case when ${v.visit}::boolean then highest_offer
        else greatest(highest_offer, ${v.amount}::integer) end,
      offers_count = offers_count + 1
    where id = ${v.announcementId}::uuid and status_code = ${v.seenStatus}::text
      and price is not distinct from ${v.seenPrice}::integer
      and highest_offer is not distinct from ${v.seenHighest}::integer
      and exists (select 1 from c)
    returning id, status_code, highest_offer, offers_count
  ), o as (
    insert into ${offers} (id, announcement_id, candidate_id, amount, is_visit_request, payment_type,
      description, reason_purchase_code, mortgage_amount, mortgage_pre_approved, nif, type_contract_code, salary,
      accepted_arras, documents_shared_at)
    select ${v.id}::uuid, s.id, ${v.candidateId}::uuid, ${v.amount}::integer, ${v.visit}::boolean,
      ${v.paymentType}::text, ${v.description}::text, ${v.reasonPurchaseCode}::text, ${v.mortgageAmount}::integer,
      ${v.mortgagePreApproved}::boolean, ${v.nif}::text, ${v.typeContractCode}::text, ${v.salary}::integer,
      ${v.acceptedArras}::jsonb, case when ${v.shareDocuments}::boolean then now() end
    from s
    returning id, created_at, updated_at, documents_shared_at
  ), e as (
    insert into ${offerEvents} (offer_id, kind, amount)
    select id, ${OfferEventKind.Sent}, case when ${v.visit}::boolean then null else ${v.amount}::integer end from o
  ), n as (
    insert into ${outbox} (channel, recipient, subject, body)
    select m.channel, m.recipient, ${v.subject}::text, ${v.body}::text
    from o, unnest(${v.channels}::text[], ${v.recipients}::text[]) as m(channel, recipient)
  )
  select o.created_at, o.updated_at, o.documents_shared_at, s.status_code, s.highest_offer, s.offers_count,
    pg_notify(${OFFER_CHANNEL}, json_build_object(
      'announcementId', s.id, 'ownerId', ${v.ownerId}::uuid,
      'offerId', o.id, 'candidateId', ${v.candidateId}::uuid, 'offerStatusCode', ${OfferStatus.Sent}::text,
      'kind', ${OfferEventKind.Sent}::text,
      'summary', json_build_object('statusCode', s.status_code, 'highestOffer', s.highest_offer,
        'offersCount', s.offers_count))::text)
  from o, s`;

const newOfferPrepared = preparedStatement<NewOfferValues, InsertedRow>('offer_new_write', newOfferStatement);

/**
 * Writes a new offer: prepared, as its own transaction, or within the transaction `db` is (the locked
 * way). Null when the announcement or the candidate changed since `announcement` was read.
 */
async function writeNewOffer(
  db: Db,
  inTransaction: boolean,
  announcement: AnnouncementRow,
  offer: NewOffer,
  owner: Contact,
): Promise<{ offer: OfferRow; announcement: AnnouncementRow } | null> {
  const visit = offer.isVisitRequest;
  const notice = visit
    ? offerNotices.newVisitRequest(announcementTitle(announcement))
    : offerNotices.newOffer(
        announcementTitle(announcement),
        offer.amount,
        isRental(announcement.typeCode),
        isUnlocked(announcement),
      );
  const recipients = noticeRecipients(owner, visit ? 'visits' : 'offers');
  const values: NewOfferValues = {
    ...offer,
    acceptedArras: offer.acceptedArras ? JSON.stringify(offer.acceptedArras) : null,
    ownerId: announcement.ownerId,
    visit,
    seenStatus: announcement.statusCode,
    seenPrice: announcement.price,
    seenHighest: announcement.highestOffer,
    channels: recipients.map(([channel]) => channel),
    recipients: recipients.map(([, recipient]) => recipient),
    subject: notice.subject,
    body: notice.body,
  };
  // Inside a transaction the values are inlined: each list must stay one array parameter (a bare JS array
  // would be spread into a row of parameters, which `::text[]` refuses).
  const inlined = {
    ...values,
    channels: sql.param(values.channels),
    recipients: sql.param(values.recipients),
  };
  const [row] = inTransaction
    ? ((await db.execute(newOfferStatement(inlined))) as unknown as { rows: InsertedRow[] }).rows
    : await newOfferPrepared.run(db, values);
  if (!row) return null;
  const at = (value: Date | string) => (value instanceof Date ? value : new Date(value));
  const { shareDocuments: _shared, ...stored } = offer;
  return {
    offer: {
      ...stored,
      statusCode: OfferStatus.Sent,
      isFavorite: false,
      seenAt: null,
      decisionReasonCode: null,
      documentsSharedAt: row.documents_shared_at === null ? null : at(row.documents_shared_at),
      outcomeSeenEventId: null,
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

interface InsertedRow extends Record<string, unknown> {
  created_at: Date | string;
  updated_at: Date | string;
  documents_shared_at: Date | string | null;
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
    // The rules refused the offer unless the buyer accepted the arras stated: these are what was accepted.
    acceptedArras: sale && input.acceptsArras === true ? arrasOf(announcement.details) : null,
  };
}

/** The employment section as the offer stores it, for the profile (issue 23 point 9). */
function employmentOf(input: OfferInput, announcement: AnnouncementRow): OfferEmployment {
  const { nif, typeContractCode, salary } = storedTerms(input, announcement);
  return { nif, typeContractCode, salary };
}

/** A retry of what is stored: the same terms, as they would be stored. */
function sameTerms(offer: OfferRow, input: OfferInput, announcement: AnnouncementRow): boolean {
  const { acceptedArras, ...wanted } = storedTerms(input, announcement);
  return (
    sameArras(offer.acceptedArras, acceptedArras) &&
    (Object.keys(wanted) as (keyof typeof wanted)[]).every((key) => offer[key] === wanted[key])
  );
}

const sameArras = (a: ArrasTerms | null, b: ArrasTerms | null): boolean =>
  a === null || b === null ? a === b : a.typeCode === b.typeCode && a.unit === b.unit && a.value === b.value;

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
