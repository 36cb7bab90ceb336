import { eq, sql } from 'drizzle-orm';
import { announcementKindOfType, isMonthlyKind } from '@casaoferta/domain/announcement-kind';
import { AnnouncementStatus } from '@casaoferta/domain/codes';
import { arrasIssue, arrasOf } from '@casaoferta/domain/rules/arras';
import { isPriceAllowed } from '@casaoferta/domain/rules/price-bounds';
import type { Db } from '../../db/client';
import { announcementPriceChanges, announcements } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { alertFollowers } from '../alerts/announcement-alerts';
import { notifyUser } from '../offers/notify';
import { announcementTitle } from '../offers/views';
import { lockAnnouncement } from '../properties/owned';
import { priceChangeNotices } from './price-texts';

/** Where an owner may change the price: on show, taking offers or with them closed (decision 037). */
const priceChangeableStatuses: readonly string[] = [
  AnnouncementStatus.Validated,
  AnnouncementStatus.BiddingClosed,
];

/**
 * Makes the announcement's price the public one, in the transaction that publishes it (an agent's
 * approval of the announcement or of a price change; the caller holds the announcement's lock): when it
 * differs from the price last shown publicly, the change is kept (history row), the card's last change
 * is set (its drop badge, no join), and a drop alerts the people following the announcement. One
 * statement reads the old public price and writes the new one. Answers the change, if any.
 */
export async function publishPrice(
  tx: Db,
  announcementId: string,
  origin: string,
): Promise<{ oldPrice: number; newPrice: number } | null> {
  const result = await tx.execute(sql`
    update ${announcements} as a set
      published_price = a.price,
      previous_price = case when old.published_price <> a.price then old.published_price else a.previous_price end,
      price_changed_at = case when old.published_price <> a.price then now() else a.price_changed_at end
    from (select id, published_price from ${announcements} where id = ${announcementId}) as old
    where a.id = old.id and a.price is not null
    returning old.published_price as "oldPrice", a.price as "newPrice"`);
  const [row] = (result as { rows: { oldPrice: number | null; newPrice: number }[] }).rows;
  if (!row || row.oldPrice === null || row.oldPrice === row.newPrice) return null;
  const change = { oldPrice: row.oldPrice, newPrice: row.newPrice };
  await tx.insert(announcementPriceChanges).values({ announcementId, ...change });
  if (change.newPrice < change.oldPrice) {
    await alertFollowers(tx, { kind: 'priceDropped', announcementId, ...change }, origin);
  }
  return change;
}

/** What the owner's price change leaves: the public price, the one waiting for review, the revision. */
export interface PriceChangeState {
  price: number | null;
  pendingPrice: number | null;
  revision: number;
}

/**
 * PUT /api/announcement/{id}/price: the owner's new price of a live announcement waits for an agent
 * (moderated like every edit of what is public, decision 011): the public price stays until approved.
 * The same price as the public one withdraws a waiting change. Checked under the announcement's lock:
 * the state (409 INVALID_STATE), the kind's limits (422 PRICE_OUT_OF_RANGE), a sale's arras below the
 * price (422 ARRAS_OVER_PRICE). Every change is a new revision, which the agent's decision names.
 */
export async function requestPriceChange(
  db: Db,
  ownerId: string,
  announcementId: string,
  price: number,
): Promise<PriceChangeState> {
  return db.transaction(async (tx) => {
    const { announcement: a } = await lockAnnouncement(tx, announcementId, ownerId);
    if (!priceChangeableStatuses.includes(a.statusCode)) throw new DomainError('INVALID_STATE');
    if (!isPriceAllowed(announcementKindOfType(a.typeCode), price))
      throw new DomainError('PRICE_OUT_OF_RANGE', 'price');
    const arras = arrasOf(a.details);
    const issue = arras && arrasIssue(arras, price);
    if (issue) throw new DomainError(issue, 'price');
    const [saved] = await tx
      .update(announcements)
      .set({
        pendingPrice: price === a.price ? null : price,
        revision: sql`${announcements.revision} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(announcements.id, a.id))
      .returning({
        price: announcements.price,
        pendingPrice: announcements.pendingPrice,
        revision: announcements.revision,
      });
    if (!saved) throw new DomainError('NOT_FOUND');
    return saved;
  });
}

/**
 * POST /api/agents/announcement/{id}/price: an agent approves or refuses the owner's waiting price,
 * naming the revision they reviewed (409 REVISION_OUTDATED when the owner changed it since; 409
 * PRICE_CHANGE_NOT_PENDING when none waits). Approving sets the price and, while the announcement is on
 * show, publishes it (history, badge, followers' alerts) in the same transaction; the owner is told.
 */
export async function decidePriceChange(
  db: Db,
  announcementId: string,
  decision: { approve: boolean; revision: number },
  origin: string,
): Promise<PriceChangeState> {
  return db.transaction(async (tx) => {
    const { announcement: a } = await lockAnnouncement(tx, announcementId);
    if (a.pendingPrice === null) throw new DomainError('PRICE_CHANGE_NOT_PENDING');
    if (a.revision !== decision.revision) throw new DomainError('REVISION_OUTDATED');
    const newPrice = a.pendingPrice;
    const [saved] = await tx
      .update(announcements)
      .set({
        pendingPrice: null,
        ...(decision.approve ? { price: newPrice } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(announcements.id, a.id))
      .returning({
        price: announcements.price,
        pendingPrice: announcements.pendingPrice,
        revision: announcements.revision,
      });
    if (!saved) throw new DomainError('NOT_FOUND');
    if (decision.approve && priceChangeableStatuses.includes(a.statusCode))
      await publishPrice(tx, a.id, origin);
    const perMonth = isMonthlyKind(announcementKindOfType(a.typeCode));
    const title = announcementTitle(a);
    await notifyUser(
      tx,
      a.ownerId,
      'announcements',
      decision.approve
        ? priceChangeNotices.approved(title, newPrice, perMonth)
        : priceChangeNotices.rejected(title, newPrice, perMonth),
    );
    return saved;
  });
}
