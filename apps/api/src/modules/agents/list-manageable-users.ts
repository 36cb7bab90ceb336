import { and, desc, ilike, notExists, or, sql } from 'drizzle-orm';
import type { ManageableUser } from '@casaoferta/domain/schemas/auth';
import type { Db } from '../../db/client';
import { userRoles, users } from '../../db/schema/index';
import { escapeLike } from '../../platform/sql-like';

/** Users an agent may act for: everyone without a role, searchable by name, surname or phone. */
export async function listManageableUsers(
  db: Db,
  query: { search?: string | undefined; page: number; pageSize: number },
): Promise<{ items: ManageableUser[]; page: number; pageSize: number; total: number }> {
  const notAgent = notExists(
    db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(sql`${userRoles.userId} = ${users.id}`),
  );
  const term = query.search?.trim();
  const escaped = term ? escapeLike(term) : undefined;
  const digits = term?.replace(/\D/g, '');
  const matches = escaped
    ? or(
        ilike(sql`${users.name} || ' ' || ${users.surname}`, `%${escaped}%`),
        digits && digits.length >= 3 ? ilike(users.phoneNumber, `%${digits}%`) : undefined,
      )
    : undefined;
  const where = and(notAgent, matches);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return {
    items: rows.map((u) => ({
      id: u.id,
      name: u.name,
      surname: u.surname,
      phoneNumber: u.phoneNumber,
      isBlocked: u.isBlocked,
      isVerified: u.isVerified,
      createdAt: u.createdAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: count?.n ?? 0,
  };
}
