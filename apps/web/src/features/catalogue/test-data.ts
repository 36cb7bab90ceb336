import type { AnnouncementCard, PropertyPage } from '@casaoferta/domain/schemas/listings';

/** Test fixtures of the catalogue (never imported by the app). */
const image = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000i${String(n).padStart(3, '0')}`,
  thumb: `/media/demo/photo${n}-thumb.webp`,
  card: `/media/demo/photo${n}-card.webp`,
  gallery: `/media/demo/photo${n}-gallery.webp`,
  width: 1280,
  height: 853,
  color: '#a0b0c0',
});

export function sampleCard(n: number, overrides: Partial<AnnouncementCard> = {}): AnnouncementCard {
  const suffix = String(n).padStart(12, '0');
  return {
    id: `10000000-0000-4000-8000-${suffix}`,
    propertyId: `20000000-0000-4000-8000-${suffix}`,
    reference: `CO-${n}`,
    typeCode: 'ATY002',
    offerTypeCode: 'AOT001',
    title: `Piso ${n} en alquiler en Malasaña, Madrid`,
    price: 1250,
    highestOffer: 1300,
    offersCount: 3,
    municipalityName: 'Madrid',
    provinceName: 'Madrid',
    rooms: 2,
    bathrooms: 1,
    surfaceM2: 70,
    publishedAt: '2026-11-01T10:00:00.000Z',
    image: image(n),
    priceDrop: null,
    ...overrides,
  };
}

export const cards = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sampleCard(from + i));

export const propertyId = '20000000-0000-4000-8000-000000000001';

export function sampleProperty(overrides: Partial<PropertyPage> = {}): PropertyPage {
  return {
    id: propertyId,
    reference: 'CO-2HDQ',
    propertyTypeCode: 'PTY001',
    statusCode: 'PST002',
    surfaceM2: 102,
    rooms: 3,
    bathrooms: 2,
    floorCode: 'PFL012',
    orientationCode: 'POR007',
    energyCertificationCode: 'PEC003',
    emissionCertificationCode: 'PEM004',
    protectedHousingCode: 'PPH001',
    features: ['PAF001', 'PAF008'],
    provinceCode: '46',
    provinceName: 'Valencia/València',
    municipalityCode: '46250',
    municipalityName: 'Valencia',
    street: 'Gran Via de Ferran el Catòlic',
    images: [image(1), image(2), image(3)],
    ownerVerified: false,
    owner: null,
    announcement: {
      id: '30000000-0000-4000-8000-000000000001',
      typeCode: 'ATY003',
      offerTypeCode: 'AOT001',
      statusCode: 'AST001',
      title: 'Piso en venta en Ruzafa, Valencia',
      description: 'Piso luminoso y reformado.',
      price: 250000,
      highestOffer: 245000,
      offersCount: 4,
      petsAllowed: false,
      furnished: false,
      availableFrom: null,
      details: { communityFees: 80, ibi: 450 },
      publishedAt: '2026-11-01T10:00:00.000Z',
      endsAt: '2026-12-01T10:00:00.000Z',
      priceHistory: [],
    },
    ...overrides,
  };
}
