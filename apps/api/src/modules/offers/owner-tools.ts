import { eq } from 'drizzle-orm';
import { defaultTitle } from '@casaoferta/domain/titles';
import { normalizePhone, type NormalizedPhone } from '@casaoferta/domain/phone';
import { isActiveOffer, isOpenForOffers } from '@casaoferta/domain/rules/offer-rules';
import type { OwnerOffer } from '@casaoferta/domain/schemas/offers';
import type { Db } from '../../db/client';
import { offers } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { enqueueMessage } from '../../platform/outbox';
import { spendBudget } from '../../platform/rate-limit-store';
import { notifyUser } from './notify';
import { findOwnAnnouncement, findOwnedOffer, ownerOfferDto } from './owner-views';
import { offerNotices } from './texts';
import { announcementTitle } from './views';

const DAY_MS = 24 * 3600_000;

/** How often an owner may ask one candidate to complete their profile, per offer. */
export const completeDataRequestsPerDay = 1;
/** Invitations: one per phone and announcement a day, and at most this many an owner sends a day. */
export const invitesPerOwnerPerDay = 20;
/** Invitations one phone receives a day, from every owner together. */
export const invitesPerPhonePerDay = 3;

/** PUT .../mark-favorite and /unmark-favorite: the owner's own mark, on any offer received. */
export async function setFavorite(
  db: Db,
  ownerId: string,
  announcementId: string,
  offerId: string,
  isFavorite: boolean,
): Promise<OwnerOffer> {
  const { announcement, candidate } = await findOwnedOffer(db, ownerId, announcementId, offerId);
  const [offer] = await db.update(offers).set({ isFavorite }).where(eq(offers.id, offerId)).returning();
  if (!offer) throw new DomainError('NOT_FOUND');
  return ownerOfferDto(offer, announcement, candidate);
}

/**
 * Counts one use of a daily budget inside the caller's transaction (platform `spendBudget`): over it,
 * 429 RATE_LIMITED with Retry-After, and the refused request's counts roll back with the rest.
 */
const spendDailyBudget = (tx: Db, key: string, max: number): Promise<void> =>
  spendBudget(tx, key, max, DAY_MS);

/**
 * POST .../offer/{offerId}/request-complete-data: a notice asking the candidate of a current offer to
 * complete their tenant profile, through their notification settings ('offers'). Once per offer a day.
 */
export async function requestCompleteData(
  db: Db,
  ownerId: string,
  announcementId: string,
  offerId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { offer, announcement } = await findOwnedOffer(tx, ownerId, announcementId, offerId);
    if (!isActiveOffer(offer.statusCode)) throw new DomainError('OFFER_NOT_ACTIVE');
    await spendDailyBudget(tx, `offers:complete-data:${offer.id}`, completeDataRequestsPerDay);
    await notifyUser(
      tx,
      offer.candidateId,
      'offers',
      offerNotices.completeData(announcementTitle(announcement)),
    );
  });
}

/**
 * The phone of an invitation: `countryCode` is an ISO country ('ES') or a calling code ('34', '+34');
 * a number written with its own '+' prefix wins. Null when it is not a valid number.
 */
export function invitePhone(countryCode: string, phoneNumber: string): NormalizedPhone | null {
  const code = countryCode.trim();
  if (/^[A-Za-z]{2}$/.test(code)) return normalizePhone(phoneNumber, code);
  const calling = /^\+?(\d{1,4})$/.exec(code)?.[1];
  if (!calling) return null;
  const number = phoneNumber.trim();
  return normalizePhone(number.startsWith('+') ? number : `+${calling}${number}`);
}

/**
 * POST /api/announcement/offers/invite: an SMS through the outbox inviting someone to make an offer on
 * the caller's published announcement, with the link to its property page. The SMS names the property
 * by its kind and town only (no text of the owner's), and each recipient has budgets of their own: one
 * invitation per announcement a day and `invitesPerPhonePerDay` from all owners, besides the owner's
 * `invitesPerOwnerPerDay`; all three are counted in the transaction that queues the SMS.
 */
export async function inviteToOffer(
  db: Db,
  ownerId: string,
  input: { announcementId: string; countryCode: string; phoneNumber: string },
  baseUrl: string,
): Promise<{ phoneNumber: string }> {
  return db.transaction(async (tx) => {
    const announcement = await findOwnAnnouncement(tx, ownerId, input.announcementId);
    const phone = invitePhone(input.countryCode, input.phoneNumber);
    if (!phone) throw new DomainError('INVALID_PHONE', 'phoneNumber');
    if (!isOpenForOffers(announcement.statusCode)) throw new DomainError('ANNOUNCEMENT_NOT_OPEN');
    await spendDailyBudget(tx, `offers:invite:${announcement.id}:${phone.e164}`, 1);
    await spendDailyBudget(tx, `offers:invites-to:${phone.e164}`, invitesPerPhonePerDay);
    await spendDailyBudget(tx, `offers:invites:${ownerId}`, invitesPerOwnerPerDay);
    const link = new URL(`/property/${announcement.propertyId}`, baseUrl).href;
    const property = defaultTitle(
      announcement.typeCode,
      announcement.propertyTypeCode,
      announcement.municipalityName,
    );
    const notice = offerNotices.invite(property, link);
    await enqueueMessage(tx, {
      channel: 'sms',
      recipient: phone.e164,
      subject: notice.subject,
      body: notice.body,
    });
    return { phoneNumber: phone.e164 };
  });
}
