import pLimit from 'p-limit';
import type { Db } from '../../db/client';
import { claimDue, deliverClaimed, type DeliveryPolicy } from './deliver';
import type { Providers } from './providers';
import type { SecretKeys } from '../../platform/secret-keys';

export interface PollerOptions {
  /** The wait between polls when nothing was due. */
  intervalMs: number;
  /** Messages handed to providers at the same time. */
  concurrency: number;
  /** Opens the one-time codes messages carry sealed. */
  keys: SecretKeys;
  onError(error: unknown): void;
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
        claimed = batch.length;
        await Promise.all(
          batch.map((message) =>
            limit(() => deliverClaimed(db, providers, policy, options.keys, message)).catch(options.onError),
          ),
        );
      } catch (error) {
        options.onError(error);
      }
      if (!stopped && claimed < batchSize) await sleep(options.intervalMs);
    }
  };
  const running = loop();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await running;
    },
  };
}
