// Start-up time of the embedded-PGlite mode: wall clock from spawning `node --import tsx main.ts` to the
// first 200 from /api/health, on an empty data dir (migrations, INE import, demo seed) and on the same
// dir again (ARCHITECTURE.md §6 target: ≤ 3 s on an existing data dir).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = 18700 + Math.floor(Math.random() * 200);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-bench-start-'));

async function timeStart(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (let i = 0; i < 600; i++) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the server did not answer within 15 s');
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

try {
  const empty = await timeStart();
  const existing: number[] = [];
  for (let i = 0; i < 3; i++) existing.push(await timeStart());
  existing.sort((a, b) => a - b);
  const median = existing[1] ?? Number.NaN;
  console.log(`start on an empty data dir (migrate + INE + demo seed): ${(empty / 1000).toFixed(2)} s`);
  console.log(
    `start on an existing data dir (median of 3): ${(median / 1000).toFixed(2)} s (target ≤ 3 s) ${median <= 3000 ? 'OK' : 'OVER'}`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
