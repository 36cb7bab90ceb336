import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { arrasTypeLabels } from '@casaoferta/domain/rules/arras';
import type { ContractKind, ContractPartyRole } from '@casaoferta/domain/schemas/contracts';
import { FormCheckboxes, FormCount, FormSelect, FormText } from '../../../shared/forms/fields';
import { formResolver } from '../../../shared/forms/resolver';
import { Button } from '../../../shared/ui/button';
import { MoneyField } from '../../../shared/ui/money-input';
import { showToast } from '../../../shared/ui/toast-store';
import { contractLists } from '../contract-view';
import {
  contractFormSchema,
  inputOf,
  type ContractFormOutput,
  type ContractFormValues,
} from '../form-schema';
import { contractsTexts } from '../texts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';

const t = contractsTexts.form;
const resolver = formResolver(contractFormSchema);

const Text = FormText<ContractFormValues>;
const Count = FormCount<ContractFormValues>;
const Pick = FormSelect<ContractFormValues>;
const Checks = FormCheckboxes<ContractFormValues>;

function PartyFields() {
  return (
    <fieldset className="fieldset stack">
      <legend className="fieldset__legend">{t.partyLegend}</legend>
      <Text name="party.name" emptyAsUndefined label={t.name} required autoComplete="given-name" />
      <Text name="party.surname" emptyAsUndefined label={t.surname} required autoComplete="family-name" />
      <Text name="party.nif" emptyAsUndefined label={t.nif} required autoCapitalize="characters" />
      <Text
        name="party.address"
        emptyAsUndefined
        label={t.address}
        hint={t.addressHint}
        required
        autoComplete="street-address"
      />
      <Text name="party.email" label={t.email} type="email" autoComplete="email" />
      <Text name="party.phone" emptyAsUndefined label={t.phone} type="tel" required autoComplete="tel" />
    </fieldset>
  );
}

function RentalFields() {
  return (
    <fieldset className="fieldset stack">
      <legend className="fieldset__legend">{t.rentalLegend}</legend>
      <Text name="rental.startDate" emptyAsUndefined label={t.startDate} type="date" required />
      <Count name="rental.durationMonths" label={t.durationMonths} required min={1} max={60} />
      <Count
        name="rental.depositMonths"
        label={t.depositMonths}
        hint={t.depositHint}
        required
        min={1}
        max={2}
      />
      <Count name="rental.guaranteeMonths" label={t.guaranteeMonths} required min={0} max={2} />
      <Count name="rental.paymentDay" label={t.paymentDay} required min={1} max={10} />
      <Pick
        name="rental.paymentTypeCode"
        label={t.paymentType}
        options={contractLists.paymentTypes}
        required
      />
      <Text
        name="rental.iban"
        label={t.iban}
        hint={t.ibanHint}
        autoComplete="off"
        autoCapitalize="characters"
      />
      <Checks name="rental.conditionCodes" legend={t.conditions} options={contractLists.conditions} />
    </fieldset>
  );
}

/** The arras' type: the one the buyer accepted, stored with the terms; the API keeps it (decision 029). */
function ArrasType() {
  const code = useWatch<ContractFormValues, 'sale.arrasTypeCode'>({ name: 'sale.arrasTypeCode' });
  if (!code) return null;
  return (
    <div>
      <p>
        <span className="muted">{t.arrasType}: </span>
        <strong>{arrasTypeLabels[code]}</strong>
      </p>
      <p className="muted text-sm">{t.arrasTypeHint}</p>
    </div>
  );
}

function SaleFields() {
  return (
    <fieldset className="fieldset stack">
      <legend className="fieldset__legend">{t.saleLegend}</legend>
      <ArrasType />
      <MoneyField<ContractFormValues>
        name="sale.arrasAmount"
        label={t.arrasAmount}
        hint={t.arrasHint}
        unit="euro"
        required
      />
      <Text name="sale.deedDeadline" emptyAsUndefined label={t.deedDeadline} type="date" required />
      <Text name="sale.iban" label={t.iban} autoComplete="off" autoCapitalize="characters" />
      <Checks name="sale.conditionCodes" legend={t.conditions} options={contractLists.conditions} />
    </fieldset>
  );
}

export interface ContractFormProps {
  role: ContractPartyRole;
  kind: ContractKind;
  defaultValues: ContractFormValues;
  /** Whether "Enviar" shows (my turn to send). */
  canSend: boolean;
  /** PUT .../owner or .../tenant; rejects with the API error (its toast already shown). */
  onSave: (input: ReturnType<typeof inputOf>) => Promise<unknown>;
  /** PUT .../{role}-send after saving. */
  onSend: () => Promise<unknown>;
  /** After sending, once the dialog has closed (the form and its buttons are gone). */
  onSent: () => void;
}

/**
 * My side's form: party data for both, and the owner's terms (rental or sale, with the master labels of
 * payment types and conditions). "Guardar" saves it; "Enviar" checks it, asks for confirmation, saves and
 * sends it (then it is frozen).
 */
export function ContractForm({
  role,
  kind,
  defaultValues,
  canSend,
  onSave,
  onSend,
  onSent,
}: ContractFormProps) {
  const form = useForm<ContractFormValues, unknown, ContractFormOutput>({ resolver, defaultValues });
  const [confirming, setConfirming] = useState<ContractFormOutput | null>(null);
  const [sending, setSending] = useState(false);

  const save = async (values: ContractFormOutput) => {
    try {
      await onSave(inputOf(values));
      showToast(t.saved, 'success');
    } catch {
      // The API client has shown the error.
    }
  };
  const send = async () => {
    if (!confirming) return;
    setSending(true);
    try {
      await onSave(inputOf(confirming));
      await onSend();
      setConfirming(null);
      showToast(contractsTexts.confirmSend.done, 'success');
      onSent();
    } catch {
      setConfirming(null);
    } finally {
      setSending(false);
    }
  };

  return (
    <FormProvider {...form}>
      <form className="stack" noValidate onSubmit={(event) => void form.handleSubmit(save)(event)}>
        <PartyFields />
        {role === 'owner' && (kind === 'sale' ? <SaleFields /> : <RentalFields />)}
        {canSend && <p className="muted text-sm">{t.sendHint}</p>}
        <div className="actions">
          <Button type="submit" variant="secondary" loading={form.formState.isSubmitting}>
            {t.save}
          </Button>
          {canSend && (
            <Button onClick={() => void form.handleSubmit((values) => setConfirming(values))()}>
              {t.send}
            </Button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={contractsTexts.confirmSend.title}
        body={contractsTexts.confirmSend.body}
        confirmLabel={contractsTexts.confirmSend.confirm}
        cancelLabel={contractsTexts.confirmSend.cancel}
        confirmVariant="primary"
        busy={sending}
        onConfirm={() => void send()}
        onClose={() => setConfirming(null)}
      />
    </FormProvider>
  );
}
