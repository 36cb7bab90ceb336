import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { deliveryWorkerEnabled } from '../../platform/delivery-settings';
import { defaultPolicy, type DeliveryPolicy } from './deliver';
import { providersFromConfig } from './configured-providers';
import { startPoller, type RunningWorker } from './poller';
import { closeProviders, type Providers } from './providers';
import { startQueue } from './queue';
import { scheduledJobs, startTimers, type ScheduledJob } from '../scheduled/jobs';
import { unreadMessagesJob } from '../messages/unread-notices';
import { secretKeysOf } from '../documents/vault';
import type { SecretKeys } from '../../platform/secret-keys';
import type { AttachmentResolver } from '../../platform/outbox';
import { outageLog } from '../../platform/outage-log';

export type DeliveryLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export interface DeliveryWorkerDeps {
  config: Config;
  database: Database;
  log: DeliveryLog;
  /** Tests: their own providers, policy and polling pace. */
  providers?: Providers;
  policy?: DeliveryPolicy;
  pollIntervalMs?: number;
  /** Tests on PostgreSQL: the database's URL (production takes DATABASE_URL). */
  connectionString?: string;
  /** Tests: the periodic jobs to run (default: all of modules/scheduled). */
  scheduled?: readonly ScheduledJob[];
  /** The keys that open one-time codes (default: derived from the documents key, as the writers'). */
  keys?: SecretKeys;
  /** Draws the files an e-mail names (app.ts: the invoices' PDF), for the configured SMTP sender. */
  resolveAttachment?: AttachmentResolver;
}

/**
 * Starts delivering the outbox and running the periodic jobs (decision 017): graphile-worker (with its
 * cron) on PostgreSQL, the poller and timers on PGlite. Null where this process does not deliver
 * (DELIVERY_WORKER=off, tests). `stop` finishes the messages and jobs in hand and closes the providers
 * (the SMTP pool).
 */
export async function startDeliveryWorker(deps: DeliveryWorkerDeps): Promise<RunningWorker | null> {
  const { config, database, log } = deps;
  if (!deps.providers && !deliveryWorkerEnabled(config)) return null;
  const providers = deps.providers ?? providersFromConfig(config, deps.resolveAttachment);
  const policy =
    deps.policy ?? defaultPolicy(config.DELIVERY_MAX_ATTEMPTS, config.DELIVERY_LEASE_SECONDS * 1_000);
  const keys = deps.keys ?? (await secretKeysOf(config));
  // The conversations' batched notices link the conversation at the public origin (decision 038).
  const scheduled = deps.scheduled ?? [...scheduledJobs, unreadMessagesJob(config.publicOrigin)];
  const connectionString = deps.connectionString ?? config.DATABASE_URL;
  let worker: RunningWorker;
  try {
    worker =
      database.kind === 'postgres' && connectionString
        ? await startQueue(database.db, providers, policy, {
            connectionString,
            concurrency: config.DELIVERY_CONCURRENCY,
            pollIntervalMs: deps.pollIntervalMs,
            keys,
            outage: outageLog(log, 'message delivery'),
            scheduled,
            log: (level, message) => {
              if (level === 'error') log.error(message);
              else if (level === 'warning') log.warn(message);
              else log.debug(message);
            },
          })
        : withTimers(
            startPoller(database.db, providers, policy, {
              intervalMs: deps.pollIntervalMs ?? 1_000,
              concurrency: config.DELIVERY_CONCURRENCY,
              keys,
              outage: outageLog(log, 'message delivery'),
            }),
            startTimers(database.db, scheduled, log),
          );
  } catch (error) {
    await closeProviders(providers);
    throw error;
  }
  log.info(
    {
      queue: database.kind === 'postgres' ? 'graphile-worker' : 'poller',
      sms: providers.sms.name,
      email: providers.email.name,
      whatsapp: providers.whatsapp.name,
    },
    'message delivery started',
  );
  return {
    async stop() {
      await worker.stop();
      await closeProviders(providers);
    },
  };
}

/** The poller and the timers of PGlite, stopped together. */
const withTimers = (poller: RunningWorker, timers: RunningWorker): RunningWorker => ({
  async stop() {
    await Promise.all([poller.stop(), timers.stop()]);
  },
});
