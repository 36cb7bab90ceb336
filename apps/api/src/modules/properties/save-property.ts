import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { propertyDraftInput, propertyInput } from '@casaoferta/domain/schemas/owner-listings';
import { PropertyValidationStatus } from '@casaoferta/domain/codes';
import type { Db } from '../../db/client';
import { announcements, municipalities, properties } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import { refreshCards } from '../listings/search-announcements';
import { findOwnedProperty } from './owned';

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

/** POST /api/property/draft: creates or updates a draft (not sent to validation). */
export async function savePropertyDraft(db: Db, ownerId: string, input: DraftInput): Promise<{ id: string }> {
  await assertMunicipality(db, input.municipalityCode);
  const { id, ...fields } = input;
  if (id) {
    const existing = await findOwnedProperty(db, id, ownerId);
    if (existing.validationStatus !== PropertyValidationStatus.NotValidated)
      throw new DomainError('INVALID_STATE');
    await db
      .update(properties)
      .set({ ...columns(fields), updatedAt: sql`now()` })
      .where(eq(properties.id, id));
    await refreshCards(db, eq(announcements.propertyId, id));
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
 * POST /api/property (new) and PUT /api/property/{id}: the complete form. The property goes (back) to
 * the agents' validation queue: a validated home that changes is checked again before it is shown.
 */
export async function submitProperty(db: Db, ownerId: string, input: FullInput, propertyId?: string) {
  await assertMunicipality(db, input.municipalityCode);
  const pending = { validationStatus: PropertyValidationStatus.PendingValidation, validationReason: null };
  if (propertyId) {
    await findOwnedProperty(db, propertyId, ownerId);
    await db
      .update(properties)
      .set({ ...columns(input), ...pending, updatedAt: sql`now()` })
      .where(eq(properties.id, propertyId));
    // Its announcements' cards show the new bathrooms and type at once, as the catalogue always has.
    await refreshCards(db, eq(announcements.propertyId, propertyId));
    return { id: propertyId };
  }
  const [created] = await db
    .insert(properties)
    .values({ ...columns(input), street: input.street, ...pending, ownerId, reference: newReference() })
    .returning({ id: properties.id });
  if (!created) throw new Error('submitProperty: no row returned');
  return created;
}
