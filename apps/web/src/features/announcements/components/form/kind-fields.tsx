import { formOptions } from '../../options';
import { announcementTexts } from '../../texts';
import { FormCheckboxes, FormCount, FormSelect } from '../../../../shared/forms/fields';
import { MoneyField } from '../../../../shared/ui/money-input';
import { RadioField, YesNoField } from './choice-fields';

const t = announcementTexts.form;
const checksClass = 'fieldset__options ann-checks';

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
