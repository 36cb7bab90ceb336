import { buildStaticMasters } from './masters';

const masters = buildStaticMasters();
const setOf = (list: { code: string }[]) => new Set(list.map((item) => item.code));

/** The valid codes of each master list an owner's form sends, for server-side checks (unknown code → 400). */
export const masterCodes = {
  propertyTypes: setOf(masters.propertyAttributes.propertyTypes),
  propertyStatus: setOf(masters.propertyAttributes.status),
  floors: setOf(masters.propertyAttributes.floors),
  blocks: setOf(masters.propertyAttributes.blocks),
  orientations: setOf(masters.propertyAttributes.orientations),
  energyCertifications: setOf(masters.propertyAttributes.energyCertifications),
  emissionCertifications: setOf(masters.propertyAttributes.emissionCertifications),
  additionalFeatures: setOf(masters.propertyAttributes.additionalFeatures),
  roomTypes: setOf(masters.propertyAttributes.roomTypes),
  stages: setOf(masters.propertyAttributes.stages),
  protectedHousingTypes: setOf(masters.propertyAttributes.protectedHousingTypes),
  offerTypes: setOf(masters.announcementAttributes.offerTypes),
  durations: setOf(masters.announcementAttributes.durations),
  contractDurations: setOf(masters.announcementAttributes.contractDurations),
  deposits: setOf(masters.announcementAttributes.deposits),
  responsibilityCharges: setOf(masters.announcementAttributes.responsibilityCharges),
  registrationResidencies: setOf(masters.announcementAttributes.registrationResidencies),
  warrantyMonths: setOf(masters.announcementAttributes.warrantyMonths),
  petTypes: setOf(masters.announcementAttributes.petTypes),
  bedTypes: setOf(masters.announcementAttributes.bedTypes),
  genderPreferences: setOf(masters.announcementAttributes.genderPreferences),
  lifestyles: setOf(masters.announcementAttributes.lifestyles),
  windowTypes: setOf(masters.announcementAttributes.windowTypes),
} as const;
export type MasterListName = keyof typeof masterCodes;
