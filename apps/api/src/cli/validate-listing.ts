import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { decideAnnouncement, decideProperty } from '../modules/validation/validate';

/**
 * Until the agents' screens exist: `npm run listing:validate -- --property ID` or `--announcement ID`,
 * with `--reject "motivo"` to reject. Follows the same rules as the agents (SPEC 4.5).
 */
const { values } = parseArgs({
  options: { property: { type: 'string' }, announcement: { type: 'string' }, reject: { type: 'string' } },
});
if (!values.property === !values.announcement) {
  console.error('Uso: npm run listing:validate -- (--property ID | --announcement ID) [--reject "motivo"]');
  process.exit(2);
}
const config = loadConfig();
const database = config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : await openPglite(config.dataDir);
const decision = { approve: values.reject === undefined, reason: values.reject };
try {
  const result = values.property
    ? await decideProperty(database.db, values.property, decision)
    : await decideAnnouncement(database.db, values.announcement ?? '', decision);
  console.log(decision.approve ? 'Validado:' : 'Rechazado:', result.id);
} catch (error) {
  console.error('No se ha podido decidir:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
