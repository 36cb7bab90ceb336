import { announcementKindOfType, isMonthlyKind } from '@casaoferta/domain/announcement-kind';
import { AnnouncementStatus, OfferStatus } from '@casaoferta/domain/codes';
import { formatEuros } from '@casaoferta/domain/format';
import {
  offerAttributes,
  offerDecisionReasonLabels,
  offerStatusLabels,
} from '@casaoferta/domain/masters/offer-contract';
import { userAttributes } from '@casaoferta/domain/masters/user';
import { competesForHighest, isHighestOffer } from '@casaoferta/domain/rules/offer-summary';
import type { MyOffer } from '@casaoferta/domain/schemas/offers';
import { myOffersTexts } from './texts';

/** What the candidate's screens derive from an offer: labels, money, position and allowed actions. */

type Announcement = MyOffer['announcement'];

/** Rentals are priced per month. */
export const isMonthly = (announcement: Pick<Announcement, 'typeCode'>): boolean =>
  isMonthlyKind(announcementKindOfType(announcement.typeCode));

export const money = (announcement: Pick<Announcement, 'typeCode'>, amount: number | null): string =>
  formatEuros(amount, isMonthly(announcement));

export const statusLabel = (code: MyOffer['statusCode']): string => offerStatusLabels[code];

/** Colour of a status badge: good (current), great (chosen), done (the rest). */
export function statusTone(code: MyOffer['statusCode']): 'good' | 'great' | 'done' {
  if (code === OfferStatus.Selected) return 'great';
  if (code === OfferStatus.Sent) return 'good';
  return 'done';
}

/** "Madrid (Madrid)": the municipality and, in brackets, its province (SPEC 2.5). */
export function placeOf(announcement: Pick<Announcement, 'municipalityName' | 'provinceName'>): string {
  const { municipalityName, provinceName } = announcement;
  if (municipalityName && provinceName) return `${municipalityName} (${provinceName})`;
  return municipalityName ?? provinceName ?? '';
}

/** The candidate's reading of the announcement's state, or null while it takes offers. */
export const announcementStateText = (statusCode: string): string | null =>
  myOffersTexts.announcementState[statusCode] ?? null;

/**
 * A sent price offer: it can be the highest or not (domain rules/offer-summary.ts). A selected one has
 * won: its badge and the decision say so, not "la más alta".
 */
export const competes = (offer: Pick<MyOffer, 'statusCode' | 'isVisitRequest'>): boolean =>
  competesForHighest(offer);

/** 'Tu oferta es la más alta' or 'Hay una oferta más alta: 1.300 €/mes'. */
export function positionText(offer: Pick<MyOffer, 'isHighest' | 'announcement'>): string {
  const t = myOffersTexts.position;
  return offer.isHighest ? t.highest : t.higher(money(offer.announcement, offer.announcement.highestOffer));
}

/** Whether my amount is the highest with these figures (the domain's rule, as the API reckons it). */
export const isHighestWith = (
  offer: Pick<MyOffer, 'statusCode' | 'isVisitRequest' | 'amount'>,
  highestOffer: number | null,
): boolean => isHighestOffer(offer, highestOffer);

/** 'Modificar oferta' while the offer is current (not decided) and the announcement takes offers. */
export const canModify = (offer: Pick<MyOffer, 'statusCode' | 'announcement'>): boolean =>
  offer.statusCode === OfferStatus.Sent && offer.announcement.statusCode === AnnouncementStatus.Validated;

/** After a withdrawal a new offer is possible while the announcement takes offers (SPEC 4.2). */
export const canOfferAgain = (offer: Pick<MyOffer, 'statusCode' | 'announcement'>): boolean =>
  offer.statusCode === OfferStatus.Withdrawn &&
  offer.announcement.statusCode === AnnouncementStatus.Validated;

/** Withdrawal is possible until the offer is decided (the API answers 409 OFFER_NOT_ACTIVE after). */
export const canWithdraw = (offer: Pick<MyOffer, 'statusCode'>): boolean =>
  offer.statusCode === OfferStatus.Sent;

export const decisionReasonLabel = (code: NonNullable<MyOffer['decisionReasonCode']>): string =>
  offerDecisionReasonLabels[code];

let labels: Map<string, string> | null = null;

/** Label of a payment type, reason for purchase or contract type code (master data), else the code. */
export function masterLabel(code: string): string {
  if (!labels) {
    const { paymentTypes, reasonsPurchase } = offerAttributes();
    const { userRenterTypeContract } = userAttributes();
    labels = new Map(
      [...paymentTypes, ...reasonsPurchase, ...userRenterTypeContract].map((item) => [item.code, item.label]),
    );
  }
  return labels.get(code) ?? code;
}

/** Dates as people in Spain read them, in Madrid time whatever the device's zone. */
const dateTime = new Intl.DateTimeFormat('es-ES', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Madrid',
});

export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
