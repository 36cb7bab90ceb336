// Sums the JSON reports of every runner under reports/ into one line: "N passed, N failed, N skipped".
// Used by `npm test` and by .ci/run. Exits 1 when something failed or no test ran.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const reports = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../reports');

/** The passed, failed and skipped counts of one runner's JSON report. */
export function summarizeFile(file) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    total.passed += report.stats.expected + report.stats.flaky;
    total.failed += report.stats.unexpected;
    total.skipped += report.stats.skipped;
  } else if ('numPassedTests' in report) {
    // Vitest (jest-compatible JSON); a file that failed to load counts as a failure
    total.passed += report.numPassedTests;
    total.failed +=
      report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0);
    total.skipped += report.numPendingTests + report.numTodoTests;
  } else if ('checks' in report) {
    // scripts/test.mjs's own steps (typecheck, lint, build, a runner that failed outside its tests)
    for (const check of report.checks) total[check.ok ? 'passed' : 'failed'] += 1;
  }
  return total;
}

export function summarize() {
  const total = { passed: 0, failed: 0, skipped: 0 };
  if (!fs.existsSync(reports)) return total;
  for (const name of fs
    .readdirSync(reports)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const counts = summarizeFile(path.join(reports, name));
    for (const key of Object.keys(total)) total[key] += counts[key];
  }
  return total;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { passed, failed, skipped } = summarize();
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}
