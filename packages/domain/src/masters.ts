/**
 * Static master data served by GET /api/masters (SPEC 3, "Master data").
 * Provinces come from the INE database and are filled in by the API; exceptionAttributes come from errors.ts.
 * Every call returns fresh arrays, so the caller may fill or change them.
 */
import { announcementAttributes } from './masters/announcement';
import { userAttributes } from './masters/user';
import { propertyAttributes } from './masters/property';
import { contractAttributes, offerAttributes, ownerAttributes } from './masters/offer-contract';
import type { MasterItem } from './masters/item';

export type { MasterItem } from './masters/item';
// Also importable from './masters/item', which a web page may load without the master lists.
export { masterLabel } from './masters/item';
export { SALARY_RANGES, salaryRangeFor } from './masters/user';
export { propertyValidationStatusLabels, propertyValidationStatuses } from './masters/property';
export {
  ANNOUNCEMENT_DURATION_DAYS,
  announcementOfferTypeLabels,
  announcementStatusLabels,
  announcementTypeLabels,
} from './masters/announcement';
export { contractStatusLabels, offerPaymentTypeLabels, offerStatusLabels } from './masters/offer-contract';

/** Yes/No options use the values Si and No (SPEC 3). */
function yesNo(): MasterItem[] {
  return [
    { code: 'Si', label: 'Sí' },
    { code: 'No', label: 'No' },
  ];
}

export function buildStaticMasters() {
  return {
    yesNo: yesNo(),
    userAttributes: userAttributes(),
    propertyAttributes: propertyAttributes(),
    announcementAttributes: announcementAttributes(),
    ownerAttributes: ownerAttributes(),
    offerAttributes: offerAttributes(),
    contractAttributes: contractAttributes(),
  };
}

export type StaticMasters = ReturnType<typeof buildStaticMasters>;
