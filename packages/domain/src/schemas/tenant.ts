import { z } from 'zod';
import { DocumentKind, HouseholdRole } from '../codes';
import { calendarDate } from './common';
import { personName } from './person-name';

/**
 * Wire shapes of the tenant's solvency profile (SPEC 3 "Tenant profile", 4.3, 5.4, 7.5). Numbers are taken
 * as any finite number and dates as any ISO date: whether a value is within its bounds (cohabitants 0–10,
 * children up to cohabitants, of age, a DNI/NIE with its check letter, a known master code) is a rule of
 * `rules/tenant-profile.ts`, answered with its own code and text.
 */

const code = z.string().trim().min(1).max(20);
const count = z.number().int().min(-1000).max(1000);

/** Wizard step 1, "Situación laboral" (SPEC 5.4): the identifier, the contract type and the salary band. */
export const workInput = z.object({
  nif: z.string().trim().min(1).max(20),
  typeContractCode: code,
  salaryRangeCode: code,
});
export type WorkInput = z.infer<typeof workInput>;

/**
 * Wizard step 2, "Datos personales". `birthDate` is a calendar day of 1900–2200 (400 DATE_OUT_OF_RANGE
 * otherwise); of age and at most 120 years old today is the rule's (`birthDateIssue`, 422).
 */
export const personalInput = z.object({
  name: personName(),
  surname: personName(),
  birthDate: calendarDate,
  countryCode: code,
  civilStatusCode: code,
});
export type PersonalInput = z.infer<typeof personalInput>;

/** Wizard step 3, "Convivencia": the household that would live in the home. */
export const coexistenceInput = z.object({
  numberCohabitants: count,
  numberChildren: count,
  hasPets: z.boolean(),
  hasSmokers: z.boolean(),
});
export type CoexistenceInput = z.infer<typeof coexistenceInput>;

/** PUT /api/tenant/profile/presentation: a free text for owners ('' clears it). */
export const presentationInput = z.object({ presentation: z.string().trim().max(2000) });
export type PresentationInput = z.infer<typeof presentationInput>;

/** PUT /api/tenant/profile: the wizard's three steps saved together. */
export const profileInput = z.object({
  ...workInput.shape,
  ...personalInput.shape,
  ...coexistenceInput.shape,
});
export type ProfileInput = z.infer<typeof profileInput>;

/** PUT /api/tenant/co-titular/{id} and /guarantor/{id}: the wizard's two steps of a co-holder or guarantor. */
export const personInput = z.object({ ...workInput.shape, ...personalInput.shape });
export type PersonInput = z.infer<typeof personInput>;

/** POST /api/tenant/co-titular and /guarantor: the same, under an id the client generates (a retry is safe). */
export const newPersonInput = personInput.extend({ id: z.uuid() });
export type NewPersonInput = z.infer<typeof newPersonInput>;

