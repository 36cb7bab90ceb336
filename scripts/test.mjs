// `npm test`: typecheck, lint, the API's compiled build, unit and integration tests (PGlite, then
// PostgreSQL when TEST_DATABASE_URL is set), the web build, and the Playwright suite in Debian's Chromium.
// Every runner writes a JSON report under reports/; the last line sums them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize, summarizeFile } from './summarize.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const checks = [];
const run = (label, command, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
};
const record = (label, ok) => {
  checks.push({ label, ok });
  fs.writeFileSync(path.join(reports, 'checks.json'), JSON.stringify({ checks }, null, 2));
  return ok;
};
const check = (label, command, args, env) => record(label, run(label, command, args, env));

/**
 * The API test files whose outcome can depend on the database they run on, for the PostgreSQL run: those
 * that reach, through their own (non-type) imports, code that reads the run's database (`inject` of the
 * global setup's templates, TEST_DB_KIND, TEST_DATABASE_URL). The others (PDF parsing, `npm start`, the
 * data dir's lock, pure functions...) open no database of the run: PGlite's run covers them.
 */
const databaseTestFiles = () => {
  const apiSrc = path.join(root, 'apps/api/src');
  const readsDatabase =
    /\b(?:TEST_DB_KIND|TEST_DATABASE_URL|inject\(\s*['"](?:postgresTemplate|pgliteTemplate)['"])/;
  // `import … from './x'`, `export … from './x'`, `import './x'`, `import('./x')`, `vi.mock('./x')`; not `import type`.
  const relativeImport =
    /(?:\b(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?|\bimport\(\s*|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  const resolve = (from, specifier) => {
    const base = path.resolve(path.dirname(from), specifier);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
    if (base.endsWith('.js')) candidates.push(base.replace(/\.js$/, '.ts'));
    return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
  };
  const importsOf = new Map();
  const importsOfFile = (file) => {
    if (!importsOf.has(file)) {
      const source = fs.readFileSync(file, 'utf8');
      const targets = [...source.matchAll(relativeImport)].map(([, specifier]) => resolve(file, specifier));
      importsOf.set(file, { reads: readsDatabase.test(source), targets: targets.filter(Boolean) });
    }
    return importsOf.get(file);
  };
  const reachesDatabase = (testFile) => {
    const seen = new Set([testFile]);
    for (const file of seen) {
      const { reads, targets } = importsOfFile(file);
      if (reads) return true;
      for (const target of targets) seen.add(target);
    }
    return false;
  };
  const testFiles = fs
    .readdirSync(apiSrc, { recursive: true })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(apiSrc, file))
    .sort();
  const withDatabase = testFiles.filter((file) => reachesDatabase(file));
  const relative = (files) => files.map((file) => path.relative(root, file));
  return { all: relative(testFiles), withDatabase: relative(withDatabase) };
};
/**
 * A test runner whose tests its JSON report counts. When it fails and its report counts no failed test (it
 * could not start: a port in use, a crash, a missing report), that failure is recorded as a failed check, so
 * it can never end in "0 failed".
 */
const runner = (label, report, command, args, env) => {
  const ok = run(label, command, args, env);
  if (!ok) {
    const file = path.join(reports, report);
    const counted = fs.existsSync(file) ? summarizeFile(file) : { failed: 0 };
    if (counted.failed === 0) record(`${label}: failed outside its tests`, false);
  }
  return ok;
};
const vitest = (name, args, env) =>
  runner(
    `vitest (${name})`,
    `vitest-${name}.json`,
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=reports/vitest-${name}.json`,
    ],
    env,
  );

for (const project of ['packages/domain', 'apps/api', 'apps/web', 'tsconfig.tools.json']) {
  check(`typecheck ${project}`, 'npx', ['tsc', '-p', project]);
}
check('lint', 'npm', ['run', 'lint', '--silent']);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Debian packages the tests need: Chromium for Playwright, poppler-utils (pdfsig, pdftotext) to verify
// signed contracts with a reader that is not ours.
const packages = [
  [chromium, 'chromium'],
  ['/usr/bin/pdfsig', 'poppler-utils'],
].filter(([file]) => !fs.existsSync(file));
if (packages.length > 0) {
  const names = packages.map(([, name]) => name).join(' ');
  if (process.getuid?.() === 0) {
    run(`apt-get install ${names}`, 'sh', [
      '-c',
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`,
    ]);
  } else {
    console.error(`\nFaltan paquetes de Debian: ${names}. Instálalos con: sudo apt-get install -y ${names}.`);
  }
}
// The compiled API (scripts/api-build.mjs): the tests that start the API as a process run it, as
// `npm start` does. A fresh clone has none; the tests' global setup would make it too, this says so first.
check('build api', 'node', ['scripts/api-build.mjs']);
vitest('pglite', []);
if (process.env.TEST_DATABASE_URL) {
  const { all, withDatabase } = databaseTestFiles();
  const left = all.filter((file) => !withDatabase.includes(file));
  console.log(
    `\nPostgreSQL: ${withDatabase.length} of ${all.length} API test files can reach the run's database; ` +
      `PGlite's run alone covers ${left.join(', ')}.`,
  );
  vitest('postgres', ['--project', 'api', ...withDatabase], { TEST_DB_KIND: 'postgres' });
} else {
  console.log(
    '\nTEST_DATABASE_URL no está definida: las pruebas de la API se han ejecutado solo sobre PGlite.',
  );
}

check('API build made again when stale (node --test)', 'node', ['--test', 'scripts/api-build.test.mjs']);
check('web build in production mode (node --test)', 'node', ['--test', 'scripts/web-build.test.mjs']);
// Built as `npm start` builds it: production mode whatever NODE_ENV the shell has.
if (check('build web', 'npm', ['run', 'build', '--silent'], { NODE_ENV: 'production' })) {
  // The catalogue's first load: ≤ 110 KB gzip of JS, ≤ 20 KB of CSS, no development React.
  check('first-load JS and CSS budget', 'node', ['--import', 'tsx', 'bench/first-load-js.ts']);
  if (fs.existsSync(chromium)) {
    runner('playwright', 'playwright.json', 'npx', ['playwright', 'test'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: 'reports/playwright.json',
    });
  } else {
    record('playwright (no chromium)', false);
  }
}

const { passed, failed, skipped } = summarize();
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
