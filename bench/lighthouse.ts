// Lighthouse mobile (simulated slow 4G, 4x CPU slowdown) on the catalogue and a property page of the
// demo catalogue: the median of 5 runs of each (ARCHITECTURE.md §6: LCP ≤ 1.8 s, CLS ≤ 0.02; issue 9:
// TBT ≤ 100 ms), with where the main thread went in the last run.
// Starts the built app on an empty data dir (demo data), then runs
//   npx -y lighthouse@12.8.2 <url> --only-categories=performance --form-factor=mobile
// from the system temp dir with Debian's Chromium (e2e/chromium.ts: CHROMIUM_PATH, the same flags).
// LIGHTHOUSE_RUNS changes the number of runs; LIGHTHOUSE_PAGES=property (or catalogue) measures that page
// alone; WEB_DIST_DIR serves another build. A run that records nothing (NO_NAVSTART…) is made again,
// twice at most, and reported. Needs `npm run build` first (npm
// run bench does).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumFlags, chromiumPath } from '../e2e/chromium';
import { browserHeaders } from './support/browser-headers';

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

type Run = { report: Report; retries: string[] };

/** Why a run recorded nothing usable (Lighthouse's runtime error, e.g. NO_NAVSTART), or null. */
function failure(status: number | null, stderr: string, output: string): string | null {
  let report: (Report & { runtimeError?: { code?: string } }) | undefined;
  try {
    report = JSON.parse(fs.readFileSync(output, 'utf8')) as Report & { runtimeError?: { code?: string } };
  } catch {
    report = undefined;
  }
  const code = report?.runtimeError?.code ?? /\b(NO_[A-Z_]+)\b/.exec(stderr)?.[1];
  if (code) return code;
  if (status !== 0) return `exit ${status}`;
  if (!report) return 'no report';
  const missing = Object.values(metrics).filter((id) => report.audits[id]?.numericValue === undefined);
  return missing.length > 0 ? `no ${missing.join(', ')}` : null;
}

/**
 * One run. Lighthouse sometimes loses the trace (NO_NAVSTART, NO_FCP…): such a run is made again, twice
 * at most, and the retries are reported with the figures.
 */
function lighthouse(url: string, output: string, retries: string[] = []): Run {
  fs.rmSync(output, { force: true });
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
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    },
  );
  process.stderr.write(result.stderr);
  const failed = failure(result.status, result.stderr, output);
  if (failed) {
    if (retries.length < 2) return lighthouse(url, output, [...retries, failed]);
    throw new Error(`lighthouse failed on ${url} three times: ${[...retries, failed].join(', ')}`);
  }
  return { report: JSON.parse(fs.readFileSync(output, 'utf8')) as Report, retries };
}

type Details = { items?: Record<string, unknown>[] };
/** Where the main thread went in a run (Lighthouse's mainthread-work-breakdown and bootup-time). */
function mainThread(report: Report & { audits: Record<string, { details?: Details }> }): string {
  const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
  const groups = (report.audits['mainthread-work-breakdown']?.details?.items ?? [])
    .slice(0, 5)
    .map((item) => `${String(item.groupLabel ?? item.group)} ${ms(item.duration)}`);
  const scripts = (report.audits['bootup-time']?.details?.items ?? [])
    .slice(0, 4)
    .map((item) => `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} ${ms(item.scripting)}`);
  return `main thread: ${groups.join(', ')}\n  scripting by file: ${scripts.join(', ')}`;
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
    headers: browserHeaders({ json: true }),
    body: JSON.stringify({ sort: 'newest', limit: 1 }),
  });
  const { data } = (await search.json()) as { data: { items: { propertyId: string }[] } };
  const propertyId = data.items[0]?.propertyId;
  if (!propertyId) throw new Error('the demo catalogue is empty');

  const pages = [
    ['catalogue', '/properties', `${base}/properties`],
    ['property', '/property/{id}', `${base}/property/${propertyId}`],
  ] as const;
  const only = process.env.LIGHTHOUSE_PAGES;
  for (const [, label, url] of pages.filter(([name]) => !only || only.split(',').includes(name))) {
    // The first visit compiles and caches: not counted.
    const warmUp = lighthouse(url, path.join(reports, 'warm-up.json'));
    const values: Record<Metric, number[]> = { FCP: [], LCP: [], TBT: [], CLS: [], SI: [] };
    const scores: number[] = [];
    const retried = warmUp.retries.map((reason) => `warm-up: ${reason}`);
    let last: Report | undefined;
    for (let i = 0; i < runs; i++) {
      const { report, retries } = lighthouse(url, path.join(reports, `run-${i}.json`));
      retried.push(...retries.map((reason) => `run ${i + 1}: ${reason}`));
      last = report;
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
    console.log(`  TBT per run: ${values.TBT.map((v) => show('TBT', v)).join(', ')}`);
    console.log(`  retried: ${retried.length === 0 ? 'none' : retried.join('; ')}`);
    if (last) console.log(`  last run, ${mainThread(last)}`);
    const lcp = median(values.LCP);
    const cls = median(values.CLS);
    const tbt = median(values.TBT);
    console.log(
      `  targets LCP ≤ 1.8 s ${lcp <= 1800 ? 'OK' : 'OVER'}, CLS ≤ 0.02 ${cls <= 0.02 ? 'OK' : 'OVER'}, TBT ≤ 100 ms ${tbt <= 100 ? 'OK' : 'OVER'}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(reports, { recursive: true, force: true });
}
