import { AnnouncementOfferType } from '@casaoferta/domain/codes';
import { FormText } from '../../../../shared/forms/fields';
import type { AnnouncementKind } from '@casaoferta/domain/announcement-kind';
import { formOptions } from '../../options';
import { announcementTexts } from '../../texts';
import { RadioField } from './choice-fields';
import { DescriptionField } from './description-field';
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
  return (
    <>
      <RadioField name="durationCode" label={t.duration} options={formOptions.durations} inline required />
      <FormText name="availableFrom" type="date" label={t.availableFrom} emptyAsUndefined />
    </>
  );
}

/** Custom title (the automatic one as placeholder) and the description. */
export function PresentationFields({ automaticTitle }: { automaticTitle: string | undefined }) {
  return (
    <>
      <FormText
        name="customTitle"
        label={t.customTitle}
        hint={t.customTitleHint}
        placeholder={automaticTitle}
        maxLength={90}
      />
      <DescriptionField />
    </>
  );
}
