// Adds up the vitest JSON reports of every suite and prints one closing line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const suiteFailed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
  passed += report.numPassedTests;
  failed += suiteFailed;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  rows.push(`  ${file.replace(/\.json$/, '').padEnd(12)} ${report.numPassedTests} passed, ${suiteFailed} failed`);
}
console.log(`\nTest suites:\n${rows.join('\n')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
