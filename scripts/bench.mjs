// `npm run bench`: builds the web app (production mode, scripts/web-build.mjs), then runs every
// benchmark under bench/ (its files, not bench/support/) and prints its figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
let failed = false;
if (buildWeb(root) !== 0) process.exit(1);
for (const file of fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts'))
  .sort()) {
  if (only.length > 0 && !only.some((name) => file.includes(name))) continue;
  console.log(`\n▶ bench/${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', file)], {
    cwd: root,
    stdio: 'inherit',
  });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
