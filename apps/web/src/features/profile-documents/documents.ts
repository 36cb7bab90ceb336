import { DocumentKind, type DocumentKindCode } from '@casaoferta/domain/codes';
import { masterLabel } from '@casaoferta/domain/masters/item';
import { userAttributes } from '@casaoferta/domain/masters/user';
import type { HouseholdPerson, TenantDocument, TenantProfile } from '@casaoferta/domain/schemas/tenant';
import type { DocumentOwner } from './api/keys';
import { profileDocumentsTexts } from './texts';

const t = profileDocumentsTexts.sections;

/** The master list `userAttributes.documentKinds` (TDK001…TDK006) with its Spanish labels. */
export const documentKinds = userAttributes().documentKinds;

export const kindLabel = (code: string): string => masterLabel(documentKinds, code);

const kindCodes: readonly string[] = Object.values(DocumentKind);
export const isDocumentKind = (code: string): code is DocumentKindCode => kindCodes.includes(code);

/** The API's limit (DOCUMENT_TOO_LARGE): checked before sending, so a useless upload is spared. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
const acceptedTypes = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];
/** The file input's `accept`: types and extensions (some systems give a file no type). */
export const acceptAttribute = [...acceptedTypes, '.pdf', '.jpg', '.jpeg', '.png', '.webp'].join(',');

/** What is wrong with a file before sending it, as the API's error code, or null. */
export function precheckDocument(
  file: File,
): 'DOCUMENT_EMPTY' | 'DOCUMENT_INVALID' | 'DOCUMENT_TOO_LARGE' | null {
  if (file.size === 0) return 'DOCUMENT_EMPTY';
  // Without a type the server decides on the content.
  if (file.type !== '' && !acceptedTypes.includes(file.type)) return 'DOCUMENT_INVALID';
  if (file.size > MAX_DOCUMENT_BYTES) return 'DOCUMENT_TOO_LARGE';
  return null;
}

/** One block of the page: a person of the profile and their documents. */
export interface DocumentSectionData {
  key: string;
  title: string;
  owner: DocumentOwner;
  documents: readonly TenantDocument[];
}

const fullName = (person: HouseholdPerson) =>
  [person.name, person.surname].filter(Boolean).join(' ').trim() || t.unnamed;

/** Me first, then each co-holder and each guarantor, in the profile's order. */
export function documentSections(profile: TenantProfile): DocumentSectionData[] {
  return [
    { key: 'tenant', title: t.me, owner: { role: 'tenant' }, documents: profile.documents },
    ...profile.coTitulars.map((person) => ({
      key: `co_holder-${person.id}`,
      title: t.coHolder(fullName(person)),
      owner: { role: 'co_holder', personId: person.id } as const,
      documents: person.documents,
    })),
    ...profile.guarantors.map((person) => ({
      key: `guarantor-${person.id}`,
      title: t.guarantor(fullName(person)),
      owner: { role: 'guarantor', personId: person.id } as const,
      documents: person.documents,
    })),
  ];
}
