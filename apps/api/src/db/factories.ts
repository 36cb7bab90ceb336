import { randomInt, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { rolePermissions, type RoleName } from '@casaoferta/domain/permissions';
import type { Db } from './client';
import { foldForSearch } from '@casaoferta/domain/text';
import {
  offerEvents,
  offers,
  announcements,
  permissions,
  properties,
  rolePermissions as rolePermissionsTable,
  roles,
  userRoles,
  users,
} from './schema/index';
import { hashPassword } from '../platform/passwords';
import { refreshCards } from '../modules/listings/search-announcements';
import { refreshOfferSummary } from '../modules/offers/offer-store';

/**
 * Factories shared by the seed, the API tests and e2e: each call makes its own rows, so tests can run
 * in parallel without cleanup.
 */
export type NewUser = typeof users.$inferInsert;

const issuedMobiles = new Set<string>();

/**
 * A random Spanish mobile number, never the same twice in this process: a test file creates hundreds of users
 * in one database (the access matrix), where two equal random numbers would break the unique phone index.
 */
export function randomSpanishMobile(): string {
  let mobile: string;
  do {
    mobile = `+346${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  } while (issuedMobiles.has(mobile));
  issuedMobiles.add(mobile);
  return mobile;
}

export async function createUser(db: Db, overrides: Partial<NewUser> = {}) {
  const [user] = await db
    .insert(users)
    .values({ name: 'Lucía', surname: 'García Pérez', phoneNumber: randomSpanishMobile(), ...overrides })
    .returning();
  if (!user) throw new Error('createUser: no row returned');
  return user;
}

/** Makes sure every role and permission of the domain exists and is linked (idempotent). */
export async function ensureRoles(db: Db): Promise<void> {
  const roleNames = Object.keys(rolePermissions) as RoleName[];
  const permissionNames = [...new Set(Object.values(rolePermissions).flat())];
  await db
    .insert(roles)
    .values(roleNames.map((name) => ({ name })))
    .onConflictDoNothing();
  await db
    .insert(permissions)
    .values(permissionNames.map((name) => ({ name })))
    .onConflictDoNothing();
  const roleRows = await db.select().from(roles).where(inArray(roles.name, roleNames));
  const permissionRows = await db
    .select()
    .from(permissions)
    .where(inArray(permissions.name, permissionNames));
  const links = roleRows.flatMap((role) =>
    (rolePermissions[role.name as RoleName] ?? []).flatMap((name) => {
      const permission = permissionRows.find((p) => p.name === name);
      return permission ? [{ roleId: role.id, permissionId: permission.id }] : [];
    }),
  );
  if (links.length > 0) await db.insert(rolePermissionsTable).values(links).onConflictDoNothing();
}

export async function createAgent(
  db: Db,
  {
    email,
    password,
    role = 'agent',
    ...overrides
  }: Partial<NewUser> & { email: string; password: string; role?: RoleName },
) {
  await ensureRoles(db);
  const user = await createUser(db, {
    name: 'Agente',
    surname: 'Casaoferta',
    phoneNumber: null,
    ...overrides,
    email: email.toLowerCase(),
    passwordHash: await hashPassword(password),
  });
  const [roleRow] = await db.select().from(roles).where(eq(roles.name, role));
  if (!roleRow) throw new Error(`createAgent: role ${role} missing`);
  await db.insert(userRoles).values({ userId: user.id, roleId: roleRow.id });
  return user;
}

let referenceCounter = 0;

/** A validated property of `ownerId` in Madrid unless told otherwise. */
export async function createProperty(
  db: Db,
  ownerId: string,
  overrides: Partial<typeof properties.$inferInsert> = {},
) {
  referenceCounter += 1;
  const [property] = await db
    .insert(properties)
    .values({
      ownerId,
      reference: `CO-T${Date.now().toString(36).toUpperCase()}${referenceCounter}`,
      street: 'Calle de Alcalá',
      provinceCode: '28',
      municipalityCode: '28079',
      propertyTypeCode: 'PTY001',
      rooms: 2,
      bathrooms: 1,
      surfaceM2: 70,
      validationStatus: 'PSG001',
      ...overrides,
    })
    .returning();
  if (!property) throw new Error('createProperty: no row returned');
  return property;
}

/**
 * A published, live announcement (AST001, ends in 30 days) of a new property, unless told otherwise.
 * Its card columns are copied from the property and places as on publication (`refreshCards`).
 */
export async function createAnnouncement(
  db: Db,
  ownerId: string,
  overrides: Partial<typeof announcements.$inferInsert> = {},
  propertyOverrides: Partial<typeof properties.$inferInsert> = {},
) {
  const property = await createProperty(db, ownerId, propertyOverrides);
  const publishedAt = overrides.publishedAt ?? new Date();
  const [inserted] = await db
    .insert(announcements)
    .values({
      propertyId: property.id,
      ownerId,
      typeCode: 'ATY002',
      statusCode: 'AST001',
      price: 1000,
      customTitle: 'Piso luminoso en Madrid',
      publishedAt,
      endsAt: new Date(publishedAt.getTime() + 30 * 24 * 3600_000),
      provinceCode: property.provinceCode,
      municipalityCode: property.municipalityCode,
      rooms: property.rooms,
      surfaceM2: property.surfaceM2,
      features: property.features,
      searchText: foldForSearch(`${overrides.customTitle ?? 'Piso luminoso en Madrid'} ${property.street}`),
      // Published: its price is the public one (decision 037).
      publishedPrice: (overrides.statusCode ?? 'AST001') === 'AST001' ? (overrides.price ?? 1000) : null,
      ...overrides,
    })
    .returning({ id: announcements.id });
  if (!inserted) throw new Error('createAnnouncement: no row returned');
  await refreshCards(db, eq(announcements.id, inserted.id));
  const [announcement] = await db.select().from(announcements).where(eq(announcements.id, inserted.id));
  if (!announcement) throw new Error('createAnnouncement: no row returned');
  return { property, announcement };
}

/**
 * A sent offer of `candidateId` on an announcement, with its 'sent' event and the announcement's
 * highest offer and count kept as the API keeps them.
 */
export async function createOffer(
  db: Db,
  announcementId: string,
  candidateId: string,
  overrides: Partial<typeof offers.$inferInsert> = {},
) {
  const [offer] = await db
    .insert(offers)
    .values({
      id: randomUUID(),
      announcementId,
      candidateId,
      amount: 1000,
      nif: '12345678Z',
      typeContractCode: 'UTC001',
      salary: 2500,
      ...overrides,
    })
    .returning();
  if (!offer) throw new Error('createOffer: no row returned');
  await db.insert(offerEvents).values({ offerId: offer.id, kind: 'sent', amount: offer.amount });
  await refreshOfferSummary(db, announcementId);
  return offer;
}
