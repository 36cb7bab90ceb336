import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  rentalDraftInput,
  rentalInput,
  roomRentalDraftInput,
  roomRentalInput,
  saleDraftInput,
  saleInput,
} from '@casaoferta/domain/schemas/owner-listings';
import type { OwnerAnnouncement } from '@casaoferta/domain/schemas/owner-listings';
import {
  asBoolean,
  asNumber,
  asString,
  asStringList,
  commonDefaults,
  readerOf,
} from '../../form/form-values';
import { announcementResolver } from '../../form/resolver';
import { arrasOf, defaultArras } from '@casaoferta/domain/rules/arras';
import { AnnouncementForm } from './announcement-form';
import { RentalFields, RoomFields, SaleFields } from './kind-fields';

export interface KindFormProps {
  propertyId: string;
  announcement: OwnerAnnouncement | undefined;
  automaticTitle: string | undefined;
  onDraftCreated: (id: string) => void;
}

/** Sale form: saleInput. */
export function SaleForm({ propertyId, announcement, ...rest }: KindFormProps) {
  const read = readerOf(announcement);
  const form = useForm<z.input<typeof saleInput>, unknown, z.output<typeof saleInput>>({
    resolver: announcementResolver(saleInput),
    defaultValues: {
      ...commonDefaults(propertyId, read),
      communityFees: asNumber(read('communityFees')),
      ibi: asNumber(read('ibi')),
      // What the owner stated, else 10 % penitenciales to start from (issue 23).
      arras: (announcement ? arrasOf(announcement.details) : null) ?? defaultArras,
    },
  });
  return (
    <FormProvider {...form}>
      <AnnouncementForm kind="sale" draftSchema={saleDraftInput} {...{ propertyId, announcement, ...rest }}>
        <SaleFields />
      </AnnouncementForm>
    </FormProvider>
  );
}

/** Whole-home rental form: rentalInput. */
export function RentalForm({ propertyId, announcement, ...rest }: KindFormProps) {
  const read = readerOf(announcement);
  const form = useForm<z.input<typeof rentalInput>, unknown, z.output<typeof rentalInput>>({
    resolver: announcementResolver(rentalInput),
    defaultValues: {
      ...commonDefaults(propertyId, read),
      depositCode: asString(read('depositCode')),
      warrantyMonthsCode: asString(read('warrantyMonthsCode')),
      contractDurationCode: asString(read('contractDurationCode')),
      responsibilityChargeCodes: asStringList(read('responsibilityChargeCodes')) ?? [],
      petTypeCode: asString(read('petTypeCode')),
      furnished: asBoolean(read('furnished')) ?? false,
      registrationCode: asString(read('registrationCode')),
    },
  });
  return (
    <FormProvider {...form}>
      <AnnouncementForm
        kind="rental"
        draftSchema={rentalDraftInput}
        {...{ propertyId, announcement, ...rest }}
      >
        <RentalFields />
      </AnnouncementForm>
    </FormProvider>
  );
}

/** Room rental form: roomRentalInput. */
export function RoomRentalForm({ propertyId, announcement, ...rest }: KindFormProps) {
  const read = readerOf(announcement);
  const form = useForm<z.input<typeof roomRentalInput>, unknown, z.output<typeof roomRentalInput>>({
    resolver: announcementResolver(roomRentalInput),
    defaultValues: {
      ...commonDefaults(propertyId, read),
      roomTypeCode: asString(read('roomTypeCode')),
      bedTypeCode: asString(read('bedTypeCode')),
      windowTypeCode: asString(read('windowTypeCode')),
      cohabitants: asNumber(read('cohabitants')),
      genderPreferenceCode: asString(read('genderPreferenceCode')),
      lifestyleCodes: asStringList(read('lifestyleCodes')) ?? [],
      expensesIncluded: asBoolean(read('expensesIncluded')) ?? false,
      petTypeCode: asString(read('petTypeCode')),
      furnished: asBoolean(read('furnished')) ?? true,
    },
  });
  return (
    <FormProvider {...form}>
      <AnnouncementForm
        kind="room"
        draftSchema={roomRentalDraftInput}
        {...{ propertyId, announcement, ...rest }}
      >
        <RoomFields />
      </AnnouncementForm>
    </FormProvider>
  );
}
