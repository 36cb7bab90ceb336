import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { mediaRoot } from '../platform/media';
import { decideAnnouncement, decideProperty } from '../modules/validation/validate';
import { reviewProperty } from '../modules/validation/review';
import { announcements } from '../db/schema/index';
import { eq } from 'drizzle-orm';

/**
 * Until the agents' screens exist: `npm run listing:validate -- --property ID` or `--announcement ID`,
 * with `--reject "motivo"` to reject. Follows the same rules as the agents (SPEC 4.5, decision 011):
 * the decision names a revision, `--revision N` (the one reviewed); without it, the current one, which
 * is printed with what is being decided.
 */
const { values } = parseArgs({
  options: {
    property: { type: 'string' },
    announcement: { type: 'string' },
    reject: { type: 'string' },
    revision: { type: 'string' },
  },
});
const revisionOption = values.revision === undefined ? undefined : Number(values.revision);
if (
  !values.property === !values.announcement ||
  (revisionOption !== undefined && !(Number.isInteger(revisionOption) && revisionOption > 0))
) {
  console.error(
    'Uso: npm run listing:validate -- (--property ID | --announcement ID) [--revision N] [--reject "motivo"]',
  );
  process.exit(2);
}
const config = loadConfig();
const database = config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : await openPglite(config.dataDir);
const { db } = database;

/** The revision the decision names: the one given, or the current one (printed). */
async function currentRevision(): Promise<number> {
  if (values.property) {
    const review = await reviewProperty(db, values.property);
    const pending = review.pendingRevision;
    console.log(
      `Inmueble ${review.reference} (${review.validationStatus}), revisión ${review.revision}` +
        (pending
          ? `: cambios ${pending.status === 'pending' ? 'pendientes' : 'rechazados'} de revisión`
          : ''),
    );
    return review.revision;
  }
  const [row] = await db
    .select({ revision: announcements.revision, statusCode: announcements.statusCode })
    .from(announcements)
    .where(eq(announcements.id, values.announcement ?? ''));
  if (!row) throw new Error('No existe ese anuncio.');
  console.log(`Anuncio (${row.statusCode}), revisión ${row.revision}`);
  return row.revision;
}

try {
  const decision = {
    approve: values.reject === undefined,
    reason: values.reject,
    revision: revisionOption ?? (await currentRevision()),
  };
  const result = values.property
    ? await decideProperty(db, mediaRoot(config.dataDir), values.property, decision)
    : await decideAnnouncement(db, values.announcement ?? '', decision);
  console.log(decision.approve ? 'Validado:' : 'Rechazado:', result.id);
} catch (error) {
  console.error('No se ha podido decidir:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
