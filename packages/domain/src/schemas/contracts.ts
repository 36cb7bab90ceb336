import { z } from 'zod';
import { ContractStatus } from '../codes';
import { calendarDate } from './common';
import { personName } from './person-name';
import { personNameRules } from '../rules/person-name';
import { arrasTypeCodes } from '../rules/arras';

/**
 * Contracts from a selected offer (issue 13, SPEC 7.7): the API validates with these schemas and the web
 * client reads their types. Rules beyond shape (the NIF's check letter, the IBAN's check digits, a deed
 * deadline in the future, the arras below the price) are checked by the API and answered with codes of
 * master data `exceptionAttributes`.
 */
export const contractParty = z.enum(['owner', 'tenant']);
export type ContractPartyRole = z.infer<typeof contractParty>;

export const contractKind = z.enum(['rental', 'room_rental', 'sale']);
export type ContractKind = z.infer<typeof contractKind>;

/** A party's own data on the contract: the owner (landlord or seller) or the tenant (or buyer). */
export const contractPartyData = z.object({
  name: personName(),
  surname: personName(personNameRules.maxSurnameLength),
  /** DNI, NIE or NIF; trimmed and uppercased by the API, check letter verified. */
  nif: z.string().trim().min(1).max(20),
  /** Address for notices: street, number, postcode and town. */
  address: z.string().trim().min(5).max(250),
  email: z.email().max(254).nullable(),
  /** Spanish or international number; the API normalises it to E.164. */
  phone: z.string().trim().min(6).max(20),
});
export type ContractPartyDataDto = z.infer<typeof contractPartyData>;

/** What the owner sets for a rental: start, duration, deposit and additional guarantee, how rent is paid. */
export const rentalTermsInput = z.object({
  startDate: calendarDate,
  durationMonths: z.number().int().min(1).max(60),
  depositMonths: z.number().int().min(1).max(2),
  guaranteeMonths: z.number().int().min(0).max(2),
  paymentDay: z.number().int().min(1).max(10),
  /** Master `contractAttributes.paymentTypes`. */
  paymentTypeCode: z.string().min(1).max(10),
  /** Where the rent is paid: required by transfer (CPT001) or direct debit (CPT002). */
  iban: z.string().trim().max(34).nullable(),
  /** Master `contractAttributes.conditions`. */
  conditionCodes: z.array(z.string().min(1).max(10)).max(20),
});
export type RentalTermsInput = z.infer<typeof rentalTermsInput>;

/**
 * What the seller sets for a sale: the arras and the last day to sign the deed. The arras' kind is the
 * one the announcement stated and the buyer accepted (issue 23): the API keeps it whatever is sent;
 * absent (a contract drafted before), they are penitenciales.
 */
export const saleTermsInput = z.object({
  arrasTypeCode: z.enum(arrasTypeCodes).optional(),
  arrasAmount: z.number().int().min(1),
  deedDeadline: calendarDate,
  iban: z.string().trim().max(34).nullable(),
  conditionCodes: z.array(z.string().min(1).max(10)).max(20),
});
export type SaleTermsInput = z.infer<typeof saleTermsInput>;

/** PUT /api/contract/{id}/owner: the owner's data and the terms (rental or sale, by the contract's kind). */
export const ownerContractInput = z.object({
  party: contractPartyData,
  rental: rentalTermsInput.nullable(),
  sale: saleTermsInput.nullable(),
});
export type OwnerContractInput = z.infer<typeof ownerContractInput>;

/** PUT /api/contract/{id}/tenant: the tenant's (or buyer's) data. */
export const tenantContractInput = z.object({ party: contractPartyData });
export type TenantContractInput = z.infer<typeof tenantContractInput>;

/**
 * A party's data as the API answers it: the same fields as `contractPartyData`, but a prefill (before the
 * party saved anything) may leave some empty (an address or a NIF the account does not know).
 */
const contractPartyDraft = z.object({
  name: z.string(),
  surname: z.string(),
  nif: z.string(),
  address: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
});

/** GET /api/contract/{id}/owner: what is saved, or prefilled from the account and the announcement. */
export const ownerContractData = z.object({
  party: contractPartyDraft,
  rental: rentalTermsInput.nullable(),
  sale: saleTermsInput.nullable(),
  saved: z.boolean(),
});
export type OwnerContractDataDto = z.infer<typeof ownerContractData>;

/** GET /api/contract/{id}/tenant. */
export const tenantContractData = z.object({ party: contractPartyDraft, saved: z.boolean() });
export type TenantContractDataDto = z.infer<typeof tenantContractData>;

export const contractStatusCode = z.enum(ContractStatus);

/**
 * Who must act next: `owner`, `tenant`, `both` (both still have to sign) or null (signed or cancelled).
 * `nextStep` names it: fill_owner, fill_tenant, send_to_sign, sign, done, cancelled.
 */
export const contractNextStep = z.enum([
  'fill_owner',
  'fill_tenant',
  'send_to_sign',
  'sign',
  'done',
  'cancelled',
]);

const signatureView = z.object({ fullName: z.string(), signedAt: z.iso.datetime() }).nullable();

/** GET /api/contract/{id}/contractor: the contract as either party sees it. */
export const contractView = z.object({
  id: z.uuid(),
  announcementId: z.uuid(),
  propertyId: z.uuid(),
  offerId: z.uuid(),
  kind: contractKind,
  statusCode: contractStatusCode,
  /** The caller's side of it. */
  role: contractParty,
  title: z.string(),
  municipality: z.string().nullable(),
  amount: z.number().int(),
  ownerName: z.string(),
  tenantName: z.string(),
  ownerSentAt: z.iso.datetime().nullable(),
  tenantSentAt: z.iso.datetime().nullable(),
  sentToSignAt: z.iso.datetime().nullable(),
  /** SHA-256 (hex) of the document both parties sign, once sent to sign. */
  documentSha256: z.string().nullable(),
  ownerSignature: signatureView,
  tenantSignature: signatureView,
  signedAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  cancelledBy: contractParty.nullable(),
  nextActor: z.enum(['owner', 'tenant', 'both']).nullable(),
  nextStep: contractNextStep,
  imagesCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ContractViewDto = z.infer<typeof contractView>;

/** GET /api/contracts: mine, as owner or as tenant, newest activity first. */
export const contractSummary = contractView
  .pick({
    id: true,
    announcementId: true,
    propertyId: true,
    kind: true,
    statusCode: true,
    role: true,
    title: true,
    municipality: true,
    amount: true,
    nextActor: true,
    nextStep: true,
    updatedAt: true,
  })
  .extend({ counterpartName: z.string() });
export type ContractSummaryDto = z.infer<typeof contractSummary>;
export const contractList = z.object({ items: z.array(contractSummary) });

/** POST /api/contract/draft. */
export const contractDraftInput = z.object({ announcementId: z.uuid() });

/** An inventory photo (GET /api/contract/{id}/preload-images). */
export const contractImage = z.object({
  id: z.uuid(),
  width: z.number().int(),
  height: z.number().int(),
  uploadedBy: contractParty,
  createdAt: z.iso.datetime(),
});
export const contractImages = z.object({ items: z.array(contractImage) });

/** POST /api/contract/{id}/{owner|tenant}/sign: the typed full name and the SMS code. */
export const contractSignInput = z.object({
  fullName: z.string().trim().min(3).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
/** POST /api/contract/{id}/{owner|tenant}/sign-code: where the code went (masked) and until when. */
export const contractSignCode = z.object({ sentTo: z.string(), expiresAt: z.iso.datetime() });
