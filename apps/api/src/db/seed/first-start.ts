import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../client';
import { ensureRoles } from '../factories';
import { provinces, users } from '../schema/index';
import { importIne } from './import-ine';
import { seedDemo } from './demo';
import { openStore, type ObjectStore } from '../../platform/storage/index';

const countRows = async (db: Db, table: typeof provinces | typeof users): Promise<number> => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
};

/**
 * On every start: master data that must exist (INE divisions, roles). On the first start of an empty
 * database, when the configuration allows it (`config.seedDemo`: a local start, never production): the
 * demo data. Cheap when there is nothing to do (two counts).
 */
export async function seedOnFirstStart({
  config,
  db,
  log,
  store: givenStore,
}: {
  /** Where the demo photos go; by default the store the configuration names. */
  store?: ObjectStore;
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
}) {
  if ((await countRows(db, provinces)) === 0) {
    const result = await importIne(db, config.ineDir);
    log.info(result, 'INE provinces and municipalities imported');
    await ensureRoles(db);
  }
  if (config.seedDemo && (await countRows(db, users)) === 0) {
    const store = givenStore ?? (await openStore(config.storage));
    try {
      const result = await seedDemo(db, { store, photosDir: config.photosDir });
      log.info(result, 'demo data loaded');
    } finally {
      if (!givenStore) store.close();
    }
  }
}
