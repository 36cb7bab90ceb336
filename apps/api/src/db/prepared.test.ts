import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/helpers';
import type { Database } from './client';
import { perDatabase, preparedStatement } from './prepared';
import { users } from './schema/index';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const echo = preparedStatement<
  { a: number; b: number; label: string },
  { sum: number; label: string; twice: string }
>(
  'prepared_test_echo',
  (v) => sql`select ${v.a}::int + ${v.b}::int as sum, ${v.label}::text as label,
    ${v.label}::text || ${'!'}::text as twice`,
);

describe('preparedStatement', () => {
  it('builds the text once with numbered parameters and binds each run’s values by name', async () => {
    expect(echo.text).toContain('$1::int + $2::int');
    expect(await echo.run(database.db, { a: 2, b: 3, label: 'uno' })).toEqual([
      { sum: 5, label: 'uno', twice: 'uno!' },
    ]);
    // The same statement again, with other values (a named statement is parsed once per connection).
    expect(await echo.run(database.db, { a: 10, b: -4, label: 'dos' })).toEqual([
      { sum: 6, label: 'dos', twice: 'dos!' },
    ]);
  });

  it('refuses a database it was not registered for, such as a transaction', async () => {
    await expect(database.db.transaction((tx) => echo.run(tx, { a: 1, b: 1, label: 'x' }))).rejects.toThrow(
      /not opened by openDatabase/,
    );
  });

  it('keeps a missing value an error, not a null', async () => {
    const values: { a: number; b?: number; label: string } = { a: 1, label: 'x' };
    await expect(echo.run(database.db, values as { a: number; b: number; label: string })).rejects.toThrow(
      /b/,
    );
  });

  it('renders the same SQL with the values themselves, to run inside a transaction', async () => {
    const statement = (v: { a: unknown }) => sql`select ${v.a}::int * 2 as double`;
    const doubled = preparedStatement<{ a: number }, { double: number }>('prepared_test_double', statement);
    expect(await doubled.run(database.db, { a: 21 })).toEqual([{ double: 42 }]);
    const inside = await database.db.transaction((tx) => tx.execute(statement({ a: 21 })));
    expect((inside as unknown as { rows: unknown[] }).rows).toEqual([{ double: 42 }]);
  });
});

describe('perDatabase', () => {
  it('prepares a drizzle query once per database and runs it with placeholders', async () => {
    let built = 0;
    const byId = perDatabase((db) => {
      built += 1;
      return db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')))
        .prepare('prepared_test_user');
    });
    const id = '00000000-0000-4000-8000-000000000001';
    expect(await byId(database.db).execute({ id })).toEqual([]);
    expect(await byId(database.db).execute({ id })).toEqual([]);
    expect(built).toBe(1);
  });
});
