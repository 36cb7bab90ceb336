/**
 * The agents' downloads (issue 14, point 5; SPEC 7.2): file answers, not JSON envelopes, so what the web
 * and the API share is where they are. Each builder also makes the API's route pattern when given the
 * parameter names (`solvencyReport(':id', ':offerId')`). All of them need an agent's own session with
 * `documents.download`; a zip of an empty set is a valid empty zip.
 */
export const agentDownloadPaths = {
  /** PDF "Informe de solvencia" of the candidate of an offer. */
  solvencyReport: (announcementId: string, offerId: string) =>
    `/api/agents/announcement/${announcementId}/offer/${offerId}/solvency-report`,
  /** PDF "Informe del candidato" of an offer. */
  candidateReport: (announcementId: string, offerId: string) =>
    `/api/agents/announcement/${announcementId}/offer/${offerId}/candidate-report`,
  /** Zip of the documents of an offer's candidate and of their co-holders and guarantors. */
  offerDocuments: (announcementId: string, offerId: string) =>
    `/api/agents/announcement/${announcementId}/offer/${offerId}/document-users`,
  /** Zip of the documents of every current candidate of an announcement. */
  announcementDocuments: (announcementId: string) =>
    `/api/agents/announcement/${announcementId}/document-users`,
  /** Zip of every document of a user (Profile's 'Documentación' while impersonating). */
  userDocuments: (userId: string) => `/api/agents/users/${userId}/documents/zip`,
  /** Zip of every photo of a property. */
  propertyImages: (propertyId: string) => `/api/property/${propertyId}/download-images`,
} as const;
