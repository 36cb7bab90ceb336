import { z } from 'zod';
import { masterItem } from './common';

export const provincesRequest = z.object({
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'código de país ISO de dos letras')
    .transform((value) => value.toUpperCase()),
});

export const municipalitiesRequest = z.object({
  provinceCode: z.string().regex(/^\d{2}$/, 'código INE de provincia de dos cifras'),
});

export const masterList = z.array(masterItem);

/** GET /api/masters: groups of lists, plus exceptionAttributes (error code → Spanish text). */
export const mastersResponse = z.object({
  exceptionAttributes: z.record(z.string(), z.string()),
  yesNo: masterList,
  userAttributes: z.record(z.string(), masterList),
  propertyAttributes: z.record(z.string(), masterList),
  announcementAttributes: z.record(z.string(), masterList),
  ownerAttributes: z.record(z.string(), masterList),
  offerAttributes: z.record(z.string(), masterList),
  contractAttributes: z.record(z.string(), masterList),
});
export type Masters = z.infer<typeof mastersResponse>;

/** SPEC 7.1 GET /api/masters/announcement-roles: the role a user plays in one announcement. */
export const announcementRoles = [
  { code: 'OWNER', label: 'Propietario' },
  { code: 'TENANT', label: 'Inquilino' },
  { code: 'BUYER', label: 'Comprador' },
] as const;
