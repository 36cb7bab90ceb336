import { formOptions } from '../../options';
import { announcementTexts } from '../../texts';
import { CheckboxGroupField } from './checkbox-group-field';
import { RadioField, SelectField, YesNoField } from './choice-fields';
import { MoneyField } from '../../../../shared/ui/money-input';
import { NumberField } from './number-field';

const t = announcementTexts.form;

/** Sale (saleInput): community fees per month and IBI per year. */
export function SaleFields() {
  return (
    <>
      <MoneyField name="communityFees" label={t.sale.communityFees} unit="euroPerMonth" />
      <MoneyField name="ibi" label={t.sale.ibi} unit="euroPerYear" />
    </>
  );
}

/** Whole-home rental (rentalInput): the terms of the contract. */
export function RentalFields() {
  const r = t.rental;
  return (
    <>
      <SelectField name="depositCode" label={r.deposit} options={formOptions.deposits} />
      <SelectField name="warrantyMonthsCode" label={r.warrantyMonths} options={formOptions.warrantyMonths} />
      <SelectField
        name="contractDurationCode"
        label={r.contractDuration}
        options={formOptions.contractDurations}
      />
      <CheckboxGroupField
        name="responsibilityChargeCodes"
        legend={r.responsibilityCharges}
        options={formOptions.responsibilityCharges}
      />
      <SelectField name="petTypeCode" label={r.petType} options={formOptions.petTypes} />
      <YesNoField name="furnished" label={r.furnished} />
      <SelectField
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
      <SelectField name="bedTypeCode" label={r.bedType} options={formOptions.bedTypes} />
      <SelectField name="windowTypeCode" label={r.windowType} options={formOptions.windowTypes} />
      <NumberField name="cohabitants" label={r.cohabitants} max={20} />
      <SelectField
        name="genderPreferenceCode"
        label={r.genderPreference}
        options={formOptions.genderPreferences}
      />
      <CheckboxGroupField name="lifestyleCodes" legend={r.lifestyles} options={formOptions.lifestyles} />
      <YesNoField name="expensesIncluded" label={r.expensesIncluded} />
      <SelectField name="petTypeCode" label={r.petType} options={formOptions.petTypes} />
      <YesNoField name="furnished" label={r.furnished} />
    </>
  );
}
