const countryNames = new Intl.DisplayNames(['es'], { type: 'region' });

/**
 * The prefixes offered next to the phone input, with their calling codes (ITU-T E.164). Written here,
 * not read from libphonenumber's metadata, so /login shows its form without that library (28 KB gzip)
 * in its first load (issue 29 point 5); countries.test.ts holds them equal to libphonenumber's.
 */
export const callingCodes = {
  ES: '34',
  PT: '351',
  FR: '33',
  IT: '39',
  DE: '49',
  GB: '44',
  RO: '40',
  MA: '212',
  US: '1',
  MX: '52',
  CO: '57',
  AR: '54',
  VE: '58',
} as const;
type Offered = keyof typeof callingCodes;

/** Prefixes offered next to the phone input, Spain first: "España (+34)". Others: type their '+'. */
export const phoneCountries = (Object.keys(callingCodes) as Offered[]).map((code) => ({
  code,
  label: `${countryNames.of(code) ?? code} (+${callingCodes[code]})`,
}));

export const defaultPhoneCountry = 'ES';
