import { z } from 'zod';
import { imageDto } from './listings';

/**
 * A version of a property or an announcement: it counts the owner's changes from 1 (decision 011).
 * An agent's decision names the revision reviewed, and a newer one makes it 409 `REVISION_OUTDATED`.
 */
export const revisionNumber = z.number().int().min(1).max(2_147_483_647);

/**
 * POST /api/agents/property/{id}/validate and /api/agents/announcement/{id}/validate (SPEC 7.2):
 * `validate` (or `status`) approves (true) or rejects (false, with `reasons`); `revision` is the one the
 * agent reviewed (`GET /api/agents/property/{id}/review`).
 */
export const validationDecision = z
  .object({
    validate: z.boolean().optional(),
    status: z.boolean().optional(),
    reasons: z.string().trim().max(1000).optional(),
    revision: revisionNumber.describe(
      'The revision the agent reviewed. If the owner changed the listing since, the answer is 409 ' +
        'REVISION_OUTDATED and nothing changes.',
    ),
  })
  .refine((b) => b.validate !== undefined || b.status !== undefined, {
    message: 'validate o status',
    path: ['validate'],
  });
export type ValidationDecision = z.input<typeof validationDecision>;

/** The property form's columns as stored (null for a field left empty). */
export const propertyFieldValues = z.object({
  street: z.string(),
  streetNumber: z.string().nullable(),
  floorCode: z.string().nullable(),
  blockCode: z.string().nullable(),
  door: z.string().nullable(),
  postalCode: z.string().nullable(),
  provinceCode: z.string().nullable(),
  municipalityCode: z.string().nullable(),
  propertyTypeCode: z.string().nullable(),
  statusCode: z.string().nullable(),
  surfaceM2: z.number().int().nullable(),
  rooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  orientationCode: z.string().nullable(),
  energyCertificationCode: z.string().nullable(),
  emissionCertificationCode: z.string().nullable(),
  features: z.array(z.string()),
  protectedHousingCode: z.string().nullable(),
  stageCode: z.string().nullable(),
});
export type PropertyFieldValues = z.infer<typeof propertyFieldValues>;

export const revisionStatus = z.enum(['pending', 'rejected']);
export type RevisionStatus = z.infer<typeof revisionStatus>;

/**
 * The owner's edit of a validated property while an agent has not approved it: `pending` waits for
 * review, `rejected` was refused (with `reason`) and stays for the owner to correct. The public keeps
 * seeing the approved version meanwhile.
 */
export const pendingRevision = z.object({
  status: revisionStatus,
  reason: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  fields: propertyFieldValues,
});
export type PendingRevision = z.infer<typeof pendingRevision>;

/**
 * GET /api/agents/property/{id}/review: what an agent decides on. `live` is the approved version (the
 * public one while an announcement is live), `pendingRevision` the owner's edit waiting for review,
 * and each announcement with its own revision. Decisions name `revision` (of the property or of the
 * announcement).
 */
export const propertyReview = z.object({
  id: z.uuid(),
  reference: z.string(),
  ownerId: z.uuid(),
  validationStatus: z.string(),
  validationReason: z.string().nullable(),
  revision: z.number().int(),
  live: propertyFieldValues.extend({ images: z.array(imageDto) }),
  pendingRevision: pendingRevision.extend({ images: z.array(imageDto) }).nullable(),
  announcements: z.array(
    z.object({
      id: z.uuid(),
      typeCode: z.string(),
      statusCode: z.string(),
      statusReason: z.string().nullable(),
      revision: z.number().int(),
      price: z.number().int().nullable(),
      customTitle: z.string().nullable(),
      description: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type PropertyReview = z.infer<typeof propertyReview>;
