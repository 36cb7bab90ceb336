import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * Prepared statements for the hot paths (decision 024): the text is built once from a drizzle `sql`
 * template whose values are placeholders, and each run only binds values. On a PostgreSQL
 * server the statement is named, so each pooled connection parses and plans it once; on PGlite it is
 * sent as is. Only for point lookups and writes by key: a search must stay unnamed (a named statement
 * falls into PostgreSQL's generic plan, ARCHITECTURE.md §2).
 */

/** How a database runs a statement by name, registered by openPostgres / openPglite for their `db`. */
export type RunStatement = (
  name: string,
  text: string,
  values: unknown[],
) => Promise<{ rows: Record<string, unknown>[] }>;

const runners = new WeakMap<Db, RunStatement>();

export function registerStatementRunner(db: Db, run: RunStatement): void {
  runners.set(db, run);
}

const dialect = new PgDialect();

/** A statement's values as the template sees them: each one's value, or its placeholder. */
export type StatementValues<Values> = { [K in keyof Values]: unknown };

export interface PreparedStatement<Values, Row> {
  readonly name: string;
  readonly text: string;
  /** Runs on the database's pool (never inside a transaction: a statement is its own transaction). */
  run(db: Db, values: Values): Promise<Row[]>;
}

/**
 * `statement` renders the SQL from its values. Prepared, it is rendered once with a placeholder for each
 * value it reads (named after the value), and each run binds `values` by name. The same function renders
 * it with the values themselves, to run it inside a transaction with `tx.execute`.
 */
export function preparedStatement<Values extends object, Row>(
  name: string,
  statement: (values: StatementValues<Values>) => SQL,
): PreparedStatement<Values, Row> {
  const standIns = new Proxy({} as StatementValues<Values>, {
    get: (_target, key) => sql.placeholder(String(key)),
  });
  const { sql: text, params } = dialect.sqlToQuery(statement(standIns));
  return {
    name,
    text,
    async run(db, values) {
      const run = runners.get(db);
      if (!run) throw new Error(`preparedStatement ${name}: this db was not opened by openDatabase`);
      const { rows } = await run(name, text, fillPlaceholders(params, values as Record<string, unknown>));
      return rows as Row[];
    },
  };
}

/**
 * A drizzle query prepared once per database (`.prepare(name)` on a builder with placeholders): drizzle
 * builds it once and maps each run's rows; `build` must use the `db` it is given.
 */
export function perDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
