import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Runner, Task, WorkerEvents } from 'graphile-worker';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { crontabOf, type ScheduledJob } from '../scheduled/jobs';
import { claimOne, deliverClaimed, type ClaimedMessage, type DeliveryPolicy } from './deliver';
import type { RunningWorker } from './poller';
import type { Providers } from './providers';
import type { SecretKeys } from '../../platform/secret-keys';
import { jobPayloadSql, withJobRequestId } from './job-request-id';
import { isDatabaseDown } from '../../platform/errors';
import type { OutageLog } from '../../platform/outage-log';

/** The task that delivers one outbox message; its job key is `outbox:<id>` (one pending job a message). */
export const DELIVER_TASK = 'deliver_message';
/** The periodic task that gives every message left behind a job again (issue 25 point 2). */
export const SWEEP_TASK = 'sweep_outbox';
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
    // Another process installing it may hold the lock longer than a request's lock timeout.
    await tx.execute(sql`set local lock_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    await tx.execute(
      sql.raw(`
        create or replace function outbox_enqueue_delivery() returns trigger language plpgsql as $$
        begin
          perform ${QUEUE_SCHEMA}.add_job('${DELIVER_TASK}', ${jobPayloadSql('new')},
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
    await tx.execute(requeue(sql.raw(`status in ('queued', 'sending')`)));
  });

/** A job for each outbox row `where` selects, at its due time; the job key keeps a pending one single. */
const requeue = (
  where: ReturnType<typeof sql.raw>,
  mode: 'preserve_run_at' | 'replace' = 'preserve_run_at',
) =>
  sql`select ${sql.raw(QUEUE_SCHEMA)}.add_job(${DELIVER_TASK}, json_build_object('id', id),
      run_at := greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at)),
      max_attempts := ${JOB_MAX_ATTEMPTS}, job_key := 'outbox:' || id, job_key_mode := ${mode})
    from outbox where ${where}`;

/**
 * The sweep (every minute on PostgreSQL, issue 25 point 2): a message whose job was lost (its worker
 * pool died in a database outage with the job locked; a process killed mid-send) gets a job again: a claim
 * whose lease ran out, and a queued message due for over a minute. On PGlite the poller's own claim
 * takes both. A job added for a message another worker still holds finds nothing to claim.
 */
export async function sweepOutbox(db: Db): Promise<number> {
  const result = await db.execute(
    requeue(
      sql.raw(`(status = 'sending' and claimed_until < now())
        or (status = 'queued' and next_attempt_at < now() - interval '1 minute')`),
      // The message's own due time wins over a job's (one put off by graphile-worker's back-off).
      'replace',
    ),
  );
  return (result as unknown as { rows: unknown[] }).rows.length;
}

export interface QueueOptions {
  connectionString: string;
  concurrency: number;
  /** How often graphile-worker polls besides LISTEN/NOTIFY (ms). */
  pollIntervalMs?: number;
  /** Opens the one-time codes messages carry sealed. */
  keys: SecretKeys;
  /** The queue's failures: a database outage logged once, the back-off of its restarts. */
  outage: OutageLog;
  log(level: string, message: string): void;
  /** Periodic jobs (modules/scheduled), as graphile-worker cron tasks: one run per tick in the cluster. */
  scheduled?: readonly ScheduledJob[];
}

