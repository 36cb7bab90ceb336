import { isDatabaseDown } from './errors';

export interface OutageLogger {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

export interface OutageLog {
  /**
   * A background loop's attempt failed. A database outage is logged once, at its first failure (a
   * warning); any other failure is an error, logged each time. Answers whether it was an outage.
   */
  failed(error: unknown): boolean;
  /** The attempt worked: after an outage, logs once that the loop resumed, and how long it waited. */
  succeeded(): void;
  /** Whether the last attempt found the database down. */
  readonly down: boolean;
  /** The wait before the next attempt: `baseMs` normally, doubling while the outage lasts, up to `maxMs`. */
  delayMs(baseMs: number, maxMs?: number): number;
}

/**
 * The log of one background loop (the delivery worker, the scheduled jobs, the live listener…) across
 * database outages (issue 25, decision 030): one line when the database goes away, one when the loop
 * resumes, none per tick in between; and the back-off of its retries.
 */
export function outageLog(log: OutageLogger, loop: string): OutageLog {
  let since: number | null = null;
  let failures = 0;
  return {
    failed(error) {
      if (!isDatabaseDown(error)) {
        log.error({ err: error, loop }, `${loop}: failed`);
        return false;
      }
      failures += 1;
      if (since === null) {
        since = Date.now();
        log.warn({ err: error, loop }, `${loop}: database unavailable, retrying with back-off`);
      }
      return true;
    },
    succeeded() {
      failures = 0;
      if (since === null) return;
      log.info({ loop, waitedMs: Date.now() - since }, `${loop}: database available again, resumed`);
      since = null;
    },
    get down() {
      return since !== null;
    },
    delayMs(baseMs, maxMs = 10_000) {
      if (since === null) return baseMs;
      return Math.min(Math.max(baseMs, maxMs), baseMs * 2 ** Math.min(failures, 10));
    },
  };
}
