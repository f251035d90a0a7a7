// Adds up the vitest JSON reports of every suite and prints one closing line, after the name and first error line of
// each failed test (so the end of a CI log says what failed).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
const failures = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const suiteFailed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  passed += report.numPassedTests;
  failed += suiteFailed;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const result of report.testResults ?? []) {
    const where = result.name.replace(`${process.cwd()}/`, '');
    for (const test of result.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const reason = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failures.push(`  ✗ ${where} › ${test.fullName ?? test.title}${reason ? `\n      ${reason}` : ''}`);
    }
    if (result.status === 'failed' && (result.assertionResults ?? []).every((t) => t.status !== 'failed')) {
      failures.push(`  ✗ ${where}: ${String(result.message ?? 'failed to run').split('\n')[0].slice(0, 300)}`);
    }
  }
  rows.push(`  ${file.replace(/\.json$/, '').padEnd(12)} ${report.numPassedTests} passed, ${suiteFailed} failed`);
}
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\nTest suites:\n${rows.join('\n')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
