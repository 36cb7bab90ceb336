import { parseArgs } from 'node:util';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openStore } from '../platform/storage/index';
import { localStore } from '../platform/storage/local';
import { copyObjects } from '../platform/storage/migrate';

/**
 * `npm run storage:migrate [-- --from <carpeta>]` (decision 035): copies the local store's files (photos,
 * encrypted documents, inventory photos) under DATA_DIR, or `--from`, into the bucket the configuration
 * names (STORAGE=s3, S3_*). Run it again to resume: what the bucket already holds is skipped. The local
 * files are left as they are; remove them once the API runs on the bucket.
 */
const { values } = parseArgs({ options: { from: { type: 'string' } } });
try {
  const config = loadConfig();
  if (config.storage.kind !== 's3') {
    console.error(
      'storage:migrate copia los archivos locales a un bucket: configura STORAGE=s3 con S3_BUCKET (y S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY si hacen falta).',
    );
    process.exit(2);
  }
  const source = localStore(values.from ? path.resolve(values.from) : config.dataDir);
  const target = await openStore(config.storage);
  await target.ready();
  console.log(`Copiando de ${source.location} a ${target.location}…`);
  let seen = 0;
  const report = await copyObjects(source, target, undefined, (key, outcome) => {
    seen += 1;
    if (outcome === 'failed') console.error(`  error: ${key}`);
    if (seen % 500 === 0) console.log(`  ${seen} archivos revisados`);
  });
  target.close();
  console.log(
    `Copiados: ${report.copied} (${report.bytes} bytes). Ya estaban: ${report.skipped}. Con error: ${report.failed.length}.`,
  );
  for (const failure of report.failed) console.error(`  ${failure.key}: ${failure.error}`);
  if (report.failed.length > 0) {
    console.error('Vuelve a ejecutar la orden para reintentar los que fallaron.');
    process.exit(1);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
