/**
 * The paid unlock (decisions 021 and 026): what the owner of an announcement may know of the offers it
 * receives depends on one fact, whether the announcement is paid. Until then each offer's amount and
 * each candidate's surname and phone stay the candidates' own business, on the page and everywhere
 * else (notices, e-mails, PDFs, exports, any endpoint), and no contract can be drafted, since a contract
 * names both. The API decides with these functions; the web reads the same ones to lead the owner to
 * pay. The public summary (the highest offer and the count, which the catalogue shows to anyone) is not
 * locked: it names nobody and says nothing of a particular offer.
 */

/** What the rule reads of an announcement. */
export interface UnlockSubject {
  isPaid: boolean;
}

/** Whether the offers of the announcement are unlocked for its owner. */
export const isUnlocked = (announcement: UnlockSubject): boolean => announcement.isPaid === true;

/**
 * Whether the owner may see an offer's amounts (amount, mortgage amount, the figures of its solvency):
 * once paid, and always for a visit request, which carries no amount of its own.
 */
export const offerAmountVisible = (
  announcement: UnlockSubject,
  offer: { isVisitRequest: boolean },
): boolean => isUnlocked(announcement) || offer.isVisitRequest;

/** Whether the owner may see a candidate's full name and phone (the display name "Laura G." always). */
export const candidateContactVisible = (announcement: UnlockSubject): boolean => isUnlocked(announcement);

/** Whether the owner may draft a contract (and read it: it names the candidate and the amount). */
export const contractAllowed = (announcement: UnlockSubject): boolean => isUnlocked(announcement);
