import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// No secret in the repository, and none in the browser bundle: keys of the services we use (and the usual
// others) by their published formats. The stand-ins' fake keys (sk_test_standin, whsec_test, test-api-key)
// are named in the tests on purpose and match none of these formats.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const PATTERNS: Array<[string, RegExp]> = [
  ['Google API key', /AIza[0-9A-Za-z_-]{35}/],
  ['Stripe live secret key', /\b[sr]k_live_[0-9A-Za-z]{16,}/],
  ['Stripe test secret key', /\bsk_test_[0-9A-Za-z]{20,}/],
  ['Stripe webhook secret', /\bwhsec_[0-9A-Za-z]{24,}/],
  ['private key', /-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----/],
  ['service account JSON', /"type":\s*"service_account"/],
  ['AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
  ['GitHub token', /\bgh[pousr]_[0-9A-Za-z]{36}\b/],
  ['Slack token', /\bxox[baprs]-[0-9A-Za-z-]{10,}/],
  ['OAuth client secret', /\bGOCSPX-[0-9A-Za-z_-]{20,}/],
];
// Server-side setting names whose values must never be built into the web bundle.
const SERVER_ONLY = ['GEMINI_API_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];

let scanned = 0;
function findings(path: string, text: string): string[] {
  scanned++;
  return PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([name]) => `${relative(ROOT, path)}: ${name}`);
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

afterAll(() => console.log(`Secrets scan: ${scanned} files, 0 secrets`));

describe('secrets', () => {
  it('none in the repository’s tracked files', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const path = join(ROOT, file);
      if (!existsSync(path) || statSync(path).size > 5 * 1024 * 1024) return [];
      return findings(path, readFileSync(path, 'latin1'));
    });
    expect(found).toEqual([]);
  });

  it('none in the built web bundle, and no server setting named in it', () => {
    const dist = join(ROOT, 'web/dist');
    expect(existsSync(join(dist, 'index.html')), 'build the web app first (npm test does)').toBe(true);
    const files = walk(dist).filter((f) => /\.(js|html|css|json|map)$/.test(f));
    const found = files.flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      return [...findings(path, text), ...SERVER_ONLY.filter((name) => text.includes(name)).map((name) => `${relative(ROOT, path)}: names ${name}`)];
    });
    expect(found).toEqual([]);
  });

  it('the scan finds what it looks for', () => {
    // A fake of each format, assembled here so that no file holds one.
    const samples = ['AIza' + 'x'.repeat(35), 'sk_' + 'live_' + 'a'.repeat(24), 'whsec_' + 'b'.repeat(32), '-----BEGIN ' + 'PRIVATE KEY-----', 'GOCSPX-' + 'c'.repeat(28)];
    for (const sample of samples) expect(PATTERNS.some(([, p]) => p.test(sample)), sample).toBe(true);
  });
});
