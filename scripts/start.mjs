// `npm start`: builds the web app (production mode) when its build is missing, older than its sources
// or not made for production (scripts/web-build.mjs), and the API when its compiled build is missing or
// older than its sources (scripts/api-build.mjs), then runs the compiled API (apps/api/dist/main.js, no
// TypeScript loader), which serves the app and /api on PORT (default 8080) with the embedded database
// under DATA_DIR.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureApiBuild } from './api-build.mjs';
import { buildWeb, webBuildStaleReason } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST_DIR names a build made elsewhere: it is served as it is. Otherwise the build is made (in
// production mode, whatever NODE_ENV says) when missing, out of date or not made for production.
const stale = process.env.WEB_DIST_DIR ? null : webBuildStaleReason(root);
if (stale) {
  console.log(`Compilando la aplicación web (${stale})…`);
  const status = buildWeb(root);
  if (status !== 0) process.exit(status);
}

try {
  await ensureApiBuild({ log: console.log, repo: root });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const api = spawn(process.execPath, ['apps/api/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
// The API closes its database and releases the data-dir lock on SIGTERM/SIGINT; this process ends when
// it does, with its code. `npm start` runs this with `exec` (package.json), so npm's forwarded signals
// reach it (a shell in between would die and leave the API running).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
