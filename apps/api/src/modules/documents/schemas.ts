import { z } from 'zod';
import { HouseholdRole } from '@casaoferta/domain/codes';
import { tenantDocument } from '@casaoferta/domain/schemas/tenant';

/**
 * GET /api/announcement/{id}/offer/{offerId}/documents: what the candidate shares with the owner, by
 * person. Defined here until the web reads it (it then belongs in packages/domain/src/schemas/tenant.ts).
 */
export const sharedDocumentsPerson = z.object({
  /** null for the candidate themselves; the household person's id otherwise. */
  personId: z.uuid().nullable(),
  role: z.enum([HouseholdRole.Tenant, HouseholdRole.CoHolder, HouseholdRole.Guarantor]),
  /** Name and surnames as written in the profile. */
  name: z.string(),
  documents: z.array(tenantDocument),
});

export const candidateDocuments = z.object({
  /** Since when the candidate shares them. */
  sharedAt: z.iso.datetime(),
  /** The candidate first, then each co-holder and guarantor that has documents. */
  people: z.array(sharedDocumentsPerson),
});
export type CandidateDocuments = z.infer<typeof candidateDocuments>;
