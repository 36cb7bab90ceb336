import { and, eq } from 'drizzle-orm';
import type { PaymentLinkSent } from '@casaoferta/domain/schemas/payments';
import type { Db } from '../../db/client';
import { announcements, users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { enqueueMessage } from '../../platform/outbox';
import { paymentLinkNotice, paymentTexts } from './texts';

/**
 * POST /api/crm/whatsapp/agent/payment-announcement (SPEC 6 'send payment link', 7.1): the owner gets,
 * by WhatsApp, the link to the payment summary of their announcement. 404 when the announcement is not
 * that user's, 409 `ALREADY_PAID` once paid, 409 `OWNER_NO_PHONE` without a phone.
 */
export async function sendPaymentLink(
  db: Db,
  input: { announcementId: string; userId: string },
  origin: string,
): Promise<PaymentLinkSent> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ announcement: announcements, phone: users.phoneNumber })
      .from(announcements)
      .innerJoin(users, eq(users.id, announcements.ownerId))
      .where(and(eq(announcements.id, input.announcementId), eq(announcements.ownerId, input.userId)));
    if (!row) throw new DomainError('NOT_FOUND');
    const { announcement, phone } = row;
    if (announcement.isPaid) throw new DomainError('ALREADY_PAID');
    if (!phone) throw new DomainError('OWNER_NO_PHONE');
    const link = new URL(
      `/property/${announcement.id}/offers/payment/${announcement.propertyId}`,
      origin,
    ).toString();
    const notice = paymentLinkNotice(announcement.customTitle ?? paymentTexts.untitled, link);
    await enqueueMessage(tx, { channel: 'whatsapp', recipient: phone, ...notice });
    return { announcementId: announcement.id, sentTo: phone, link };
  });
}
