import { DocumentKind } from '@casaoferta/domain/codes';
import { masterLabel } from '@casaoferta/domain/masters/item';
import { userAttributes } from '@casaoferta/domain/masters/user';
import type { MyOffersPage } from '@casaoferta/domain/schemas/offers';
import type { z } from 'zod';
import type { documentsShare, TenantProfile } from '@casaoferta/domain/schemas/tenant';
import { apiRequest } from '../../../shared/api/client';

/**
 * The calls behind 'Compartir mi documentación con el propietario' in the offer flow (issue 23 point 7):
 * the documents I could share and my choice on my current offer (an edit) or on my last offer (a new
 * one). The choice itself goes with the offer request (decision 029); the offer's detail changes it later.
 */
type DocumentsShare = z.infer<typeof documentsShare>;

const id = encodeURIComponent;
export const shareApi = {
  tenant: '/api/tenant',
  search: (sale: boolean) =>
    sale ? '/api/announcement/offers/sale-search' : '/api/announcement/offers/search',
  share: (announcementId: string, offerId: string) =>
    `/api/announcement/${id(announcementId)}/offer/${id(offerId)}/documents-share`,
} as const;

/** One document the owner would see, by kind (and whose, for a co-holder's or a guarantor's). */
export interface ShareableDocument {
  id: string;
  kind: string;
  fileName: string;
  person: string | null;
}

const kinds = userAttributes().documentKinds;
const kindLabel = (code: string) => masterLabel(kinds, code);
const kindOrder: readonly string[] = Object.values(DocumentKind);
const byKind = (a: { kindCode: string }, b: { kindCode: string }) =>
  kindOrder.indexOf(a.kindCode) - kindOrder.indexOf(b.kindCode);

/** My documents, then my co-holders' and guarantors', each list in the master's order of kinds. */
export function shareableDocuments(profile: TenantProfile): ShareableDocument[] {
  const own = [...profile.documents]
    .sort(byKind)
    .map((d) => ({ id: d.id, kind: kindLabel(d.kindCode), fileName: d.fileName, person: null }));
  const people = [...profile.coTitulars, ...profile.guarantors].flatMap((person) =>
    [...person.documents].sort(byKind).map((d) => ({
      id: d.id,
      kind: kindLabel(d.kindCode),
      fileName: d.fileName,
      person: `${person.name} ${person.surname}`.trim(),
    })),
  );
  return [...own, ...people];
}

const readShare = (announcementId: string, offerId: string, signal?: AbortSignal) =>
  apiRequest<DocumentsShare>(shareApi.share(announcementId, offerId), { signal, silent: true });

/** My newest offer of any kind and state (the lists are ordered by their last change). */
async function lastOffer(signal?: AbortSignal) {
  const pages = await Promise.all(
    [false, true].map((sale) =>
      apiRequest<MyOffersPage>(shareApi.search(sale), {
        method: 'POST',
        body: { status: 'all', limit: 1 },
        signal,
        silent: true,
      }),
    ),
  );
  const offers = pages.flatMap((page) => page.items);
  return offers.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0] ?? null;
}

export interface ShareDefaults {
  documents: ShareableDocument[];
  /** The current offer's consent (an edit), else my last offer's, else false: never ticked by us. */
  shared: boolean;
}

/**
 * What the block starts from: nothing to offer without documents (null); an edit shows the offer's own
 * consent; a new offer starts from the choice of my last offer (revoked since: unchecked).
 */
export async function loadShareDefaults(
  current: { id: string; announcementId: string } | null,
  signal?: AbortSignal,
): Promise<ShareDefaults | null> {
  const profile = await apiRequest<TenantProfile>(shareApi.tenant, { signal, silent: true });
  const documents = shareableDocuments(profile);
  if (documents.length === 0) return null;
  const previous = current ?? (await lastOffer(signal));
  const shared = previous ? (await readShare(previous.announcementId, previous.id, signal)).shared : false;
  return { documents, shared };
}
