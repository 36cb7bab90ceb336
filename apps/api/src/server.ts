import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config';
import { openPglite, openPostgres, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { seedOnFirstStart } from './db/seed/first-start';
import { openStore } from './platform/storage/index';
import { newDemoAgentPassword, renewDemoAgentPassword } from './db/seed/demo-accounts';
import { devOutboxLink } from '@casaoferta/domain/dev-tools';
import { buildApp } from './app';
import { startTexts } from './start-texts';
import { createLifecycle } from './platform/lifecycle';
import { drain } from './platform/shutdown';

export interface ServerExtension {
  /** Runs once the data is in place, right before the server listens (the e2e launcher's hook). */
  beforeListen?(running: { app: FastifyInstance; database: Database }): Promise<void> | void;
}

/**
 * The API's start-up: database, migrations, app (with the delivery worker and its periodic jobs),
 * master and demo data, then listen.
 * SIGTERM and SIGINT drain (platform/shutdown.ts: stop accepting, end live streams with a retry hint,
 * finish the requests in flight within SHUTDOWN_TIMEOUT_MS), close the database (releasing the data-dir
 * lock) and exit: 0 when everything finished in time, 1 when the deadline cut something. A bad
 * configuration or a locked data dir ends the process with its message. Used by main.ts (`npm start`)
 * and by the e2e launcher (e2e/server.ts), never by the app itself.
 */
export async function runServer(extension: ServerExtension = {}): Promise<void> {
  const startedAt = performance.now();
  try {
    await start(extension, startedAt);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(startTexts.failed, error);
    }
    process.exit(1);
  }
}

async function start(extension: ServerExtension, startedAt: number): Promise<void> {
  const config = loadConfig();
  // Hashed while the database opens and the app is built; stored once the demo data is in place.
  const demoAgentPassword = config.devTools ? newDemoAgentPassword() : null;
  const database: Database = config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, {
        connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
        statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      })
    : await openPglite(config.dataDir);
  let closing = false;
  try {
    await database.migrate();
    const lifecycle = createLifecycle();
    // One store for the app and the first start's demo photos, closed with the app.
    const store = await openStore(config.storage);
    const app = await buildApp({ config, database, lifecycle, store });
    app.addHook('onClose', async () => store.close());
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal, deadlineMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
      // Whatever hangs past the deadline and its grace, the process still ends.
      const force = setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 5_000);
      force.unref();
      const outcome = await drain(app, database, lifecycle, { deadlineMs: config.SHUTDOWN_TIMEOUT_MS });
      process.exit(outcome === 'drained' ? 0 : 1);
    };
    // `on`, not `once`: Ctrl-C reaches this process twice (from the terminal and from scripts/start.mjs),
    // and a second signal without a listener would kill it mid-close, leaving the data-dir lock.
    process.on('SIGTERM', (signal) => void shutdown(signal));
    process.on('SIGINT', (signal) => void shutdown(signal));
    await seedOnFirstStart({ config, db: database.db, log: app.log, store });
    for (const warning of config.warnings) app.log.warn(warning);
    // The local demo's conveniences open with secrets only this console shows (decision 027).
    const demoAgent = demoAgentPassword ? await renewDemoAgentPassword(database.db, demoAgentPassword) : null;
    await extension.beforeListen?.({ app, database });
    await app.listen({ port: config.PORT, host: config.HOST });
    app.log.info(
      {
        database: database.kind,
        devTools: config.devTools,
        startMs: Math.round(performance.now() - startedAt),
      },
      startTexts.listening(config.PORT),
    );
    if (config.devToolsToken) {
      console.log(
        startTexts.localSecrets(devOutboxLink(config.publicOrigin, config.devToolsToken), demoAgent),
      );
    }
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
