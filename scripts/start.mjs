// `npm start`: builds the web app when its sources are newer than the build, then runs the API,
// which serves the app and /api on PORT (default 8080) with the embedded database under DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(full, { withFileTypes: true })
    .reduce((max, child) => Math.max(max, newestMtime(path.join(entry, child.name))), stat.mtimeMs);
}

// WEB_DIST_DIR names a build made elsewhere: it is served as it is.
const builtAt = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
if (!process.env.WEB_DIST_DIR && builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Compilando la aplicación web…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
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
