import { ConfigError, loadConfig, parseDocumentsKey } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { rotateDocumentsKey } from '../modules/documents/rotate';
import { openStore } from '../platform/storage/index';

/**
 * `DOCUMENTS_KEY_OLD=… DOCUMENTS_KEY=… npm run documents:rotate-key -w apps/api` (decision 035): with the
 * API stopped, re-encrypts every tenant document from the old key to the new one, in the configured store
 * (DATA_DIR or the bucket). Resumable: run it again after a stop. Then start the API with the new key.
 */
try {
  const config = loadConfig();
  const oldKey = parseDocumentsKey(process.env.DOCUMENTS_KEY_OLD ?? '');
  if (!oldKey || !config.documentsKey) {
    console.error(
      'Hacen falta DOCUMENTS_KEY_OLD (la clave actual) y DOCUMENTS_KEY (la nueva; genera una con: openssl rand -base64 32), 32 bytes en base64 cada una.',
    );
    process.exit(2);
  }
  const database = config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : await openPglite(config.dataDir);
  const store = await openStore(config.storage);
  try {
    const report = await rotateDocumentsKey(database.db, store, oldKey, config.documentsKey);
    console.log(
      `Documentos cifrados con la clave nueva: ${report.reencrypted}. Ya lo estaban: ${report.alreadyNew}. Ilegibles con ambas claves: ${report.unreadable.length}.`,
    );
    for (const key of report.unreadable) console.error(`  ilegible: ${key}`);
  } finally {
    store.close();
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