/** A runner and the worker pools it made (their ids lock its jobs). */
interface Instance {
  runner: Runner;
  poolIds: string[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error a graphile-worker log line is about, when it carries one. */
const errorOf = (meta: unknown): unknown => {
  if (typeof meta !== 'object' || meta === null) return undefined;
  const { error, fatalError } = meta as { error?: unknown; fatalError?: unknown };
  return error ?? fatalError;
};

/**
 * The delivery worker on PostgreSQL, which also runs the periodic jobs: graphile-worker's runner (its
 * jobs are locked with SKIP LOCKED, so one process runs a job however many listen), each job delivering
 * one message under the outbox's own guarded claim. A temporary failure schedules the message's next
 * attempt as a new job at its back-off.
 *
 * Database outages (issue 25, decision 030): graphile-worker 0.17 records a job's end without awaiting it,
 * and a failed record was an unhandled rejection that ended the process. Job ends are batched here (their
 * failure stops the runner instead), and the runner is supervised: when it stops by itself it is started
 * again with back-off once the database answers, after unlocking the jobs its pools held. Its log lines
 * about the outage are logged once per outage.
 */
export async function startQueue(
  db: Db,
  providers: Providers,
  policy: DeliveryPolicy,
  options: QueueOptions,
): Promise<RunningWorker> {
  const { outage } = options;
  // Loaded here, on PostgreSQL only: a PGlite start never pays for it (decision 036).
  const { Logger, run } = await import('graphile-worker');
  // Aborted by stop(): a result being recorded through an outage is then left to the sweep.
  const stopping = new AbortController();
  // Messages this process claimed and has not recorded yet (a result waiting for the database): a job
  // for one of them (its runner restarted after an outage) leaves it to the attempt in hand.
  const inHand = new Set<string>();
  const deliver: Task = async (payload, helpers) => {
    const { id } = payloadSchema.parse(payload);
    if (inHand.has(id)) return;
    // While the database is away the job waits here rather than failing: a failed job is put off by
    // graphile-worker's back-off (minutes after a few tries), and could not be recorded anyway.
    let message: ClaimedMessage | null = null;
    for (let tries = 0; ; tries += 1) {
      try {
        message = await claimOne(db, id, policy.leaseMs);
        break;
      } catch (error) {
        if (!isDatabaseDown(error) || stopping.signal.aborted) throw error;
        outage.failed(error);
        await pause(Math.min(5_000, 250 * 2 ** Math.min(tries, 5)));
      }
    }
    outage.succeeded();
    // Sent, failed, or in another worker's hands (a job from the sweep): nothing to do.
    if (!message) return;
    inHand.add(id);
    const outcome = await deliverClaimed(db, providers, policy, options.keys, message, {
      signal: stopping.signal,
      onRecordFailed: (error) => outage.failed(error),
    }).finally(() => inHand.delete(id));
    if (outcome?.status === 'queued') {
      await helpers.addJob(DELIVER_TASK, payload, {
        runAt: outcome.retryAt,
        jobKey: `outbox:${id}`,
        maxAttempts: JOB_MAX_ATTEMPTS,
      });
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
  const sweep: Task = async () => {
    await sweepOutbox(db);
  };
  const logger = new Logger(() => (level, message, meta) => {
    const error = errorOf(meta);
    // An outage's lines (every poll, every job) are one line: the outage log's.
    if ((level === 'error' || level === 'warning') && isDatabaseDown(error)) outage.failed(error);
    else options.log(level, message);
  });

  const launch = async (): Promise<Instance> => {
    const events: WorkerEvents = new EventEmitter();
    const poolIds: string[] = [];
    events.on('pool:create', ({ workerPool }) => poolIds.push(workerPool.id));
    const runner = await run({
      connectionString: options.connectionString,
      maxPoolSize: options.concurrency + 2,
      concurrency: options.concurrency,
      pollInterval: options.pollIntervalMs ?? 2_000,
      noHandleSignals: true,
      schema: QUEUE_SCHEMA,
      logger,
      events,
      // A job's end recorded in a batch: a failure to record it stops the runner (supervised below)
      // instead of rejecting a promise nobody awaits.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      taskList: { ...scheduledTasks, [DELIVER_TASK]: withJobRequestId(deliver), [SWEEP_TASK]: sweep },
      crontab: [crontabOf(scheduled), `* * * * * ${SWEEP_TASK}`].filter(Boolean).join('\n'),
    });
    return { runner, poolIds };
  };

  let current = await launch();
  try {
    await installTrigger(db);
  } catch (error) {
    await current.runner.stop();
    throw error;
  }
  let stopped = false;
  let restarting: Promise<void> = Promise.resolve();

  const restart = async (dead: Instance) => {
    for (let attempt = 0; !stopped; attempt += 1) {
      await pause(outage.delayMs(1_000));
      if (stopped) return;
      try {
        // The jobs the dead runner's pools held run again (else they would wait for graphile-worker's
        // 4-hour lock expiry); their messages' own claims keep them from being sent twice.
        if (dead.poolIds.length > 0) {
          await db.execute(
            sql`select ${sql.raw(QUEUE_SCHEMA)}.force_unlock_workers(string_to_array(${dead.poolIds.join(',')}, ','))`,
          );
        }
        const next = await launch();
        if (stopped) {
          await next.runner.stop().catch(() => undefined);
          return;
        }
        current = next;
        watch(next);
        outage.succeeded();
        return;
      } catch (error) {
        outage.failed(error);
      }
    }
  };
  const watch = (instance: Instance) => {
    const ended = (error?: unknown) => {
      if (stopped || current !== instance) return;
      if (error !== undefined) outage.failed(error);
      else if (!outage.down) options.log('warning', 'message delivery: the job queue stopped, restarting it');
      restarting = restart(instance);
    };
    instance.runner.promise.then(
      () => ended(),
      (error: unknown) => ended(error),
    );
  };
  watch(current);

  return {
    async stop() {
      stopped = true;
      stopping.abort();
      await restarting;
      await current.runner.stop().catch(() => undefined);
    },
  };
}
