import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { loadConfig } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { importIne } from '../db/seed/import-ine';
import { ensureRoles } from '../db/factories';
import { withDatabase } from './database-url';
import { ensureApiBuild } from './built-api';

export interface PostgresTemplate {
  url: string;
  template: string;
  prefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: PostgresTemplate | null;
  }
}

const prepare = async (database: Database) => {
  await database.migrate();
  await importIne(database.db, loadConfig({ NODE_ENV: 'test' }).ineDir);
  await ensureRoles(database.db);
};

/**
 * Makes the API's compiled build when it is stale (test/built-api.ts), then migrates and loads master data
 * once per run: a PGlite dump every test file loads, and with
 * TEST_DB_KIND=postgres a template database on TEST_DATABASE_URL's server that every test file clones.
 */
export default async function setup(project: TestProject) {
  // The tests that start the API as a process run its compiled build, as `npm start` does.
  ensureApiBuild();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-test-'));
  const cleanups: (() => Promise<void>)[] = [
    async () => fs.rmSync(workDir, { recursive: true, force: true }),
  ];

  const template = await openPglite(null);
  await prepare(template);
  const dumpPath = path.join(workDir, 'template.tar.gz');
  if (!template.dump) throw new Error('PGlite dump unavailable');
  fs.writeFileSync(dumpPath, Buffer.from(await (await template.dump()).arrayBuffer()));
  await template.close();
  project.provide('pgliteTemplate', dumpPath);

  let postgresTemplate: PostgresTemplate | null = null;
  if (process.env.TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
    const prefix = `casaoferta_t${process.pid}_`;
    const name = `${prefix}template`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const database = openPostgres(withDatabase(url, name), 2);
    await prepare(database);
    await database.close();
    postgresTemplate = { url, template: name, prefix };
    cleanups.push(async () => {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [prefix],
      );
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    });
  }
  project.provide('postgresTemplate', postgresTemplate);

  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
