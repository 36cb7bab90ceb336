// Lighthouse mobile (simulated slow 4G, 4x CPU slowdown) on the catalogue and a property page of the
// demo catalogue: the median of 5 runs of each (ARCHITECTURE.md §6: LCP ≤ 1.8 s, CLS ≤ 0.02).
// Starts the built app on an empty data dir (demo data), then runs
//   npx -y lighthouse@12.8.2 <url> --only-categories=performance --form-factor=mobile
// from the system temp dir with Debian's Chromium (e2e/chromium.ts: CHROMIUM_PATH, the same flags).
// LIGHTHOUSE_RUNS changes the number of runs. Needs `npm run build` first (npm run bench does).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumFlags, chromiumPath } from '../e2e/chromium';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const port = 18900 + Math.floor(Math.random() * 90);
const base = `http://localhost:${port}`;
const chromeFlags = chromiumFlags.join(' ');

const metrics = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;
type Metric = keyof typeof metrics;
type Report = {
  audits: Record<string, { numericValue?: number }>;
  categories: { performance: { score: number } };
};

/** One run; Lighthouse sometimes loses the trace (NO_NAVSTART): such a run is repeated, twice at most. */
function lighthouse(url: string, output: string, attempt = 1): Report {
  const result = spawnSync(
    'npx',
    [
      '-y',
      'lighthouse@12.8.2',
      url,
      '--only-categories=performance',
      '--form-factor=mobile',
      `--chrome-flags=${chromeFlags}`,
      '--output=json',
      `--output-path=${output}`,
      '--quiet',
    ],
    {
      cwd: os.tmpdir(),
      env: { ...process.env, CHROME_PATH: chromiumPath },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) {
    if (attempt < 3) return lighthouse(url, output, attempt + 1);
    throw new Error(`lighthouse failed on ${url}`);
  }
  return JSON.parse(fs.readFileSync(output, 'utf8')) as Report;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const show = (metric: Metric, value: number) =>
  metric === 'CLS'
    ? value.toFixed(3)
    : metric === 'TBT'
      ? `${Math.round(value)} ms`
      : `${(value / 1000).toFixed(2)} s`;

async function waitForHealth() {
  for (let i = 0; i < 1200; i++) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not answer within 60 s');
}

if (!fs.existsSync(chromiumPath)) {
  console.log(`skipped: no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`);
  process.exit(0);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-bench-lh-'));
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'casaoferta-lh-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  },
  stdio: 'inherit',
});
const exited = new Promise((resolve) => server.on('exit', resolve));
try {
  await waitForHealth();
  const search = await fetch(`${base}/api/announcement/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sort: 'newest', limit: 1 }),
  });
  const { data } = (await search.json()) as { data: { items: { propertyId: string }[] } };
  const propertyId = data.items[0]?.propertyId;
  if (!propertyId) throw new Error('the demo catalogue is empty');

  for (const [label, url] of [
    ['/properties', `${base}/properties`],
    ['/property/{id}', `${base}/property/${propertyId}`],
  ] as const) {
    lighthouse(url, path.join(reports, 'warm-up.json')); // first visit compiles and caches: not counted
    const values: Record<Metric, number[]> = { FCP: [], LCP: [], TBT: [], CLS: [], SI: [] };
    const scores: number[] = [];
    for (let i = 0; i < runs; i++) {
      const report = lighthouse(url, path.join(reports, `run-${i}.json`));
      scores.push(report.categories.performance.score);
      for (const metric of Object.keys(metrics) as Metric[]) {
        values[metric].push(report.audits[metrics[metric]]?.numericValue ?? Number.NaN);
      }
    }
    const line = (Object.keys(metrics) as Metric[])
      .map((metric) => `${metric} ${show(metric, median(values[metric]))}`)
      .join(' · ');
    console.log(`${label}: median of ${runs}: score ${median(scores).toFixed(2)} · ${line}`);
    console.log(`  LCP per run: ${values.LCP.map((v) => show('LCP', v)).join(', ')}`);
    const lcp = median(values.LCP);
    const cls = median(values.CLS);
    console.log(
      `  targets LCP ≤ 1.8 s ${lcp <= 1800 ? 'OK' : 'OVER'}, CLS ≤ 0.02 ${cls <= 0.02 ? 'OK' : 'OVER'}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(reports, { recursive: true, force: true });
}
