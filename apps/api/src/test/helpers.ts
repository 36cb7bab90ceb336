import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { buildApp } from '../app';
import { withDatabase } from './database-url';

/** A fresh database with migrations and master data: a PGlite copy, or a clone of the server template. */
export async function createTestDatabase(): Promise<Database> {
  const postgres = inject('postgresTemplate');
  if (postgres) {
    const name = `${postgres.prefix}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgres.template}`);
    } finally {
      await admin.end();
    }
    return openPostgres(withDatabase(postgres.url, name), 5);
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  return openPglite(null, { loadDataDir: new Blob([dump]) });
}

export const testConfig = (overrides: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DATA_DIR: path.join(os.tmpdir(), 'casaoferta-test-data'),
    SEARCH_CACHE_SECONDS: '0',
    ...overrides,
  });

/**
 * A test app whose links point at `url`, as PUBLIC_URL would make them: set on the parsed config, since a
 * configuration with a PUBLIC_URL is a production start (decision 027) and tests run as NODE_ENV=test.
 */
export const publicAt = (url: string): Partial<Config> => ({
  PUBLIC_URL: url,
  publicOrigin: url.replace(/\/+$/, ''),
});

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  patch: Partial<Config> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = { ...testConfig(overrides), ...patch };
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
