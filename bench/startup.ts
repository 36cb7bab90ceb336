// Start-up time of the embedded-PGlite mode (issue 29 point 6): wall clock from spawning a process to the
// first 200 from /api/health. On an empty data dir (migrations, INE import, demo seed) and, the figure
// that counts, on an existing one (goal ≤ 1.5 s), each of these in the same run, rounds interleaved:
//   - `npm start`: scripts/start.mjs (its build checks, then the compiled API, as a person starts it);
//   - build: `node apps/api/dist/main.js`, the compiled API alone (scripts/api-build.mjs);
//   - tsx: `node --import tsx apps/api/src/main.ts`, the TypeScript as `npm run dev` runs it;
//   - floor: bench/support/startup-floor.mjs, a bare Fastify + PGlite (same extension) on the same dir.
// BENCH_ROUNDS (default 5) rounds; medians and ranges. The web build the API serves (and whose server
// render it imports at start) is WEB_DIST_DIR's, or apps/web/dist's when there is one.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = 18700 + Math.floor(Math.random() * 200);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const webDist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-bench-start-'));
  dataDirs.push(dir);
  return dir;
};

const variants = {
  'npm start (build)': ['scripts/start.mjs'],
  build: ['apps/api/dist/main.js'],
  tsx: ['--import', 'tsx', 'apps/api/src/main.ts'],
  floor: ['bench/support/startup-floor.mjs'],
} as const;
type Variant = keyof typeof variants;

async function timeStart(variant: Variant, dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...variants[variant]], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (let i = 0; i < 3000; i++) {
      if (child.exitCode !== null) throw new Error(`${variant} exited (${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${variant} did not answer within 30 s`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

try {
  const build = spawnSync(process.execPath, ['scripts/api-build.mjs', '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the API build failed');
  console.log(
    `load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}, ${os.cpus().length} cores, ` +
      `node ${process.version}, web build ${fs.existsSync(path.join(webDist, 'index.html')) ? webDist : 'none'}`,
  );
  for (const variant of ['build', 'tsx'] as const) {
    const empty = await timeStart(variant, newDataDir());
    console.log(`${variant}, empty data dir (migrate + INE + demo seed): ${seconds(empty)} s`);
  }
  const dataDir = dataDirs[0] ?? newDataDir();
  const times = new Map<Variant, number[]>();
  const order = Object.keys(variants) as Variant[];
  for (let round = 0; round < rounds; round++) {
    for (const variant of order) {
      const ms = await timeStart(variant, dataDir);
      times.set(variant, [...(times.get(variant) ?? []), ms]);
    }
  }
  const floor = median(times.get('floor') ?? []);
  console.log(`\nexisting data dir, ${rounds} rounds (median, min–max, × floor):`);
  for (const variant of order) {
    const values = times.get(variant) ?? [];
    const mid = median(values);
    const goal = variant === 'floor' ? '' : mid <= 1500 ? ' (goal ≤ 1.5 s: OK)' : ' (goal ≤ 1.5 s: OVER)';
    console.log(
      `  ${variant.padEnd(18)} ${seconds(mid)} s, ${seconds(Math.min(...values))}–${seconds(Math.max(...values))} s, ` +
        `${(mid / floor).toFixed(2)}×${goal}`,
    );
  }
  console.log(
    `load average at the end ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
} finally {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}
