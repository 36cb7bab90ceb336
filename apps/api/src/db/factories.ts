import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { rolePermissions, type RoleName } from '@casaoferta/domain/permissions';
import type { Db } from './client';
import {
  permissions,
  rolePermissions as rolePermissionsTable,
  roles,
  userRoles,
  users,
} from './schema/index';
import { hashPassword } from '../platform/passwords';

/**
 * Factories shared by the seed, the API tests and e2e: each call makes its own rows, so tests can run
 * in parallel without cleanup.
 */
export type NewUser = typeof users.$inferInsert;

export const randomSpanishMobile = (): string => `+346${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

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
