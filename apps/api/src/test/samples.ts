/**
 * A complete property form (POST /api/property, PUT /api/property/{id}) describing the factories'
 * default property (`createProperty`): Calle de Alcalá, Madrid, a 70 m² flat with 2 rooms and 1 bathroom.
 * Tests spread it and change what they are about.
 */
export const propertyForm = {
  street: 'Calle de Alcalá',
  provinceCode: '28',
  municipalityCode: '28079',
  propertyTypeCode: 'PTY001',
  surfaceM2: 70,
  rooms: 2,
  bathrooms: 1,
};
