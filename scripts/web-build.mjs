// The web build as `npm start` and `npm test` make it: always in production mode, and made again when
// its sources changed or when the build on disk was not made for production (apps/web/vite.config.ts
// records the NODE_ENV of each build in dist/.vite/build-env.json).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What the web build is made from, relative to the repository's root. */
export const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
];

/**
 * The environment for `npm run build`: the caller's, with NODE_ENV=production (a shell with
 * NODE_ENV=development would otherwise get React's development bundle).
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function webBuildEnv(env) {
  return { ...env, NODE_ENV: 'production' };
}

/** @param {string} full */
function newestMtime(full) {
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(full, { withFileTypes: true })
    .reduce((max, child) => Math.max(max, newestMtime(path.join(full, child.name))), stat.mtimeMs);
}

/** @param {string} file */
function readNodeEnv(file) {
  try {
    const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof recorded?.nodeEnv === 'string' ? recorded.nodeEnv : null;
  } catch {
    return null;
  }
}

/**
 * Why the web build in `dist` must be made again, or null when it is up to date: missing, older than
 * one of its sources, or not made for production (a build from before the record counts as not).
 * @param {string} root the repository's root
 * @param {string} [dist] the build's directory
 * @returns {string | null}
 */
export function webBuildStaleReason(root, dist = path.join(root, 'apps/web/dist')) {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return 'no build';
  const nodeEnv = readNodeEnv(path.join(dist, '.vite/build-env.json'));
  if (nodeEnv !== 'production') return `built with NODE_ENV=${nodeEnv ?? 'unknown'}`;
  const builtAt = fs.statSync(index).mtimeMs;
  const changed = webSources.find((source) => newestMtime(path.join(root, source)) > builtAt);
  return changed ? `${changed} changed` : null;
}

/**
 * `npm run build` in production mode; the process's exit status.
 * @param {string} root
 * @returns {number}
 */
export function buildWeb(root) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: webBuildEnv(process.env),
  });
  return build.status ?? 1;
}
