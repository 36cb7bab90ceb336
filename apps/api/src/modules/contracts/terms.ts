import { and, eq } from 'drizzle-orm';
import { contractAttributes } from '@casaoferta/domain/masters/offer-contract';
import { normalizePhone } from '@casaoferta/domain/phone';
import { isValidSpanishId, normalizeSpanishId } from '@casaoferta/domain/rules/spanish-id';
import { madridToday } from '@casaoferta/domain/rules/tenant-profile';
import { arrasAmountOn, arrasOf, defaultArras, type ArrasTerms } from '@casaoferta/domain/rules/arras';
import type {
  ContractKind,
  ContractPartyDataDto,
  OwnerContractInput,
  RentalTermsInput,
  SaleTermsInput,
} from '@casaoferta/domain/schemas/contracts';
import type { Db } from '../../db/client';
import { householdPeople, users } from '../../db/schema/index';
import { DomainError } from '../../platform/errors';
import type { AnnouncementRow } from './store';

/** What a contract's `terms` hold: the announcement's conditions as prefilled, later the owner's own. */
export interface StoredTerms {
  rental: RentalTermsInput | null;
  sale: SaleTermsInput | null;
}

const contractMonths: Record<string, number> = {
  ACD001: 11,
  ACD002: 12,
  ACD003: 24,
  ACD004: 36,
  ACD005: 60,
  ACD006: 60,
};

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The day `days` after today (Madrid), as YYYY-MM-DD. */
export function daysFromToday(days: number, now: Date = new Date()): string {
  const today = new Date(`${madridToday(now)}T12:00:00Z`);
  today.setUTCDate(today.getUTCDate() + days);
  return today.toISOString().slice(0, 10);
}

/**
 * The terms a draft starts from: for a rental the announcement's duration, deposit and extra guarantee
 * (master codes of its `details`) and its availability as the start; for a sale the arras the buyer
 * accepted with the selected offer (issue 23, decision 029: their kind, and the percentage on the agreed
 * amount or the amount in euros, kept below it), else those the announcement states, else 10 %
 * penitenciales, and two months to sign the deed.
 */
export function prefilledTerms(
  kind: ContractKind,
  announcement: AnnouncementRow,
  amount: number,
  acceptedArras: ArrasTerms | null = null,
): StoredTerms {
  if (kind === 'sale') {
    const arras = acceptedArras ?? arrasOf(announcement.details) ?? defaultArras;
    return {
      rental: null,
      sale: {
        arrasTypeCode: arras.typeCode,
        arrasAmount: Math.max(1, Math.min(arrasAmountOn(arras, amount), amount - 1)),
        deedDeadline: daysFromToday(60),
        iban: null,
        conditionCodes: [],
      },
    };
  }
  const details = announcement.details;
  const duration =
    contractMonths[str(details.contractDurationCode) ?? ''] ?? (kind === 'room_rental' ? 6 : 12);
  const monthDuration = /^AMD(\d{3})$/.exec(str(details.monthContractDurationCode) ?? '')?.[1];
  const deposit = str(details.depositCode) === 'ADP002' ? 2 : 1;
  const warranty = Number(/^AWM(\d{3})$/.exec(str(details.warrantyMonthsCode) ?? '')?.[1] ?? 0);
  const today = madridToday();
  const available = announcement.availableFrom;
  return {
    rental: {
      startDate: available && available > today ? available : daysFromToday(7),
      durationMonths: clamp(monthDuration ? Number(monthDuration) : duration, 1, 60),
      depositMonths: deposit,
      guaranteeMonths: clamp(warranty, 0, 2),
      paymentDay: 5,
      paymentTypeCode: 'CPT001',
      iban: null,
      conditionCodes: announcement.petsAllowed ? ['CCO004'] : [],
    },
    sale: null,
  };
}

