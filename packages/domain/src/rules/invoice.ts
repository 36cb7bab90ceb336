import { isValidSpanishId, normalizeSpanishId } from './spanish-id';

/**
 * Invoices of the payments (issue 28, docs/decisions/033-redsys-refunds-invoices.md). Each succeeded
 * payment issues one invoice of series F, each refund a rectifying invoice of series R, numbered
 * correlatively per series and calendar year (Europe/Madrid): `F-2026-000123`. A complete invoice names
 * the buyer (tax id, name, address), given at checkout; without them the invoice is simplified, as the
 * invoicing regulation (RD 1619/2012, art. 4) allows up to 400 € with VAT.
 */

export const InvoiceSeries = {
  /** Ordinary invoices: one per succeeded payment. */
  Ordinary: 'F',
  /** Rectifying invoices: one per refund, with negative amounts, naming the invoice it rectifies. */
  Rectifying: 'R',
} as const;
export type InvoiceSeriesCode = (typeof InvoiceSeries)[keyof typeof InvoiceSeries];

export const invoiceKinds = ['complete', 'simplified'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/** Digits of the number within its series and year: `000123`. */
export const INVOICE_NUMBER_DIGITS = 6;

/** `F-2026-000123`. */
export function invoiceCode(series: InvoiceSeriesCode, year: number, number: number): string {
  if (!Number.isInteger(number) || number < 1) throw new RangeError('number');
  return `${series}-${year}-${String(number).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
}

/** The calendar year of `date` in Spain (an invoice of 31 December 23:30 UTC+1 is of the next year). */
export function invoiceYear(date: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', year: 'numeric' }).format(date),
  );
}

const COMPANY = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/;

/** A company's NIF (formerly CIF): a letter, seven digits and a check digit or letter. */
export function isValidCompanyTaxId(value: string): boolean {
  const match = COMPANY.exec(normalizeSpanishId(value));
  if (!match) return false;
  const digits = match[2] ?? '';
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[i]);
    if (i % 2 === 1) sum += digit;
    else {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  const control = (10 - (sum % 10)) % 10;
  const check = match[3] ?? '';
  return check === String(control) || check === 'JABCDEFGHI'[control];
}

/** Whether `value` is a tax id an invoice can name: a DNI, a NIE or a company's NIF. */
export const isValidTaxId = (value: string): boolean => isValidSpanishId(value) || isValidCompanyTaxId(value);

export type BillingField = 'nif' | 'name' | 'address';

/**
 * What keeps a complete invoice's buyer data from being used, field by field in the form's order
 * (none: fine): a tax id an invoice can name, a name of 2 characters or more, an address of 5 or more.
 */
export function billingIssues(input: { nif: string; name: string; address: string }): BillingField[] {
  const issues: BillingField[] = [];
  if (!isValidTaxId(input.nif)) issues.push('nif');
  if (input.name.trim().length < 2) issues.push('name');
  if (input.address.trim().length < 5) issues.push('address');
  return issues;
}
