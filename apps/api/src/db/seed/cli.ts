import { loadConfig } from '../../config';
import { openPglite, openPostgres } from '../client';
import { ensureRoles } from '../factories';
import { importIne } from './import-ine';
import { seedDemo } from './demo';
import { openStore } from '../../platform/storage/index';

/**
 * `npm run seed`: re-imports the INE data and adds the demo accounts where the configuration allows
 * the demo data (config.ts, `demoData`). Refuses a non-local database
 * unless SEED_ALLOW_REMOTE=1 (STYLE.md: the seed never touches a real database by accident).
 */
const config = loadConfig();
if (config.DATABASE_URL) {
  const host = new URL(config.DATABASE_URL).hostname;
  if (!['localhost', '127.0.0.1', '::1'].includes(host) && process.env.SEED_ALLOW_REMOTE !== '1') {
    console.error(`La base de datos ${host} no es local: define SEED_ALLOW_REMOTE=1 para sembrarla.`);
    process.exit(1);
  }
}
const database = config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : await openPglite(config.dataDir);
const store = await openStore(config.storage);
try {
  await database.migrate();
  console.log('INE:', await importIne(database.db, config.ineDir));
  await ensureRoles(database.db);
  // The demo accounts' password is published: only where the configuration allows the demo data.
  console.log(
    'demo:',
    config.seedDemo
      ? await seedDemo(database.db, { store, photosDir: config.photosDir })
      : 'no (SEED_DEMO, HOST, PUBLIC_URL o NODE_ENV no lo permiten)',
  );
} finally {
  store.close();
  await database.close();
}
