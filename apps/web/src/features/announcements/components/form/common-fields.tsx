import { useFormContext } from 'react-hook-form';
import { AnnouncementOfferType } from '@casaoferta/domain/codes';
import { TextField } from '../../../../shared/ui/text-field';
import { emptyAsUndefined } from '../../form/form-values';
import type { AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { formOptions } from '../../options';
import { announcementTexts } from '../../texts';
import { RadioField } from './choice-fields';
import { DescriptionField } from './description-field';
import { errorOf } from './field-error';
import { PriceField } from './price-field';

const t = announcementTexts.form;

const offerTypes = [
  { value: AnnouncementOfferType.Traditional, label: t.offerType.AOT001, hint: t.offerType.AOT001hint },
  { value: AnnouncementOfferType.VisitRequestOnly, label: t.offerType.AOT002, hint: t.offerType.AOT002hint },
];

/** Offer type (price offers or fixed price) and the price with its unit. */
export function ConditionsFields({ kind }: { kind: AnnouncementKind }) {
  return (
    <>
      <RadioField name="offerTypeCode" label={t.offerType.legend} options={offerTypes} boxed required />
      <PriceField kind={kind} />
    </>
  );
}

/** Publication period and the date the home is free. */
export function PublicationFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  return (
    <>
      <RadioField name="durationCode" label={t.duration} options={formOptions.durations} inline required />
      <TextField
        {...register('availableFrom', { setValueAs: emptyAsUndefined })}
        type="date"
        label={t.availableFrom}
        error={errorOf(errors, 'availableFrom')}
      />
    </>
  );
}

/** Custom title (the automatic one as placeholder) and the description. */
export function PresentationFields({ automaticTitle }: { automaticTitle: string | undefined }) {
  const {
    register,
    formState: { errors },
  } = useFormContext();
  return (
    <>
      <TextField
        {...register('customTitle')}
        label={t.customTitle}
        hint={t.customTitleHint}
        placeholder={automaticTitle}
        maxLength={90}
        error={errorOf(errors, 'customTitle')}
      />
      <DescriptionField />
    </>
  );
}
