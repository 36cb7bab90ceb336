import type { Db } from '../../db/client';
import { eraseExpiredSecrets } from '../delivery/deliver';
import { endExpiredAnnouncements } from '../validation/validate';
import { notifyPeriodEnding } from './period-ending';
import { outageLog, type OutageLogger } from '../../platform/outage-log';

/**
 * A job that runs by itself on a schedule. On PostgreSQL it is a graphile-worker cron task (`cron`, once
 * per tick however many processes run); on PGlite a timer every `intervalMs` in the one process. Each
 * job is safe to run twice at once: its changes are guarded UPDATEs.
 */
export interface ScheduledJob {
  readonly name: string;
  readonly cron: string;
  readonly intervalMs: number;
  /** Does the work due now; answers how many things it moved or told. */
  run(db: Db): Promise<number>;
}

export const scheduledJobs: readonly ScheduledJob[] = [
  // Publication periods end by themselves (AST001 → AST003 or AST006); search already hides them on time.
  { name: 'end_expired_announcements', cron: '* * * * *', intervalMs: 60_000, run: endExpiredAnnouncements },
  // Owners hear PERIOD_NOTICE_DAYS before the end.
  { name: 'notify_period_ending', cron: '*/15 * * * *', intervalMs: 15 * 60_000, run: notifyPeriodEnding },
  // One-time codes the local 'outbox' provider kept readable for the development outbox: gone at expiry.
  { name: 'erase_message_secrets', cron: '* * * * *', intervalMs: 60_000, run: eraseExpiredSecrets },
];

/** graphile-worker's crontab for the jobs. */
export const crontabOf = (jobs: readonly ScheduledJob[]): string =>
  jobs.map((job) => `${job.cron} ${job.name}`).join('\n');

export interface RunningTimers {
  /** Clears the timers and waits for the runs in hand. */
  stop(): Promise<void>;
}

/**
 * The jobs on PGlite, where no job queue runs (decision 017): each on its timer, once right after start
 * (a product restarted after a weekend ends what ended meanwhile), never two runs of one job at once. A
 * failure is logged; a database outage once per job and outage (decision 030), the next tick tries again.
 */
export function startTimers(db: Db, jobs: readonly ScheduledJob[], log: OutageLogger): RunningTimers {
  const inHand = new Map<string, Promise<void>>();
  const handles = jobs.map((job) => {
    const outage = outageLog(log, `scheduled job ${job.name}`);
    const tick = () => {
      if (inHand.has(job.name)) return;
      const run = job
        .run(db)
        .then(() => outage.succeeded())
        .catch((error: unknown) => {
          outage.failed(error);
        })
        .finally(() => inHand.delete(job.name));
      inHand.set(job.name, run);
    };
    return { first: setTimeout(tick, 1_000), every: setInterval(tick, job.intervalMs) };
  });
  return {
    async stop() {
      for (const { first, every } of handles) {
        clearTimeout(first);
        clearInterval(every);
      }
      await Promise.all(inHand.values());
    },
  };
}
