import { eq, inArray } from 'drizzle-orm';
import { foldForSearch } from '@casaoferta/domain/text';
import type { Db } from '../client';
import { createUser } from '../factories';
import {
  announcements,
  municipalities,
  offerEvents,
  offers as offersTable,
  properties,
  propertyImages,
  provinces,
} from '../schema/index';
import { refreshOfferSummary } from '../../modules/offers/offer-store';
import { announcementSearchText } from '../../modules/listings/search-text';
import { refreshCards } from '../../modules/listings/search-announcements';
import { defaultTitle } from '@casaoferta/domain/titles';
import type { DemoPhoto } from './demo-photos';
import { demoNif, seedDemoProfiles } from './demo-profiles';
import {
  closings,
  demoCandidates,
  demoCities,
  demoOwners,
  rentalIntros,
  roomIntros,
  saleIntros,
} from './demo-content';

/** Deterministic pseudo-random numbers (mulberry32): the same seed gives the same catalogue. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, int, pick };
}

const kinds = [
  { typeCode: 'ATY002', intros: rentalIntros, types: ['PTY001', 'PTY002', 'PTY003', 'PTY006', 'PTY004'] },
  {
    typeCode: 'ATY003',
    intros: saleIntros,
    types: ['PTY001', 'PTY003', 'PTY008', 'PTY009', 'PTY004', 'PTY012'],
  },
  { typeCode: 'ATY001', intros: roomIntros, types: ['PTY001', 'PTY002'] },
] as const;
const featurePool = [
  'PAF001',
  'PAF002',
  'PAF003',
  'PAF004',
  'PAF005',
  'PAF006',
  'PAF008',
  'PAF009',
  'PAF010',
  'PAF013',
];

const round = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

/**
 * The shipped demo photos (apps/api/data/photos) that fit each kind of property, by file name: a flat
 * shows a flat, a detached house a house (issue 23: a villa with a pool stood for a room in Nervión).
 */
const photosByType: Readonly<Record<string, readonly string[]>> = {
  PTY001: ['apartment_downtown', 'apartment_luxury', 'studio_modern'],
  PTY002: ['apartment_luxury', 'apartment_downtown', 'studio_modern'],
  PTY003: ['penthouse_luxury', 'apartment_luxury', 'apartment_downtown'],
  PTY004: ['apartment_luxury', 'penthouse_luxury', 'apartment_downtown'],
  PTY006: ['studio_modern', 'apartment_downtown', 'apartment_luxury'],
  PTY008: ['villa_ocean', 'house_family', 'house_suburban'],
  PTY009: ['house_suburban', 'townhouse_historic', 'house_family'],
  PTY012: ['townhouse_historic', 'house_family', 'house_suburban'],
};

/**
 * Three photos for the `index`th property of type `typeCode`, the cover turning among those that fit.
 * Without the shipped files (generated illustrations) any photo fits.
 */
