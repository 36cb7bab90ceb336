import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { propertyDraftInput, propertyInput } from '@casaoferta/domain/schemas/owner-listings';
import { PropertyValidationStatus } from '@casaoferta/domain/codes';
import { editsAreModerated } from '@casaoferta/domain/rules/announcement-lifecycle';
import { propertyFieldValues } from '@casaoferta/domain/schemas/listings';
import type { Db } from '../../db/client';
import { announcements, municipalities, properties } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { refreshCards } from '../listings/search-announcements';
import { lockProperty } from './owned';
import { liveFields, reviseProperty } from './revision';

type FullInput = z.output<typeof propertyInput>;
type DraftInput = z.output<typeof propertyDraftInput>;

/** Public reference: "CO-" and 6 characters without look-alikes (no 0/O, 1/I). */
const referenceAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const newReference = () =>
  `CO-${Array.from(randomBytes(6), (b) => referenceAlphabet[b % referenceAlphabet.length]).join('')}`;

const columns = (input: Partial<FullInput>) => ({
  street: input.street,
  streetNumber: input.streetNumber,
  floorCode: input.floorCode,
  blockCode: input.blockCode,
  door: input.door,
  postalCode: input.postalCode,
  provinceCode: input.provinceCode,
  municipalityCode: input.municipalityCode,
  propertyTypeCode: input.propertyTypeCode,
  statusCode: input.statusCode,
  surfaceM2: input.surfaceM2,
  rooms: input.rooms,
  bathrooms: input.bathrooms,
  orientationCode: input.orientationCode,
  energyCertificationCode: input.energyCertificationCode,
  emissionCertificationCode: input.emissionCertificationCode,
  features: input.features,
  protectedHousingCode: input.protectedHousingCode,
  stageCode: input.stageCode,
});

async function assertMunicipality(db: Db, code: string | undefined) {
  if (!code) return;
  const [row] = await db
    .select({ code: municipalities.code })
    .from(municipalities)
    .where(eq(municipalities.code, code));
  if (!row) throw new DomainError('INVALID_INPUT', 'municipalityCode');
}

/**
 * POST /api/property/draft: creates or updates a draft (not sent to validation). The `id` may be one
 * the client generated: the first save creates the draft under it, a repeated one (a retry, the
 * browser's Back) continues it, so one form never makes two properties.
 */
export async function savePropertyDraft(db: Db, ownerId: string, input: DraftInput): Promise<{ id: string }> {
  await assertMunicipality(db, input.municipalityCode);
  const { id, ...fields } = input;
  if (id) {
    const [created] = await db
      .insert(properties)
      .values({ ...columns(fields), id, street: fields.street ?? '', ownerId, reference: newReference() })
      .onConflictDoNothing({ target: properties.id })
      .returning({ id: properties.id });
    if (created) return created;
    // It exists: the owner's draft is continued below; another owner's id answers 404.
    await db.transaction(async (tx) => {
      // Under the property's lock: a submission racing this save either comes first (409 here) or after.
      const existing = await lockProperty(tx, id, ownerId);
      if (existing.validationStatus !== PropertyValidationStatus.NotValidated)
        throw new DomainError('INVALID_STATE');
      await tx
        .update(properties)
        .set({ ...columns(fields), revision: sql`${properties.revision} + 1`, updatedAt: sql`now()` })
        .where(eq(properties.id, id));
      await refreshCards(tx, eq(announcements.propertyId, id));
    });
    return { id };
  }
  const [created] = await db
    .insert(properties)
    .values({ ...columns(fields), street: fields.street ?? '', ownerId, reference: newReference() })
    .returning({ id: properties.id });
  if (!created) throw new Error('savePropertyDraft: no row returned');
  return created;
}

/**
 * POST /api/property (new) and PUT /api/property/{id}: the complete form. A property never approved
 * takes the change at once and goes (back) to the agents' queue. A validated one keeps its approved
 * version, public while an announcement is live, and the change waits as its pending revision until an
 * agent approves it (decision 011). The state is read under the property's lock, in the transaction
 * that writes, so an agent's approval cannot slip between the two.
 */
export async function submitProperty(db: Db, ownerId: string, input: FullInput, propertyId?: string) {
  await assertMunicipality(db, input.municipalityCode);
  if (!propertyId) {
    const [created] = await db
      .insert(properties)
      .values({
        ...columns(input),
        street: input.street,
        validationStatus: PropertyValidationStatus.PendingValidation,
        ownerId,
        reference: newReference(),
      })
      .returning({ id: properties.id });
    if (!created) throw new Error('submitProperty: no row returned');
    return created;
  }
  await db.transaction(async (tx) => {
    const property = await lockProperty(tx, propertyId, ownerId);
    if (editsAreModerated(property.validationStatus)) {
      const base = property.pendingRevision?.fields ?? liveFields(property);
      const given = Object.entries(columns(input)).filter(([, value]) => value !== undefined);
      await reviseProperty(tx, property, {
        fields: propertyFieldValues.parse({ ...base, ...Object.fromEntries(given) }),
      });
      return;
    }
    await tx
      .update(properties)
      .set({
        ...columns(input),
        validationStatus: PropertyValidationStatus.PendingValidation,
        validationReason: null,
        revision: sql`${properties.revision} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(properties.id, propertyId));
    // Its announcements' cards (none on show: the property is not validated) follow the columns.
    await refreshCards(tx, eq(announcements.propertyId, propertyId));
  });
  return { id: propertyId };
}
