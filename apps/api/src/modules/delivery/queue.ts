import { sql } from 'drizzle-orm';
import { Logger, run, type Task } from 'graphile-worker';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { crontabOf, type ScheduledJob } from '../scheduled/jobs';
import { claimOne, deliverClaimed, type DeliveryPolicy } from './deliver';
import type { RunningWorker } from './poller';
import type { Providers } from './providers';
import type { SecretKeys } from '../../platform/secret-keys';

/** The task that delivers one outbox message; its job key is `outbox:<id>` (one pending job a message). */
export const DELIVER_TASK = 'deliver_message';
const QUEUE_SCHEMA = 'graphile_worker';
// A job that throws (the database went away while recording) is retried by graphile-worker itself.
const JOB_MAX_ATTEMPTS = 10;

const payloadSchema = z.object({ id: z.uuid() });

/**
 * Every outbox row queued is a job, in the same transaction as the row (an AFTER INSERT trigger calling
 * graphile_worker.add_job): whoever inserts into the outbox, however (a query builder, raw SQL), the job
 * exists exactly when the message does. Installed under an advisory lock: API processes start together.
 */
const installTrigger = (db: Db) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    await tx.execute(
      sql.raw(`
        create or replace function outbox_enqueue_delivery() returns trigger language plpgsql as $$
        begin
          perform ${QUEUE_SCHEMA}.add_job('${DELIVER_TASK}', json_build_object('id', new.id),
            run_at := new.next_attempt_at, max_attempts := ${JOB_MAX_ATTEMPTS},
            job_key := 'outbox:' || new.id, job_key_mode := 'preserve_run_at');
          return null;
        end $$`),
    );
    await tx.execute(sql`drop trigger if exists outbox_enqueue_delivery on outbox`);
    await tx.execute(
      sql.raw(`create trigger outbox_enqueue_delivery after insert on outbox for each row
        when (new.status = 'queued') execute function outbox_enqueue_delivery()`),
    );
    // Rows queued before the trigger existed (an older version, a move from PGlite), and claims whose
    // worker stopped mid-send: a job each. The job key keeps a pending job from being doubled.
    await tx.execute(
      sql.raw(`select ${QUEUE_SCHEMA}.add_job('${DELIVER_TASK}', json_build_object('id', id),
          run_at := greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at)),
          max_attempts := ${JOB_MAX_ATTEMPTS}, job_key := 'outbox:' || id, job_key_mode := 'preserve_run_at')
        from outbox where status in ('queued', 'sending')`),
    );
  });

export interface QueueOptions {
  connectionString: string;
  concurrency: number;
  /** How often graphile-worker polls besides LISTEN/NOTIFY (ms). */
  pollIntervalMs?: number;
  /** Opens the one-time codes messages carry sealed. */
  keys: SecretKeys;
  onError(error: unknown): void;
  log(level: string, message: string): void;
  /** Periodic jobs (modules/scheduled), as graphile-worker cron tasks: one run per tick in the cluster. */
  scheduled?: readonly ScheduledJob[];
}

/**
 * The delivery worker on PostgreSQL, which also runs the periodic jobs: graphile-worker's runner (its jobs are locked with SKIP LOCKED, so
 * one process runs a job however many listen), each job delivering one message under the outbox's own
 * guarded claim. A temporary failure schedules the message's next attempt as a new job at its back-off.
 */
export async function startQueue(
  db: Db,
  providers: Providers,
  policy: DeliveryPolicy,
  options: QueueOptions,
): Promise<RunningWorker> {
  const deliver: Task = async (payload, helpers) => {
    const { id } = payloadSchema.parse(payload);
    const message = await claimOne(db, id, policy.leaseMs);
    // Sent, failed, or in another worker's hands (a job from the sweep): nothing to do.
    if (!message) return;
    const outcome = await deliverClaimed(db, providers, policy, options.keys, message);
    if (outcome?.status === 'queued') {
      await helpers.addJob(
        DELIVER_TASK,
        { id },
        { runAt: outcome.retryAt, jobKey: `outbox:${id}`, maxAttempts: JOB_MAX_ATTEMPTS },
      );
    }
  };
  const scheduled = options.scheduled ?? [];
  const scheduledTasks = Object.fromEntries(
    scheduled.map((job): [string, Task] => [
      job.name,
      async () => {
        await job.run(db);
      },
    ]),
  );
  const runner = await run({
    connectionString: options.connectionString,
    maxPoolSize: options.concurrency + 2,
    concurrency: options.concurrency,
    pollInterval: options.pollIntervalMs ?? 2_000,
    noHandleSignals: true,
    schema: QUEUE_SCHEMA,
    logger: new Logger(() => (level, message) => options.log(level, message)),
    taskList: { ...scheduledTasks, [DELIVER_TASK]: deliver },
    crontab: crontabOf(scheduled),
  });
  try {
    await installTrigger(db);
  } catch (error) {
    await runner.stop();
    throw error;
  }
  runner.events.on('job:error', ({ error }) => options.onError(error));
  return {
    async stop() {
      await runner.stop();
    },
  };
}
