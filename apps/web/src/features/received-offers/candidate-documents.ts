import { HouseholdRole } from '@casaoferta/domain/codes';
import { userAttributes } from '@casaoferta/domain/masters/user';
import type { TenantDocument } from '@casaoferta/domain/schemas/tenant';

/** Whose documents: the candidate, a co-holder or a guarantor. */
export type PersonRole = 'tenant' | 'co_holder' | 'guarantor';

/** A person of the candidate's profile and the documents they share. */
export interface SharedPerson {
  key: string;
  role: PersonRole;
  name: string;
  documents: TenantDocument[];
}

/** GET .../offer/{offerId}/documents as this screen reads it. */
export interface CandidateDocuments {
  sharedAt: string | null;
  people: SharedPerson[];
}

const kinds = userAttributes().documentKinds;
export const documentKindLabel = (code: string): string =>
  kinds.find((item) => item.code === code)?.label ?? code;

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const roleOf = (value: unknown): PersonRole =>
  value === HouseholdRole.CoHolder || value === HouseholdRole.Guarantor ? value : HouseholdRole.Tenant;

/** A document as the wire gives it, or null when it lacks what a download needs (its id). */
function documentOf(value: unknown): TenantDocument | null {
  if (!isObject(value) || typeof value.id !== 'string') return null;
  return {
    id: value.id,
    kindCode: text(value.kindCode) as TenantDocument['kindCode'],
    fileName: text(value.fileName),
    contentType: text(value.contentType),
    size: typeof value.size === 'number' ? value.size : 0,
    createdAt: text(value.createdAt),
  };
}

const documentsOf = (value: unknown): TenantDocument[] =>
  Array.isArray(value) ? value.map(documentOf).filter((item) => item !== null) : [];

/**
 * Reads the answer defensively: grouped by person (`{ sharedAt, people: [{ personId, role, name,
 * documents }] }`), or a flat list of documents each with `personRole` and `personName`.
 */
export function readCandidateDocuments(data: unknown): CandidateDocuments {
  if (Array.isArray(data)) {
    const people = new Map<string, SharedPerson>();
    for (const item of data) {
      const document = documentOf(item);
      if (!document || !isObject(item)) continue;
      const role = roleOf(item.personRole);
      const name = text(item.personName);
      const key = `${role}:${name}`;
      const person = people.get(key) ?? { key, role, name, documents: [] };
      person.documents.push(document);
      people.set(key, person);
    }
    return { sharedAt: null, people: [...people.values()] };
  }
  if (!isObject(data)) return { sharedAt: null, people: [] };
  const people = Array.isArray(data.people) ? data.people : [];
  return {
    sharedAt: typeof data.sharedAt === 'string' ? data.sharedAt : null,
    people: people.filter(isObject).map((person, index) => ({
      key: text(person.personId) || `${text(person.role) || 'tenant'}-${index}`,
      role: roleOf(person.role),
      name: text(person.name),
      documents: documentsOf(person.documents),
    })),
  };
}
