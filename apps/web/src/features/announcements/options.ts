import { announcementAttributes } from '@casaoferta/domain/masters/announcement';
import { propertyAttributes } from '@casaoferta/domain/masters/property';
import type { MasterItem } from '@casaoferta/domain/masters';
import type { SelectOption } from '../../shared/ui/select';

const toOptions = (list: MasterItem[]): SelectOption[] =>
  list.map((item) => ({ value: item.code, label: item.label }));

const announcement = announcementAttributes();

/** Master lists of the announcement forms as options (labels from packages/domain/masters). */
export const formOptions = {
  durations: toOptions(announcement.durations),
  deposits: toOptions(announcement.deposits),
  warrantyMonths: toOptions(announcement.warrantyMonths),
  contractDurations: toOptions(announcement.contractDurations),
  responsibilityCharges: toOptions(announcement.responsibilityCharges),
  petTypes: toOptions(announcement.petTypes),
  registrationResidencies: toOptions(announcement.registrationResidencies),
  bedTypes: toOptions(announcement.bedTypes),
  windowTypes: toOptions(announcement.windowTypes),
  genderPreferences: toOptions(announcement.genderPreferences),
  lifestyles: toOptions(announcement.lifestyles),
  roomTypes: toOptions(propertyAttributes().roomTypes),
} as const;