/** A party's data prefilled from their account (name, phone, confirmed e-mail, the NIF of their profile). */
export async function prefilledParty(db: Db, userId: string): Promise<ContractPartyDataDto> {
  const [account] = await db
    .select({ name: users.name, surname: users.surname, phone: users.phoneNumber, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const [person] = await db
    .select({ nif: householdPeople.nif })
    .from(householdPeople)
    .where(and(eq(householdPeople.tenantId, userId), eq(householdPeople.role, 'tenant')));
  return {
    name: account?.name ?? '',
    surname: account?.surname ?? '',
    nif: person?.nif ?? '',
    address: '',
    email: account?.email ?? null,
    phone: account?.phone ?? '',
  };
}

/** IBAN check digits (ISO 13616, mod 97). */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  if (iban.startsWith('ES') && iban.length !== 24) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

const normalizeIban = (value: string | null): string | null =>
  value === null || value.trim() === '' ? null : value.replace(/\s+/g, '').toUpperCase();

/** A party's data checked beyond shape and normalised (NIF in capitals, phone in E.164). */
export function checkedParty(party: ContractPartyDataDto): ContractPartyDataDto {
  const nif = normalizeSpanishId(party.nif);
  if (!isValidSpanishId(nif)) throw new DomainError('NIF_INVALID', 'party.nif');
  const phone = normalizePhone(party.phone);
  if (!phone) throw new DomainError('INVALID_PHONE', 'party.phone');
  return { ...party, nif, phone: phone.e164, email: party.email?.toLowerCase() ?? null };
}

const conditionCodes = new Set(contractAttributes().conditions.map((item) => item.code));
const paymentTypeCodes = new Set(contractAttributes().paymentTypes.map((item) => item.code));
/** Payment types that need the account the rent goes to. */
const needsIban = new Set(['CPT001', 'CPT002']);

function checkedIban(value: string | null, required: boolean, field: string): string | null {
  const iban = normalizeIban(value);
  if (iban === null) {
    if (required) throw new DomainError('IBAN_REQUIRED', field);
    return null;
  }
  if (!isValidIban(iban)) throw new DomainError('IBAN_INVALID', field);
  return iban;
}

function checkedConditions(codes: string[], field: string): string[] {
  if (codes.some((code) => !conditionCodes.has(code))) throw new DomainError('UNKNOWN_OPTION', field);
  return [...new Set(codes)];
}

/** The owner's form checked against the contract's kind and amount, normalised for storage. */
export function checkedOwnerInput(
  input: OwnerContractInput,
  kind: ContractKind,
  amount: number,
): OwnerContractInput {
  const party = checkedParty(input.party);
  if (kind === 'sale') {
    const sale = input.sale;
    if (!sale) throw new DomainError('CONTRACT_TERMS_REQUIRED', 'sale');
    if (sale.arrasAmount >= amount) throw new DomainError('ARRAS_OVER_PRICE', 'sale.arrasAmount');
    if (sale.deedDeadline <= madridToday()) throw new DomainError('DEED_DEADLINE_PAST', 'sale.deedDeadline');
    return {
      party,
      rental: null,
      sale: {
        ...sale,
        iban: checkedIban(sale.iban, false, 'sale.iban'),
        conditionCodes: checkedConditions(sale.conditionCodes, 'sale.conditionCodes'),
      },
    };
  }
  const rental = input.rental;
  if (!rental) throw new DomainError('CONTRACT_TERMS_REQUIRED', 'rental');
  if (!paymentTypeCodes.has(rental.paymentTypeCode)) {
    throw new DomainError('UNKNOWN_OPTION', 'rental.paymentTypeCode');
  }
  return {
    party,
    rental: {
      ...rental,
      iban: checkedIban(rental.iban, needsIban.has(rental.paymentTypeCode), 'rental.iban'),
      conditionCodes: checkedConditions(rental.conditionCodes, 'rental.conditionCodes'),
    },
    sale: null,
  };
}