/** A stored document (the file itself is only downloaded, never listed inline). */
export const tenantDocument = z.object({
  id: z.uuid(),
  kindCode: z.enum(DocumentKind),
  /** The name the file had when it was uploaded (shown, never used on disk). */
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type TenantDocument = z.infer<typeof tenantDocument>;

/** A co-holder or a guarantor, with its documents. */
export const householdPerson = z.object({
  id: z.uuid(),
  role: z.enum([HouseholdRole.CoHolder, HouseholdRole.Guarantor]),
  ...workInput.shape,
  ...personalInput.shape,
  /** Any stored day: one saved before the years were bounded still reads (a response is checked too). */
  birthDate: z.iso.date(),
  documents: z.array(tenantDocument),
});
export type HouseholdPerson = z.infer<typeof householdPerson>;

/** What the offers dialog and the session read (SPEC 3 "announcement / offer management data"). */
export const profileCompleteness = z.object({
  /** Every field of the wizard's three steps. */
  hasTenantProfileCompleted: z.boolean(),
  /** A rental offer needs no employment section: identifier, contract type and salary band are stored. */
  hasTenantProfileCompletedToOffer: z.boolean(),
  /** A sale offer needs no employment section: the contract type is stored. */
  hasProfileCompletedToSaleOffer: z.boolean(),
});
export type ProfileCompleteness = z.infer<typeof profileCompleteness>;

/** GET /api/tenant: my profile, empty fields null until given. */
export const tenantProfile = z.object({
  /** null until something of the profile has been saved. */
  id: z.uuid().nullable(),
  nif: z.string().nullable(),
  typeContractCode: z.string().nullable(),
  salaryRangeCode: z.string().nullable(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  birthDate: z.iso.date().nullable(),
  countryCode: z.string().nullable(),
  civilStatusCode: z.string().nullable(),
  numberCohabitants: z.number().int().nullable(),
  numberChildren: z.number().int().nullable(),
  hasPets: z.boolean().nullable(),
  hasSmokers: z.boolean().nullable(),
  presentation: z.string().nullable(),
  hasCoTitular: z.boolean(),
  hasGuarantor: z.boolean(),
  coTitulars: z.array(householdPerson),
  guarantors: z.array(householdPerson),
  /** The tenant's own documents (co-holders' and guarantors' are with each person). */
  documents: z.array(tenantDocument),
  completeness: profileCompleteness,
  updatedAt: z.iso.datetime().nullable(),
});
export type TenantProfile = z.infer<typeof tenantProfile>;

/** POST /api/document (and the per-person variants): multipart, a `kindCode` field and one `file`. */
export const documentKindField = z.enum(DocumentKind);

/** GET /api/document/downloads: who downloaded which of my files, newest first. */
export const documentDownload = z.object({
  id: z.string(),
  /** null once the file was deleted. */
  documentId: z.uuid().nullable(),
  fileName: z.string(),
  /** tenant: me (or an agent acting as me); owner: the owner of an announcement I offered on; agent. */
  byRole: z.enum(['tenant', 'owner', 'agent']),
  /** How the tenant reads who it was: 'Tú', 'Propietario de «Piso en Chamberí»', 'Equipo de Casaoferta'. */
  byLabel: z.string(),
  at: z.iso.datetime(),
});
export type DocumentDownload = z.infer<typeof documentDownload>;

/** One person of a candidate's household and the documents the candidate shares with the owner. */
export const sharedDocumentsPerson = z.object({
  /** null for the candidate themselves; the household person's id otherwise. */
  personId: z.uuid().nullable(),
  role: z.enum([HouseholdRole.Tenant, HouseholdRole.CoHolder, HouseholdRole.Guarantor]),
  /** Name and surnames as written in the profile. */
  name: z.string(),
  documents: z.array(tenantDocument),
});
export type SharedDocumentsPerson = z.infer<typeof sharedDocumentsPerson>;

/** GET /api/announcement/{id}/offer/{offerId}/documents: what the candidate shares with the owner. */
export const candidateDocuments = z.object({
  /** Since when the candidate shares them. */
  sharedAt: z.iso.datetime(),
  /** The candidate first, then each co-holder and guarantor that has documents. */
  people: z.array(sharedDocumentsPerson),
});
export type CandidateDocuments = z.infer<typeof candidateDocuments>;

/** PUT /api/announcement/{id}/offer/{offerId}/documents-share: the candidate's consent, revocable. */
export const documentsShareInput = z.object({ shared: z.boolean() });
export const documentsShare = z.object({ shared: z.boolean(), sharedAt: z.iso.datetime().nullable() });

/** A solvency verdict (master list `offerAttributes.solvencyStatuses`) with its reasons in plain Spanish. */
export const solvencyVerdict = z.object({
  statusCode: z.string(),
  /** Monthly rent over the household's net monthly income (holders' and guarantors'), 0.35 = 35 % (null when not worked out). */
  ratio: z.number().nullable(),
  reasons: z.array(z.string()),
  /** Whether the profile names a co-holder / a guarantor (no figure: shown even while amounts are locked). */
  hasCoHolder: z.boolean(),
  hasGuarantor: z.boolean(),
});
export type SolvencyVerdict = z.infer<typeof solvencyVerdict>;

/** GET /api/announcement/{id}/solvency: my verdict on this announcement before I offer, and what would change it. */
export const tenantSolvency = solvencyVerdict.extend({
  /** How the verdict would read with a guarantor or a co-holder of the income needed (null when it would not change). */
  withGuarantor: solvencyVerdict.nullable(),
  withCoHolder: solvencyVerdict.nullable(),
});
export type TenantSolvency = z.infer<typeof tenantSolvency>;
