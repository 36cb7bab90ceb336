import { and, desc, eq, inArray } from 'drizzle-orm';
import { announcementKindOfType, isMonthlyKind } from '@casaoferta/domain/announcement-kind';
import { activeOfferStatuses } from '@casaoferta/domain/rules/offer-rules';
import type { ContactDataSent } from '@casaoferta/domain/schemas/agent-tools';
import type { Db } from '../../db/client';
import { announcements, offers, properties, users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { enqueueMessage } from '../../platform/outbox';
import { announcementTitle } from '../offers/views';
import { contactDataNotices } from './contact-data-texts';

const person = {
  name: users.name,
  surname: users.surname,
  phoneNumber: users.phoneNumber,
  email: users.email,
};

/**
 * POST /api/agents/property/{id}/send-contact-data (SPEC 6 'receive contact data', SPEC 8's notices):
 * the agent receives by e-mail, at their own address, the contact of the property's owner and of every
 * candidate with an offer or visit request in course on the property's newest announcement (the one the
 * Options sheet acts on). 404 for an unknown property; 422 `CONTACT_DATA_NO_ANNOUNCEMENT` when the
 * property has no announcement; `CONTACT_DATA_FAILED` when the agent has no address to receive it (an
 * agent account always has one: it is how they log in). Nothing goes to the owner or the candidates:
 * the back office sees everyone in full (decision 019), so the paid unlock does not apply to the agent.
 */
export async function sendContactData(
  db: Db,
  propertyId: string,
  agentId: string,
  origin: string,
): Promise<ContactDataSent> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ property: properties, owner: person })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.ownerId))
      .where(eq(properties.id, propertyId));
    if (!found) throw new DomainError('NOT_FOUND');
    const [announcement] = await tx
      .select()
      .from(announcements)
      .where(eq(announcements.propertyId, propertyId))
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(1);
    if (!announcement) throw new DomainError('CONTACT_DATA_NO_ANNOUNCEMENT');
    const [agent] = await tx.select({ email: users.email }).from(users).where(eq(users.id, agentId));
    if (!agent?.email) throw new DomainError('CONTACT_DATA_FAILED');

    const candidates = await tx
      .select({
        ...person,
        amount: offers.amount,
        isVisitRequest: offers.isVisitRequest,
        at: offers.createdAt,
      })
      .from(offers)
      .innerJoin(users, eq(users.id, offers.candidateId))
      .where(
        and(eq(offers.announcementId, announcement.id), inArray(offers.statusCode, [...activeOfferStatuses])),
      )
      .orderBy(desc(offers.createdAt), desc(offers.id));

    const link = new URL(`/property-detail/${propertyId}`, origin).toString();
    const notice = contactDataNotices.agentContactData(
      announcementTitle(announcement),
      found.property.reference,
      found.owner,
      candidates,
      isMonthlyKind(announcementKindOfType(announcement.typeCode)),
      link,
    );
    await enqueueMessage(tx, { channel: 'email', recipient: agent.email, ...notice });
    return {
      propertyId,
      announcementId: announcement.id,
      sentTo: agent.email,
      candidates: candidates.length,
    };
  });
}
