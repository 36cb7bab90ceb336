import { useController, useWatch } from 'react-hook-form';
import { TextField } from '../../../../shared/ui/text-field';
import {
  ARRAS_PERCENT_MAX,
  arrasTypeCodes,
  arrasTypeLabels,
  describeArras,
  type ArrasTerms,
} from '@casaoferta/domain/rules/arras';
import { formOptions } from '../../options';
import { announcementTexts } from '../../texts';
import { FormCheckboxes, FormCount, FormSelect } from '../../../../shared/forms/fields';
import { MoneyField } from '../../../../shared/ui/money-input';
import { RadioField, YesNoField } from './choice-fields';

const t = announcementTexts.form;
const checksClass = 'fieldset__options ann-checks';

const arrasTypeOptions = arrasTypeCodes.map((code) => ({ value: code, label: arrasTypeLabels[code] }));
const arrasUnitOptions = [
  { value: 'percent', label: t.sale.arrasPercent },
  { value: 'euros', label: t.sale.arrasEuros },
] as const;

/**
 * The arras' whole number. Emptied, it holds null (not undefined, which would bring the prefilled 10
 * back while the owner is typing), which the schema refuses as a field left empty.
 */
function ArrasValueField({
  label,
  max,
  hint,
}: {
  label: string;
  max: number | undefined;
  hint: string | undefined;
}) {
  const {
    field: { name, value, onBlur, onChange, ref },
    fieldState,
  } = useController({ name: 'arras.value' });
  return (
    <TextField
      label={label}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      step={1}
      error={fieldState.error?.message}
      name={name}
      ref={ref}
      value={typeof value === 'number' && Number.isFinite(value) ? value : ''}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
    />
  );
}

/**
 * The arras the sale asks for (issue 23): their type, and a percentage of the price or an amount in
 * euros; the line under them says them as the buyer will read them.
 */
function ArrasFields() {
  const [arras, price] = useWatch({ name: ['arras', 'price'] }) as [Partial<ArrasTerms> | undefined, unknown];
  const percent = arras?.unit !== 'euros';
  const complete =
    arras?.typeCode && arras.unit && typeof arras.value === 'number' && Number.isFinite(arras.value)
      ? { typeCode: arras.typeCode, unit: arras.unit, value: arras.value }
      : null;
  const preview = complete ? describeArras(complete, typeof price === 'number' ? price : null) : null;
  return (
    <fieldset className="fieldset">
      <legend className="fieldset__legend">{t.sale.arrasLegend}</legend>
      <p className="field__hint">{t.sale.arrasHint}</p>
      <FormSelect name="arras.typeCode" label={t.sale.arrasType} options={arrasTypeOptions} />
      <RadioField name="arras.unit" label={t.sale.arrasUnit} options={arrasUnitOptions} inline />
      <ArrasValueField
        label={percent ? t.sale.arrasPercentValue : t.sale.arrasEurosValue}
        max={percent ? ARRAS_PERCENT_MAX : undefined}
        hint={preview ?? undefined}
      />
    </fieldset>
  );
}

/** Sale (saleInput): community fees per month, IBI per year and the arras. */
export function SaleFields() {
  return (
    <>
      <MoneyField name="communityFees" label={t.sale.communityFees} unit="euroPerMonth" />
      <MoneyField name="ibi" label={t.sale.ibi} unit="euroPerYear" />
      <ArrasFields />
    </>
  );
}

/** Whole-home rental (rentalInput): the terms of the contract. */
export function RentalFields() {
  const r = t.rental;
  return (
    <>
      <FormSelect name="depositCode" label={r.deposit} options={formOptions.deposits} />
      <FormSelect name="warrantyMonthsCode" label={r.warrantyMonths} options={formOptions.warrantyMonths} />
      <FormSelect
        name="contractDurationCode"
        label={r.contractDuration}
        options={formOptions.contractDurations}
      />
      <FormCheckboxes
        name="responsibilityChargeCodes"
        legend={r.responsibilityCharges}
        options={formOptions.responsibilityCharges}
        className={checksClass}
      />
      <FormSelect name="petTypeCode" label={r.petType} options={formOptions.petTypes} />
      <YesNoField name="furnished" label={r.furnished} />
      <FormSelect
        name="registrationCode"
        label={r.registration}
        options={formOptions.registrationResidencies}
      />
    </>
  );
}

/** Room rental (roomRentalInput): the room and the household. */
export function RoomFields() {
  const r = t.room;
  return (
    <>
      <RadioField name="roomTypeCode" label={r.roomType} options={formOptions.roomTypes} inline required />
      <FormSelect name="bedTypeCode" label={r.bedType} options={formOptions.bedTypes} />
      <FormSelect name="windowTypeCode" label={r.windowType} options={formOptions.windowTypes} />
      <FormCount name="cohabitants" label={r.cohabitants} max={20} />
      <FormSelect
        name="genderPreferenceCode"
        label={r.genderPreference}
        options={formOptions.genderPreferences}
      />
      <FormCheckboxes
        name="lifestyleCodes"
        legend={r.lifestyles}
        options={formOptions.lifestyles}
        className={checksClass}
      />
      <YesNoField name="expensesIncluded" label={r.expensesIncluded} />
      <FormSelect name="petTypeCode" label={r.petType} options={formOptions.petTypes} />
      <YesNoField name="furnished" label={r.furnished} />
    </>
  );
}
