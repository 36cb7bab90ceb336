import { isDeepStrictEqual } from 'node:util';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import {
  propertyFieldValues,
  type PendingRevision,
  type PropertyFieldValues,
} from '@casaoferta/domain/schemas/listings';
import type { Db } from '../../db/client';
import { properties, propertyImages } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';

/**
 * Moderated edits (decision 011). A validated property's columns and its photos not `pending` are the
 * approved version, the one the public sees. The owner's changes (form fields, uploads, deletions and
 * order of photos) go to `pending_revision` until an agent approves it (`applyRevision`) or rejects it
 * (`rejectRevision`). Every function here runs in the caller's transaction, with the property locked
 * (`lockProperty`).
 */
type PropertyRow = typeof properties.$inferSelect;

/** The approved version's form fields (the columns). */
export const liveFields = (p: PropertyRow): PropertyFieldValues => propertyFieldValues.parse(p);

/** The approved photos, in order. */
async function approvedImageIds(tx: Db, propertyId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: propertyImages.id })
    .from(propertyImages)
    .where(and(eq(propertyImages.propertyId, propertyId), eq(propertyImages.pending, false)))
    .orderBy(asc(propertyImages.position));
  return rows.map((row) => row.id);
}

/** The photos the owner sees, in order: the revision's while there is one, else the approved ones. */
async function ownerGalleryIds(tx: Db, p: PropertyRow): Promise<string[]> {
  return p.pendingRevision?.imageIds ?? approvedImageIds(tx, p.id);
}

/**
 * Records an owner's change as the pending revision: `fields` and `imageIds` replace the revision's
 * (or, without one, the approved version's). The revision number goes up; a revision that ends up equal
 * to the approved version is dropped, as there is nothing left to review.
 */
export async function reviseProperty(
  tx: Db,
  p: PropertyRow,
  change: { fields?: PropertyFieldValues; imageIds?: string[] },
): Promise<void> {
  const live = { fields: liveFields(p), imageIds: await approvedImageIds(tx, p.id) };
  const current = p.pendingRevision ?? live;
  const next = { fields: change.fields ?? current.fields, imageIds: change.imageIds ?? current.imageIds };
  await tx
    .update(properties)
    .set({
      pendingRevision: isDeepStrictEqual(next, live)
        ? null
        : { ...next, status: 'pending', reason: null, submittedAt: new Date().toISOString() },
      revision: sql`${properties.revision} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(properties.id, p.id));
}

/**
 * An agent's approval: the revision's fields become the columns and its gallery the approved one
 * (photos left out are deleted, uploads stop being pending, positions follow the revision's order).
 * Answers the storage keys of the deleted photos (their files go once the transaction commits).
 * The caller copies the new columns to the announcements.
 */
export async function applyRevision(tx: Db, p: PropertyRow): Promise<string[]> {
  const revision = p.pendingRevision;
  if (!revision) return [];
  const removed = await tx
    .delete(propertyImages)
    .where(and(eq(propertyImages.propertyId, p.id), notInArray(propertyImages.id, revision.imageIds)))
    .returning({ storageKey: propertyImages.storageKey });
  if (revision.imageIds.length > 0) {
    // One statement (the unique position is checked at its end: the constraint is deferrable).
    const positions = revision.imageIds.map((id, position) => sql`when ${id}::uuid then ${position}::int`);
    await tx
      .update(propertyImages)
      .set({ position: sql`case ${propertyImages.id} ${sql.join(positions, sql` `)} end`, pending: false })
      .where(eq(propertyImages.propertyId, p.id));
  }
  await tx
    .update(properties)
    .set({ ...revision.fields, pendingRevision: null, updatedAt: sql`now()` })
    .where(eq(properties.id, p.id));
  return removed.map((row) => row.storageKey);
}

/** An agent's rejection: the approved version stays; the revision stays for the owner, with the reason. */
export async function rejectRevision(tx: Db, p: PropertyRow, reason: string): Promise<void> {
  if (!p.pendingRevision) return;
  await tx
    .update(properties)
    .set({ pendingRevision: { ...p.pendingRevision, status: 'rejected', reason }, updatedAt: sql`now()` })
    .where(eq(properties.id, p.id));
}

/** What the owner sees of the revision (the photos come with the gallery, `ownerGalleryIds`). */
export const ownerRevision = (p: PropertyRow): PendingRevision | null =>
  p.pendingRevision
    ? {
        status: p.pendingRevision.status,
        reason: p.pendingRevision.reason,
        submittedAt: p.pendingRevision.submittedAt,
        fields: p.pendingRevision.fields,
      }
    : null;

/** Photo changes on a moderated property: they change the revision's gallery, not the public one. */
export const revisionGallery = {
  /** A photo uploaded (stored `pending`) goes at the end of the owner's gallery. */
  async add(tx: Db, p: PropertyRow, imageId: string): Promise<void> {
    await reviseProperty(tx, p, { imageIds: [...(await ownerGalleryIds(tx, p)), imageId] });
  },
  /**
   * A photo the owner deletes leaves the revision's gallery. One uploaded into the revision is deleted
   * at once (its storage key is answered, for its files); an approved one stays public until approval.
   */
  async remove(tx: Db, p: PropertyRow, imageId: string): Promise<string | null> {
    const ids = await ownerGalleryIds(tx, p);
    if (!ids.includes(imageId)) throw new DomainError('NOT_FOUND');
    const [deleted] = await tx
      .delete(propertyImages)
      .where(and(eq(propertyImages.id, imageId), eq(propertyImages.pending, true)))
      .returning({ storageKey: propertyImages.storageKey });
    await reviseProperty(tx, p, { imageIds: ids.filter((id) => id !== imageId) });
    return deleted?.storageKey ?? null;
  },
  /** A new order of the owner's gallery; the list must name exactly its photos. */
  async reorder(tx: Db, p: PropertyRow, imageIds: string[]): Promise<void> {
    const ids = await ownerGalleryIds(tx, p);
    const same = ids.length === imageIds.length && ids.every((id) => imageIds.includes(id));
    if (!same) throw new DomainError('INVALID_INPUT', 'imageIds');
    await reviseProperty(tx, p, { imageIds });
  },
};
