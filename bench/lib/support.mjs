// Shared by the benchmarks: the repository root, the compiled functions code, the fixture list
// and a validated numeric argument.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const fixtures = join(root, 'functions/test/fixtures/transcripts');
const require = createRequire(import.meta.url);

/** Loads compiled modules from functions/lib/analysis (build: npm run build -w functions). */
export function requireCompiled(...modules) {
  return modules.map((module) => {
    const path = join(root, 'functions/lib/analysis', module);
    if (!existsSync(path)) {
      console.error(`No compiled code at ${relative(root, path)}; build it first: npm run build -w functions`);
      process.exit(1);
    }
    return require(path);
  });
}

/** A non-negative integer from argv[2] or an environment variable, else the default. */
export function integerArg(envName, fallback, { min = 1, what = 'value' } = {}) {
  const raw = process.argv[2] ?? process.env[envName] ?? String(fallback);
  const value = Number.parseInt(raw, 10);
  if (!Number.isInteger(value) || value < min) {
    console.error(`The ${what} must be an integer ≥ ${min}, got "${raw}".`);
    process.exit(2);
  }
  return value;
}

const TRANSCRIPT_FILE = /\.(txt|md|docx|pdf|vtt|srt|sub)$/i;

/** Every numbered transcript fixture (derived/ included, LICENSES/ left out), sorted. */
export function listFixtures(dir = fixtures) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'LICENSES' ? [] : listFixtures(path);
      return TRANSCRIPT_FILE.test(name) && /^\d/.test(name) ? [path] : [];
    });
}
