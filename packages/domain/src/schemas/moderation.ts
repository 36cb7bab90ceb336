import { z } from 'zod';
import { imageDto, pendingRevision, propertyFieldValues } from './listings';

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
const decisionFields = {
  validate: z.boolean().optional(),
  status: z.boolean().optional(),
  reasons: z.string().trim().max(1000).optional(),
  revision: revisionNumber.describe(
    'The revision the agent reviewed. If the owner changed the listing since, the answer is 409 ' +
      'REVISION_OUTDATED and nothing changes.',
  ),
};
const decides = (b: { validate?: boolean | undefined; status?: boolean | undefined }) =>
  b.validate !== undefined || b.status !== undefined;
const decidesMessage = { message: 'validate o status', path: ['validate'] };

export const validationDecision = z.object(decisionFields).refine(decides, decidesMessage);
export type ValidationDecision = z.input<typeof validationDecision>;

/**
 * Issue 23 point 6 (decision 028): the property's decision may carry its announcement's, decided in the
 * same transaction with one notice to the owner: both validated ('Validar inmueble y anuncio'), the
 * property validated and the announcement rejected, or both rejected. The property's rules come first:
 * an announcement is never published on a property that is not validated (422 PROPERTY_NOT_VALIDATED).
 */
export const jointAnnouncementDecision = z.object({
  id: z.uuid(),
  validate: z.boolean(),
  reasons: z.string().trim().max(1000).optional(),
  revision: revisionNumber.describe(
    'The announcement’s revision the agent reviewed (else 409 REVISION_OUTDATED).',
  ),
});
export const propertyValidationDecision = z
  .object({
    ...decisionFields,
    announcement: jointAnnouncementDecision
      .optional()
      .describe('An announcement of this property pending validation, decided together with it.'),
  })
  .refine(decides, decidesMessage);
export type PropertyValidationDecision = z.input<typeof propertyValidationDecision>;

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
      /** Unlocked (offer amounts and contacts shown to the owner): paid, or marked paid by an agent. */
      isPaid: z.boolean(),
      price: z.number().int().nullable(),
      customTitle: z.string().nullable(),
      description: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type PropertyReview = z.infer<typeof propertyReview>;
