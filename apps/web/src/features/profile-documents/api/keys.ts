/** Whose document: the tenant's own, or one of a co-holder's or a guarantor's (by the person's id). */
export type DocumentOwner =
  { role: 'tenant' } | { role: 'co_holder'; personId: string } | { role: 'guarantor'; personId: string };

const id = encodeURIComponent;

/** API paths of the tenant's documents (issue 11, SPEC 7.5). */
export const documentsApi = {
  tenant: '/api/tenant',
  downloads: '/api/document/downloads',
  upload: (owner: DocumentOwner) =>
    owner.role === 'tenant'
      ? '/api/document'
      : owner.role === 'guarantor'
        ? `/api/document/guarantor/${id(owner.personId)}`
        : `/api/document/cotitular/${id(owner.personId)}`,
  remove: (owner: DocumentOwner, documentId: string) =>
    owner.role === 'tenant'
      ? `/api/document/${id(documentId)}`
      : owner.role === 'guarantor'
        ? `/api/document/${id(documentId)}/guarantor/${id(owner.personId)}`
        : `/api/document/${id(documentId)}/cotitular/${id(owner.personId)}`,
  download: (owner: DocumentOwner, documentId: string) => {
    const query = `documentId=${id(documentId)}`;
    return owner.role === 'tenant'
      ? `/api/document/download?${query}`
      : owner.role === 'guarantor'
        ? `/api/document/download/guarantor/${id(owner.personId)}?${query}`
        : `/api/document/download/cotitular/${id(owner.personId)}?${query}`;
  },
} as const;

/** React Query keys of this page. */
export const documentsKeys = {
  tenant: ['profile-documents', 'tenant'] as const,
  downloads: ['profile-documents', 'downloads'] as const,
};
