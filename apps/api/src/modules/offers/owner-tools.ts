import { eq } from 'drizzle-orm';
import { normalizePhone, type NormalizedPhone } from '@casaoferta/domain/phone';
import { isActiveOffer, isOpenForOffers } from '@casaoferta/domain/rules/offer-rules';
import type { OwnerOffer } from '@casaoferta/domain/schemas/offers';
import type { Db } from '../../db/client';
import { offers, users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { enqueueMessage } from '../../platform/outbox';
import { countRequest } from '../../platform/rate-limit-store';
import { notifyUser } from './notify';
import { candidateDisplayName, findOwnAnnouncement, findOwnedOffer, ownerOfferDto } from './owner-views';
import { offerNotices } from './texts';
import { announcementTitle } from './views';

const DAY_MS = 24 * 3600_000;

/** How often an owner may ask one candidate to complete their profile, per offer. */
export const completeDataRequestsPerDay = 1;
/** Invitations: one per phone and announcement a day, and at most this many an owner sends a day. */
export const invitesPerOwnerPerDay = 20;

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
 * Counts one use of a daily budget inside the caller's transaction: the counter's upsert is the check
 * (two requests at once take turns on its row), and an answer over the budget rolls it back with the
 * rest, so a refused request leaves nothing behind.
 */
async function spendDailyBudget(tx: Db, key: string, max: number): Promise<void> {
  const { current } = await countRequest(tx, key, DAY_MS);
  if (current > max) throw new DomainError('RATE_LIMITED');
}

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
 * the caller's published announcement, with the link to its property page.
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
    await spendDailyBudget(tx, `offers:invites:${ownerId}`, invitesPerOwnerPerDay);
    const [owner] = await tx
      .select({ name: users.name, surname: users.surname })
      .from(users)
      .where(eq(users.id, ownerId));
    if (!owner) throw new DomainError('NOT_FOUND');
    const link = new URL(`/property/${announcement.propertyId}`, baseUrl).href;
    const notice = offerNotices.invite(
      candidateDisplayName(owner.name, owner.surname),
      announcementTitle(announcement),
      link,
    );
    await enqueueMessage(tx, {
      channel: 'sms',
      recipient: phone.e164,
      subject: notice.subject,
      body: notice.body,
    });
    return { phoneNumber: phone.e164 };
  });
}
