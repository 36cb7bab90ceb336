import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import type { Database } from '../client';
import { municipalities, provinces } from '../schema/index';
import { createTestDatabase } from '../../test/helpers';
import { importIne } from './import-ine';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the data the repository ships', () => {
  const config = loadConfig({});

  it('is where INE_DIR and PHOTOS_DIR point by default, inside the repository', () => {
    expect(config.ineDir).toBe(path.join(repoRoot, 'apps/api/data/ine'));
    expect(config.photosDir).toBe(path.join(repoRoot, 'apps/api/data/photos'));
    expect(fs.readdirSync(config.photosDir).filter((f) => f.endsWith('.jpg'))).toHaveLength(8);
  });

  it('gives the import all 52 provinces and 8,124 municipalities', async () => {
    const db = database.db;
    await db.execute(sql`truncate ${municipalities}, ${provinces} cascade`);
    expect(await importIne(db, config.ineDir)).toEqual({
      provinces: 52,
      municipalities: 8124,
      source: 'files',
    });
    expect(await db.$count(provinces)).toBe(52);
    expect(await db.$count(municipalities)).toBe(8124);
  });
});
