// Writes test/file-durations.json from the last `npm test`'s vitest reports (.cache/test-results/*.json): each test
// file's time in seconds, read by test/support/slowest-first.ts to start the slowest files first. Run it after a full
// `npm test` (or `npm run test:time`) when files were added or their times changed much.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const results = process.argv[2] ?? '.cache/test-results';
const durations = {};
for (const file of readdirSync(results).filter((f) => f.endsWith('.json'))) {
  for (const result of JSON.parse(readFileSync(join(results, file), 'utf8')).testResults ?? []) {
    durations[relative(process.cwd(), result.name)] = Math.round((result.endTime - result.startTime) / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync('test/file-durations.json', `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`test/file-durations.json: ${Object.keys(sorted).length} files`);
