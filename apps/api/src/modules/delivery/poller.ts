import pLimit from 'p-limit';
import type { Db } from '../../db/client';
import { claimDue, deliverClaimed, type DeliveryPolicy } from './deliver';
import type { Providers } from './providers';
import type { SecretKeys } from '../../platform/secret-keys';
import type { OutageLog } from '../../platform/outage-log';

export interface PollerOptions {
  /** The wait between polls when nothing was due. */
  intervalMs: number;
  /** Messages handed to providers at the same time. */
  concurrency: number;
  /** Opens the one-time codes messages carry sealed. */
  keys: SecretKeys;
  /** The loop's failures: a database outage logged once, and the back-off of the polls meanwhile. */
  outage: OutageLog;
}

export interface RunningWorker {
  /** Stops claiming, waits for the messages in hand, then resolves. */
  stop(): Promise<void>;
}

/**
 * The delivery worker where no job queue runs (the embedded PGlite: decision 017): a loop that claims
 * due messages with one guarded UPDATE (claimDue) and delivers them. Correct with several loops too
 * (SKIP LOCKED and the status guard), though on PGlite one process owns the data.
 */
export function startPoller(
  db: Db,
  providers: Providers,
  policy: DeliveryPolicy,
  options: PollerOptions,
): RunningWorker {
  const limit = pLimit(options.concurrency);
  const batchSize = options.concurrency * 4;
  let stopped = false;
  // Aborted by stop(): a result being recorded through an outage is then left to the sweep.
  const stopping = new AbortController();
  let wake: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    }).finally(() => {
      wake = null;
      if (timer) clearTimeout(timer);
      timer = null;
    });

  const loop = async () => {
    while (!stopped) {
      let claimed = 0;
      try {
        const batch = await claimDue(db, batchSize, policy.leaseMs);
        options.outage.succeeded();
        claimed = batch.length;
        await Promise.all(
          batch.map((message) =>
            limit(() =>
              deliverClaimed(db, providers, policy, options.keys, message, {
                signal: stopping.signal,
                onRecordFailed: (error) => options.outage.failed(error),
              }),
            ).catch((error: unknown) => options.outage.failed(error)),
          ),
        );
      } catch (error) {
        options.outage.failed(error);
      }
      if (!stopped && claimed < batchSize) await sleep(options.outage.delayMs(options.intervalMs));
    }
  };
  const running = loop();

  return {
    async stop() {
      stopped = true;
      stopping.abort();
      wake?.();
      await running;
    },
  };
}