export function galleryFor(photos: readonly DemoPhoto[], typeCode: string, index: number): DemoPhoto[] {
  const byName = new Map(photos.map((photo) => [photo.storageKey.replace(/^demo\//, ''), photo]));
  const fitting = (photosByType[typeCode] ?? [])
    .map((name) => byName.get(name))
    .filter((photo): photo is DemoPhoto => photo !== undefined);
  const pool = fitting.length > 0 ? fitting : photos;
  if (pool.length === 0) return [];
  return [0, 1, 2]
    .map((position) => pool[(index + position) % pool.length])
    .filter((photo): photo is DemoPhoto => photo !== undefined);
}

export interface DemoCatalogueOptions {
  photos: DemoPhoto[];
  /** The demo owner also gets drafts and a rejected property to show every state. */
  demoOwnerId: string;
  /** The demo tenant gets a few offers of their own (on announcements of other owners). */
  demoTenantId?: string;
  count?: number;
  seed?: number;
  now?: Date;
}

export async function seedDemoCatalogue(
  db: Db,
  options: DemoCatalogueOptions,
): Promise<{ announcements: number }> {
  const { photos, demoOwnerId, demoTenantId, count = 66, seed = 20261122, now = new Date() } = options;
  const r = random(seed);
  const places = await findPlaces(db);
  const owners = [demoOwnerId];
  for (const [name, surname] of demoOwners)
    owners.push((await createUser(db, { name, surname, countryCode: 'ES', isVerified: true })).id);

  const propertyRows: (typeof properties.$inferInsert)[] = [];
  const imageRows: (typeof propertyImages.$inferInsert)[] = [];
  const announcementRows: (typeof announcements.$inferInsert)[] = [];
  const offerRows: (typeof offersTable.$inferInsert)[] = [];
  const candidates: string[] = [];
  for (const [name, surname] of demoCandidates)
    candidates.push((await createUser(db, { name, surname, countryCode: 'ES' })).id);
  // Candidates with a complete profile send rentals without the employment section (the owner reads the profile).
  const profiled = await seedDemoProfiles(db, candidates);
  let tenantOffers = 0;
  for (let i = 0; i < count; i++) {
    const kind = kinds[i % kinds.length] ?? kinds[0];
    const city = demoCities[i % demoCities.length] ?? demoCities[0];
    const place = places.get(foldForSearch(city.municipality));
    const propertyId = crypto.randomUUID();
    const propertyTypeCode = r.pick(kind.types);
    const rooms = kind.typeCode === 'ATY001' ? r.int(3, 5) : r.int(1, propertyTypeCode === 'PTY006' ? 1 : 5);
    const surface = propertyTypeCode === 'PTY006' ? r.int(28, 45) : r.int(45 + rooms * 12, 70 + rooms * 30);
    const features = featurePool.filter(() => r.next() < 0.35);
    const street = r.pick(city.streets);
    const area = r.pick(city.areas);
    propertyRows.push({
      id: propertyId,
      ownerId: owners[i % owners.length] ?? demoOwnerId,
      reference: `CO-${(100000 + i * 7919).toString(36).toUpperCase()}`,
      street,
      streetNumber: String(r.int(1, 180)),
      floorCode: `PFL${String(r.int(3, 12)).padStart(3, '0')}`,
      postalCode: null,
      provinceCode: city.province,
      municipalityCode: place?.code ?? null,
      propertyTypeCode,
      statusCode: r.pick(['PST001', 'PST002', 'PST003', 'PST003', 'PST004']),
      surfaceM2: surface,
      rooms,
      bathrooms: Math.max(1, Math.min(3, Math.round(rooms / 2))),
      orientationCode: r.pick(['POR002', 'POR003', 'POR004', 'POR007', 'POR008']),
      energyCertificationCode: r.pick(['PEC002', 'PEC003', 'PEC004', 'PEC005', 'PEC008']),
      emissionCertificationCode: r.pick(['PEM002', 'PEM003', 'PEM004', 'PEM005']),
      features,
      protectedHousingCode: 'PPH001',
      validationStatus: 'PSG001',
    });
    const cover = crypto.randomUUID();
    const gallery = galleryFor(photos, propertyTypeCode, i);
    for (let position = 0; position < 3; position++) {
      const photo = gallery[position];
      if (!photo) continue;
      imageRows.push({
        id: position === 0 ? cover : crypto.randomUUID(),
        propertyId,
        position,
        storageKey: photo.storageKey,
        width: photo.width,
        height: photo.height,
        color: photo.color,
      });
    }
    const price =
      kind.typeCode === 'ATY003'
        ? round(surface * 2600 * city.level * (0.8 + r.next() * 0.5), 5000)
        : kind.typeCode === 'ATY002'
          ? round(surface * 11 * city.level * (0.85 + r.next() * 0.4), 10)
          : round(330 * city.level * (0.85 + r.next() * 0.4), 10);
    const publishedAt = new Date(now.getTime() - r.int(0, 25 * 24) * 3600_000 - r.int(0, 3599) * 1000);
    const takesOffers = r.next() < 0.85;
    const offers = takesOffers ? r.int(0, 9) : 0;
    const announcementId = crypto.randomUUID();
    const bidders = [...candidates].sort(() => r.next() - 0.5).slice(0, takesOffers ? offers : r.int(0, 3));
    const ownerId = owners[i % owners.length] ?? demoOwnerId;
    if (demoTenantId && ownerId !== demoOwnerId && tenantOffers < 3 && kind.typeCode !== 'ATY001') {
      bidders.push(demoTenantId);
      tenantOffers += 1;
    }
    for (const candidateId of bidders) {
      const sale = kind.typeCode === 'ATY003';
      const mortgage = sale && r.next() < 0.6;
      const sentAt = new Date(Math.min(now.getTime(), publishedAt.getTime() + r.int(1, 72) * 3600_000));
      const amount = takesOffers ? round(price * (0.9 + r.next() * 0.17), sale ? 250 : 10) : 0;
      offerRows.push({
        id: crypto.randomUUID(),
        announcementId,
        candidateId,
        amount,
        isVisitRequest: !takesOffers,
        paymentType: mortgage ? 'OPT001' : 'OPT000',
        reasonPurchaseCode: sale && takesOffers ? r.pick(['ORP001', 'ORP001', 'ORP002', 'ORP003']) : null,
        mortgageAmount: mortgage ? round(amount * (0.5 + r.next() * 0.3), 1000) : null,
        mortgagePreApproved: mortgage ? r.next() < 0.5 : null,
        ...employment(sale, profiled.has(candidateId), r),
        createdAt: sentAt,
        updatedAt: sentAt,
      });
    }
    const municipalityName = place?.displayName ?? city.municipality;
    const title = `${defaultTitle(kind.typeCode, propertyTypeCode, area)}, ${municipalityName}`;
    announcementRows.push({
      id: announcementId,
      propertyId,
      ownerId,
      typeCode: kind.typeCode,
      offerTypeCode: takesOffers ? 'AOT001' : 'AOT002',
      statusCode: 'AST001',
      price,
      // On show: its price is the public one (a later change is kept against it, decision 037).
      publishedPrice: price,
      customTitle: title,
      description: `${r.pick(kind.intros)} Situada en ${area}, en ${street}. ${rooms} ${rooms === 1 ? 'habitación' : 'habitaciones'} y ${surface} m². ${r.pick(closings)}`,
      petsAllowed: r.next() < 0.4,
      furnished: kind.typeCode !== 'ATY003' && r.next() < 0.7,
      details: detailsFor(kind.typeCode, r),
      periodDays: 30,
      publishedAt,
      endsAt: new Date(publishedAt.getTime() + 30 * 24 * 3600_000),
      provinceCode: city.province,
      municipalityCode: place?.code ?? null,
      rooms,
      surfaceM2: surface,
      features,
      coverImageId: cover,
      searchText: announcementSearchText([title, municipalityName, place?.provinceName, street, area]),
    });
  }
  await db.insert(properties).values(propertyRows);
  await db.insert(propertyImages).values(imageRows);
  await db.insert(announcements).values(announcementRows);
  // Real offers, so the highest offer and the count are what the offers say (and the owner can compare them).
  if (offerRows.length > 0) {
    const stored = await db.insert(offersTable).values(offerRows).returning();
    await db.insert(offerEvents).values(
      stored.map((o) => ({
        offerId: o.id,
        kind: 'sent',
        amount: o.isVisitRequest ? null : o.amount,
        createdAt: o.createdAt,
      })),
    );
    for (const id of new Set(stored.map((o) => o.announcementId))) await refreshOfferSummary(db, id);
  }
  await seedOwnerStates(db, demoOwnerId, photos);
  // The cards' reference, bathrooms, type, place names and cover photo, as publication copies them.
  await refreshCards(db, inArray(announcements.ownerId, owners));
  return { announcements: announcementRows.length };
}

/** The employment section an offer carries: none when the profile holds it (the random draws stay the same). */
function employment(sale: boolean, profiled: boolean, r: ReturnType<typeof random>) {
  const nif = demoNif(r.int(10_000_000, 79_999_999));
  const typeContractCode = r.pick(['UTC001', 'UTC001', 'UTC002', 'UTC004', 'UTC005']);
  const salary = r.int(14, 45) * 100;
  if (profiled) return { nif: null, typeContractCode: null, salary: null };
  return sale ? { nif: null, typeContractCode, salary: null } : { nif, typeContractCode, salary };
}

function detailsFor(typeCode: string, r: ReturnType<typeof random>): Record<string, unknown> {
  if (typeCode === 'ATY003') return { communityFees: r.int(4, 20) * 10, ibi: r.int(25, 120) * 10 };
  if (typeCode === 'ATY002') {
    return {
      depositCode: 'ADP001',
      warrantyMonthsCode: r.pick(['AWM000', 'AWM001', 'AWM002']),
      contractDurationCode: r.pick(['ACD002', 'ACD005']),
      registrationCode: 'ARR001',
    };
  }
  return {
    roomTypeCode: r.pick(['PRT001', 'PRT002']),
    bedTypeCode: r.pick(['ABT001', 'ABT003', 'ABT004']),
    windowTypeCode: 'AWT001',
    cohabitants: r.int(1, 4),
    genderPreferenceCode: 'AGP001',
    lifestyleCodes: ['ALS001', 'ALS009'],
    expensesIncluded: r.next() < 0.5,
  };
}

/** A draft and a rejected property for the demo owner, so every state has something to show. */
async function seedOwnerStates(db: Db, ownerId: string, photos: DemoPhoto[]) {
  const draftId = crypto.randomUUID();
  const rejectedId = crypto.randomUUID();
  await db.insert(properties).values([
    {
      id: draftId,
      ownerId,
      reference: 'CO-DEMO01',
      street: 'Calle del Pez',
      provinceCode: '28',
      propertyTypeCode: 'PTY001',
      rooms: 2,
      bathrooms: 1,
      surfaceM2: 64,
      validationStatus: 'PSG000',
    },
    {
      id: rejectedId,
      ownerId,
      reference: 'CO-DEMO02',
      street: 'Calle Mayor',
      provinceCode: '28',
      propertyTypeCode: 'PTY006',
      rooms: 1,
      bathrooms: 1,
      surfaceM2: 30,
      validationStatus: 'PSG004',
      validationReason:
        'Las fotos no corresponden a la vivienda descrita. Sube fotos del interior del estudio.',
    },
  ]);
  const photo = photos[0];
  if (photo)
    await db.insert(propertyImages).values({
      propertyId: draftId,
      position: 0,
      storageKey: photo.storageKey,
      width: photo.width,
      height: photo.height,
      color: photo.color,
    });
  await db.insert(announcements).values([
    {
      propertyId: draftId,
      ownerId,
      typeCode: 'ATY002',
      statusCode: 'AST000',
      price: 1150,
      customTitle: 'Piso de dos dormitorios en Malasaña',
    },
    { propertyId: rejectedId, ownerId, typeCode: 'ATY003', statusCode: 'AST000', price: 189000 },
  ]);
}

async function findPlaces(db: Db) {
  const rows = await db
    .select({
      code: municipalities.code,
      displayName: municipalities.displayName,
      provinceName: provinces.displayName,
    })
    .from(municipalities)
    .innerJoin(provinces, eq(provinces.code, municipalities.provinceCode))
    .where(inArray(municipalities.provinceCode, [...new Set(demoCities.map((c) => c.province))]));
  const byName = new Map<string, { code: string; displayName: string; provinceName: string }>();
  for (const row of rows) {
    const entry = { code: row.code, displayName: row.displayName, provinceName: row.provinceName };
    for (const name of row.displayName.split('/')) byName.set(foldForSearch(name), entry);
  }
  return byName;
}
