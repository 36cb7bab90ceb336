import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Files written whole or not at all (issue 25, decision 030): the bytes go to `<file>.<uuid>.tmp` and are
 * renamed into place, so a process killed mid-write leaves only a temporary file, never a partial one
 * under the real name; the sweep removes such leftovers.
 */
export const temporaryPathFor = (file: string): string => `${file}.${randomUUID()}.tmp`;

const TEMPORARY = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** A temporary file is left over once it is this old: no write takes an hour. */
export const STALE_TEMPORARY_MS = 60 * 60_000;

/**
 * Removes the temporary files under `root` (any depth) last written more than `olderThanMs` ago; a root
 * that does not exist yet has none. Answers how many it removed.
 */
export async function sweepTemporaryFiles(root: string, olderThanMs = STALE_TEMPORARY_MS): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(root, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const before = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names.filter((candidate) => TEMPORARY.test(candidate))) {
    const file = path.join(root, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile() || stat.mtimeMs >= before) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

export interface TemporarySweep {
  stop(): void;
}

/** Sweeps `roots` now and every hour, logging what it removed and any failure. */
export function startTemporarySweep(
  roots: readonly string[],
  log: { info(object: object, message: string): void; warn(object: object, message: string): void },
): TemporarySweep {
  const sweep = () => {
    for (const root of roots) {
      sweepTemporaryFiles(root).then(
        (removed) => {
          if (removed > 0) log.info({ root, removed }, 'stale temporary files removed');
        },
        (error: unknown) => log.warn({ err: error, root }, 'temporary files: sweep failed'),
      );
    }
  };
  sweep();
  const timer = setInterval(sweep, STALE_TEMPORARY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
