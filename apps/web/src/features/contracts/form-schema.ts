import { z } from 'zod';
import {
  contractPartyData,
  rentalTermsInput,
  saleTermsInput,
  type ContractKind,
  type OwnerContractDataDto,
  type OwnerContractInput,
  type TenantContractDataDto,
  type TenantContractInput,
} from '@casaoferta/domain/schemas/contracts';
import { contractsTexts } from './texts';

/** Payment types that need an IBAN: transfer (CPT001) and direct debit (CPT002). */
const needsIban = new Set(['CPT001', 'CPT002']);

/** The form's own shapes of the domain inputs: an empty e-mail or IBAN is a blank text until sent. */
const partyForm = contractPartyData.extend({ email: z.union([z.literal(''), z.email().max(254)]) });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const rentalForm = rentalTermsInput
  .extend({ iban: z.string().trim().max(34) })
  .refine((value) => !(needsIban.has(value.paymentTypeCode) && value.iban === ''), {
    path: ['iban'],
    message: contractsTexts.form.ibanRequired,
    // Checked with the other fields' errors too, so the form says everything at once.
    when: ({ value }) =>
      isRecord(value) && typeof value.paymentTypeCode === 'string' && typeof value.iban === 'string',
  });

const saleForm = saleTermsInput.extend({ iban: z.string().trim().max(34) });

/** One schema for the three forms: the tenant's (party), the owner's of a rental or of a sale. */
export const contractFormSchema = z.object({
  party: partyForm,
  rental: rentalForm.nullish(),
  sale: saleForm.nullish(),
});
export type ContractFormValues = z.input<typeof contractFormSchema>;
export type ContractFormOutput = z.output<typeof contractFormSchema>;

const orNull = (text: string | null | undefined) => (text ? text : null);

type SavedData = Partial<Pick<OwnerContractDataDto, 'rental' | 'sale'>> &
  Pick<TenantContractDataDto, 'party'>;

const defaultRental = {
  startDate: '',
  durationMonths: 12,
  depositMonths: 1,
  guaranteeMonths: 0,
  paymentDay: 5,
  paymentTypeCode: 'CPT001',
  iban: '',
  conditionCodes: [],
};

/** What the two kinds' terms share: where the money goes and the additional conditions. */
const sharedTerms = (terms: { iban: string | null; conditionCodes: string[] } | null | undefined) =>
  terms ? { iban: terms.iban ?? '', conditionCodes: terms.conditionCodes } : {};

/**
 * The form's values from what GET .../owner or .../tenant answered (saved, or prefilled), for the kind
 * shown. Everything stored that applies is prefilled: the terms of that kind as they are (a sale's arras
 * type included, which the form shows and the API keeps); when only the other kind's terms are stored,
 * what both kinds share (IBAN, conditions) over the kind's defaults.
 */
export function formValuesOf(
  data: SavedData,
  role: 'owner' | 'tenant',
  kind: ContractKind,
): ContractFormValues {
  const party = { ...data.party, email: data.party.email ?? '' };
  if (role === 'tenant') return { party, rental: null, sale: null };
  if (kind === 'sale') {
    const sale = data.sale;
    return {
      party,
      rental: null,
      sale: sale
        ? { ...sale, iban: sale.iban ?? '' }
        : {
            arrasAmount: Number.NaN,
            deedDeadline: '',
            iban: '',
            conditionCodes: [],
            ...sharedTerms(data.rental),
          },
    };
  }
  const rental = data.rental;
  return {
    party,
    rental: rental ? { ...rental, iban: rental.iban ?? '' } : { ...defaultRental, ...sharedTerms(data.sale) },
    sale: null,
  };
}

/** What PUT .../owner or .../tenant takes, from the form's checked values. */
export function inputOf(values: ContractFormOutput): OwnerContractInput | TenantContractInput {
  const party = { ...values.party, email: orNull(values.party.email) };
  const { rental, sale } = values;
  if (!rental && !sale) return { party };
  return {
    party,
    rental: rental ? { ...rental, iban: orNull(rental.iban) } : null,
    sale: sale ? { ...sale, iban: orNull(sale.iban) } : null,
  };
}
