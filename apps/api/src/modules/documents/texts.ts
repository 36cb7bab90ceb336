/** Spanish texts of tenants' documents that the API writes: who downloaded a file, as the tenant reads it. */
export const documentTexts = {
  downloadedBy: {
    tenant: 'Tú',
    agent: 'Equipo de Casaoferta',
    owner: (announcement: string) => `Propietario de «${announcement}»`,
    unknownOwner: 'Propietario de un anuncio',
  },
};
