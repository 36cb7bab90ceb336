import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { apiDir, repoRoot } from '../runtime-paths';

/**
 * The compiled API as `npm start` runs it (scripts/api-build.mjs, decision 036): the tests that start the
 * API as its own process run this, with no TypeScript loader. The tests' global setup makes it first.
 */
export const builtApiMain = path.join(apiDir, 'dist/main.js');

/** Makes the build when it is missing or older than its sources (`npm test` made it already). */
export function ensureApiBuild(): void {
  const build = spawnSync(process.execPath, ['scripts/api-build.mjs', '--if-stale'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the API build failed: ${build.stdout}${build.stderr}`);
}
