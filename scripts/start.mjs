// `npm start`: builds the web app (production mode) when its build is missing, older than its sources
// or not made for production (scripts/web-build.mjs), then runs the API,
// which serves the app and /api on PORT (default 8080) with the embedded database under DATA_DIR.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

const api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
// The API closes its database and releases the data-dir lock on SIGTERM/SIGINT; this process ends when
// it does, with its code. `npm start` runs this with `exec` (package.json), so npm's forwarded signals
// reach it (a shell in between would die and leave the API running).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
