// Adds up the vitest JSON reports of every run and prints one closing line, after the name and first error line of
// each failed test (so the end of a CI log says what failed), and the count per suite (a suite is known by its folder:
// one run may hold several suites).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Usage: summarize-tests.mjs <dir> [expected report names…]: a run that wrote no report counts as a failure.
const [dir, ...expected] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const SUITES = [
  ['contract/', 'unit (contract)'],
  ['functions/test/unit/', 'unit (server)'],
  ['functions/test/render/', 'rendered exports'],
  ['web/', 'unit (web)'],
  ['test/rules/', 'rules'],
  ['functions/test/pipeline/', 'pipeline'],
  ['functions/test/integration/', 'integration'],
  ['e2e/', 'browser'],
];
const suiteOf = (where) => SUITES.find(([folder]) => where.startsWith(folder))?.[1] ?? 'other';
/** Per suite: passed and failed tests. */
const counts = new Map(SUITES.map(([, name]) => [name, { passed: 0, failed: 0 }]));
const failures = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const suiteFailed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  passed += report.numPassedTests;
  failed += suiteFailed;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const result of report.testResults ?? []) {
    const where = result.name.replace(`${process.cwd()}/`, '');
    const suite = counts.get(suiteOf(where)) ?? counts.set('other', { passed: 0, failed: 0 }).get('other');
    suite.passed += (result.assertionResults ?? []).filter((t) => t.status === 'passed').length;
    suite.failed += (result.assertionResults ?? []).filter((t) => t.status === 'failed').length;
    for (const test of result.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const reason = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failures.push(`  ✗ ${where} › ${test.fullName ?? test.title}${reason ? `\n      ${reason}` : ''}`);
    }
    if (result.status === 'failed' && (result.assertionResults ?? []).every((t) => t.status !== 'failed')) {
      suite.failed += 1;
      failures.push(`  ✗ ${where}: ${String(result.message ?? 'failed to run').split('\n')[0].slice(0, 300)}`);
    }
  }
}
for (const name of expected) {
  if (!readdirSync(dir).includes(`${name}.json`)) {
    failed += 1;
    failures.push(`  ✗ the ${name} run wrote no report (see ${join(dir, `${name}.out`)})`);
  }
}
const rows = [...counts].filter(([, c]) => c.passed + c.failed > 0).map(([name, c]) => `  ${name.padEnd(16)} ${c.passed} passed, ${c.failed} failed`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\nTest suites:\n${rows.join('\n')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
