/**
 * Pages of the tenant's profile that lazy pages link to (the solvency box, offers, documents). Apart from
 * paths.ts, which every first load carries: these strings load only with the pages that use them.
 */
export const tenantPaths = {
  documentation: '/profile/documentation',
  guarantors: '/profile/guarantors',
  coTitulars: '/profile/co-titulars',
} as const;
