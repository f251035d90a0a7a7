// Parsing at the upload limit: for every supported format, generated worst-case files of up to 20 MB (many tiny cues
// or turns, one giant line, many distinct speakers; see lib/worst-case-transcripts.mjs), each parsed once with the
// COMPILED parser in a fresh process. Prints wall and CPU seconds, MB/s and peak memory per file, then the slowest
// file per format. Goal: every file ≤ 5 s. On a shared machine wall time also counts the other processes; CPU time
// is the parse's own.
//
//   npm run bench -- parse          (builds first; also runs parse-throughput on the real fixtures)
//   node bench/parse-limits.mjs [format…]   (after `npm run build -w functions`; e.g. `vtt srt`)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireCompiled } from './lib/support.mjs';
import { worstCases } from './lib/worst-case-transcripts.mjs';

const GOAL_SECONDS = 5;
/** A parse still running after this long is stopped and reported as such. */
const TIMEOUT_MS = 180_000;
const [{ MAX_UPLOAD_BYTES }, { MAX_DOCX_MARKUP_BYTES }, { MAX_TOTAL_UNCOMPRESSED }, { MAX_PDF_CONTENT_BYTES }] = requireCompiled(
  'parsers/index.js',
  'parsers/docx-parser.js',
  'parsers/zip-guard.js',
  'parsers/pdf-streams.js',
);
const only = process.argv.slice(2);
const cases = worstCases({
  limit: MAX_UPLOAD_BYTES,
  docxXmlLimit: MAX_DOCX_MARKUP_BYTES - 4096,
  docxInflateLimit: MAX_TOTAL_UNCOMPRESSED - 1024 * 1024,
  pdfContentLimit: MAX_PDF_CONTENT_BYTES - 64 * 1024,
}).filter((c) => only.length === 0 || only.includes(c.format));
const child = fileURLToPath(new URL('./lib/parse-one.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'verbatim-parse-bench-'));

const MB = 1024 * 1024;
const fmt = (n, digits) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.log(
  `Parsing worst-case files at the ${MAX_UPLOAD_BYTES / MB} MB upload limit (one run each in a fresh process, Node ${process.version}, ` +
    `load average ${loadavg()[0].toFixed(1)}; goal ≤ ${GOAL_SECONDS} s)`,
);
const header = `${'format'.padEnd(6)}  ${'shape'.padEnd(22)}  ${'MB'.padStart(5)}  ${'wall s'.padStart(6)}  ${'CPU s'.padStart(6)}  ${'MB/s'.padStart(5)}  ${'peak MB'.padStart(7)}  outcome`;
console.log(header);
console.log('-'.repeat(header.length + 50));

const slowest = new Map();
let over = 0;
try {
  for (const c of cases) {
    const bytes = await c.bytes();
    const path = join(scratch, c.fileName);
    writeFileSync(path, bytes);
    let result;
    try {
      result = JSON.parse(execFileSync(process.execPath, [child, path, c.fileName], { encoding: 'utf8', maxBuffer: 1 << 20, timeout: TIMEOUT_MS, stdio: ['ignore', 'pipe', 'ignore'] }));
    } catch (error) {
      // Out of time or out of memory: the worst outcome a parse can have.
      const why = error.signal === 'SIGTERM' ? `stopped after ${TIMEOUT_MS / 1000} s` : `crashed (${error.signal ?? `exit ${error.status}`}, out of memory?)`;
      result = { seconds: Number.NaN, cpuSeconds: Number.NaN, peakMB: Number.NaN, outcome: why };
    }
    const rate = bytes.byteLength / MB / result.seconds;
    if (!(result.seconds <= GOAL_SECONDS)) over++;
    const worst = slowest.get(c.format);
    if (!worst || !(result.seconds <= worst.seconds)) slowest.set(c.format, { ...result, rate, shape: c.shape });
    console.log(
      `${c.format.padEnd(6)}  ${c.shape.padEnd(22)}  ${fmt(bytes.byteLength / MB, 1).padStart(5)}  ${fmt(result.seconds, 2).padStart(6)}  ` +
        `${fmt(result.cpuSeconds, 2).padStart(6)}  ${fmt(rate, 1).padStart(5)}  ${fmt(result.peakMB, 0).padStart(7)}  ` +
        `${result.seconds <= GOAL_SECONDS ? '' : 'OVER GOAL '}${result.outcome.slice(0, 90)}`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log('\nSlowest file per format (MB/s, wall and CPU seconds):');
for (const [format, { rate, seconds, cpuSeconds, shape }] of slowest) {
  console.log(
    `  ${format.padEnd(5)} ${fmt(rate, 1).padStart(5)} MB/s  ${fmt(seconds, 2).padStart(6)} s wall  ${fmt(cpuSeconds, 2).padStart(6)} s CPU  (${shape})${seconds <= GOAL_SECONDS ? '' : `  over ${GOAL_SECONDS} s`}`,
  );
}
if (over > 0) {
  console.log(`\n${over} file(s) over the ${GOAL_SECONDS} s goal.`);
  process.exitCode = 1;
}
