/** The company's identifying data, shown in the legal pages (LSSI-CE art. 10, RGPD art. 13). One place. */
export const company = {
  legalName: 'Casaoferta, S.L.',
  taxId: 'B00000000',
  address: 'Calle Mayor 1, 28013 Madrid',
  registry: 'Registro Mercantil de Madrid',
  website: 'casaoferta.es',
  contactEmail: 'contacto@casaoferta.es',
  privacyEmail: 'privacidad@casaoferta.es',
  partnersEmail: 'partners@casaoferta.es',
  lastUpdated: '22 de noviembre de 2026',
} as const;
