import { ConfigError, loadConfig } from './config';
import { openPglite, openPostgres, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { seedOnFirstStart } from './db/seed/first-start';
import { buildApp } from './app';
import { endExpiredAnnouncements } from './modules/validation/validate';

const startedAt = performance.now();

async function main(): Promise<void> {
  const config = loadConfig();
  const database: Database = config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
    : await openPglite(config.dataDir);
  let closing = false;
  try {
    await database.migrate();
    const app = await buildApp({ config, database });
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      await app.close();
      await database.close();
      process.exit(0);
    };
    process.once('SIGTERM', (signal) => void shutdown(signal));
    process.once('SIGINT', (signal) => void shutdown(signal));
    await seedOnFirstStart({ config, db: database.db, log: app.log });
    // Publication periods end by themselves (AST001 → AST006); search already hides them on time.
    const expiry = setInterval(() => {
      endExpiredAnnouncements(database.db).catch((error: unknown) =>
        app.log.error({ err: error }, 'expiry job failed'),
      );
    }, 60_000);
    expiry.unref();
    app.addHook('onClose', async () => clearInterval(expiry));
    await app.listen({ port: config.PORT, host: config.HOST });
    app.log.info(
      { database: database.kind, startMs: Math.round(performance.now() - startedAt) },
      `Casaoferta escuchando en http://localhost:${config.PORT}`,
    );
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('No se ha podido arrancar Casaoferta:', error);
  }
  process.exit(1);
});
