import { billingIssues, type BillingField } from '@casaoferta/domain/rules/invoice';
import type { BillingInput } from '@casaoferta/domain/schemas/payments';
import { Checkbox } from '../../../shared/ui/checkbox';
import { TextField } from '../../../shared/ui/text-field';
import { paymentTexts } from '../texts';

const t = paymentTexts.billing;

export interface BillingState {
  complete: boolean;
  nif: string;
  name: string;
  address: string;
}
export type BillingErrors = Partial<Record<BillingField, string>>;

export const emptyBilling: BillingState = { complete: false, nif: '', name: '', address: '' };

/**
 * The buyer's data for a complete invoice, checked as the API checks it; `ok` with the data to send
 * (none: a simplified invoice), or the errors, the first field to focus.
 */
export function checkBilling(
  state: BillingState,
): { ok: true; billing: BillingInput | undefined } | { ok: false; errors: BillingErrors } {
  if (!state.complete) return { ok: true, billing: undefined };
  const issues = billingIssues(state);
  const [first] = issues;
  if (first) {
    document.getElementById(`billing-${first}`)?.focus();
    return { ok: false, errors: Object.fromEntries(issues.map((field) => [field, t.errors[field]])) };
  }
  return {
    ok: true,
    billing: { nif: state.nif.trim(), name: state.name.trim(), address: state.address.trim() },
  };
}

/** "Quiero factura completa": the NIF, name and fiscal address, asked only when ticked. */
export function BillingFields({
  state,
  errors,
  onChange,
}: {
  state: BillingState;
  errors: BillingErrors;
  onChange: (next: BillingState) => void;
}) {
  const set = (name: keyof BillingState, value: string | boolean) => onChange({ ...state, [name]: value });
  return (
    <fieldset className="stack pay-billing">
      <legend>{t.legend}</legend>
      <Checkbox
        label={t.wantComplete}
        hint={state.complete ? undefined : t.simplifiedNote}
        checked={state.complete}
        onChange={(event) => set('complete', event.target.checked)}
      />
      {state.complete && (
        <>
          <TextField
            id="billing-nif"
            label={t.nif}
            autoComplete="off"
            value={state.nif}
            onChange={(event) => set('nif', event.target.value)}
            error={errors.nif}
            required
          />
          <TextField
            id="billing-name"
            label={t.name}
            autoComplete="name"
            value={state.name}
            onChange={(event) => set('name', event.target.value)}
            error={errors.name}
            required
          />
          <TextField
            id="billing-address"
            label={t.address}
            hint={t.addressHint}
            autoComplete="street-address"
            value={state.address}
            onChange={(event) => set('address', event.target.value)}
            error={errors.address}
            required
          />
        </>
      )}
    </fieldset>
  );
}
