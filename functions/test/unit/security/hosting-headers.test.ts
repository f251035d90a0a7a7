/**
 * Hosting's response headers as deployed (firebase.json): every page, asset and API answer carries the security
 * headers, and the policy names no emulator or loopback address (those are added only to the emulators' variant,
 * scripts/emulator-config.mjs). e2e/security-headers.test.ts checks them as the Hosting emulator serves them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withEmulatorAddresses, type FirebaseConfig } from '../../../../scripts/emulator-config.mjs';

type Rule = NonNullable<NonNullable<FirebaseConfig['hosting']>['headers']>[number];

const deployed = JSON.parse(readFileSync(new URL('../../../../firebase.json', import.meta.url), 'utf8')) as FirebaseConfig & { hosting: { headers: Rule[] } };

/** Whether a rule applies to `path`, as Hosting matches it (the glob forms firebase.json uses, or a regular expression). */
function applies(rule: Rule, path: string): boolean {
  if (rule.regex !== undefined) return new RegExp(rule.regex, 'u').test(path);
  if (rule.source === '**') return true;
  if (rule.source?.endsWith('/**')) return path.startsWith(rule.source.slice(0, -2));
  throw new Error(`A source this test cannot read: ${rule.source}`);
}

/** The headers Hosting sends for `path` (a later rule's value wins), by lower-case name. */
function headersFor(config: { hosting: { headers: Rule[] } }, path: string): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const rule of config.hosting.headers.filter((r) => applies(r, path))) for (const { key, value } of rule.headers) sent[key.toLowerCase()] = value;
  return sent;
}

/** The policy's directives by name. */
const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));

const APP_PATHS = ['/', '/login', '/projects/p1/interviews', '/public/summary/abc123', '/assets/index-3f9a.js', '/api/capabilities', '/_x'];
const EMULATOR_ADDRESS = /127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0|http:\/\/|:(?:4000|4400|5000|5001|8080|8085|9000|9099|9150|9199|9299|9313)\b/;

describe('Hosting headers as deployed', () => {
  it('every page, asset and API answer carries the security headers', () => {
    for (const path of APP_PATHS) {
      const sent = headersFor(deployed, path);
      expect(sent['strict-transport-security'], path).toBe('max-age=63072000; includeSubDomains; preload');
      expect(sent['x-content-type-options'], path).toBe('nosniff');
      expect(sent['referrer-policy'], path).toBe('strict-origin');
      expect(sent['x-frame-options'], path).toBe('DENY');
      expect(sent['cross-origin-opener-policy'], path).toBe('same-origin-allow-popups');
      expect(sent['cross-origin-resource-policy'], path).toBe('same-origin');
      const allowed = Object.fromEntries(sent['permissions-policy'].split(',').map((p) => p.trim().split('=')));
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'display-capture']) expect(allowed[feature], `${path} ${feature}`).toBe('()');
      const csp = directives(sent['content-security-policy']);
      expect(csp['frame-ancestors'], path).toEqual(["'none'"]);
      expect(csp['object-src'], path).toEqual(["'none'"]);
      expect(csp['default-src'], path).toEqual(["'self'"]);
    }
  });

  it('plays recordings from our origin, Cloud Storage’s signed links, and a file the researcher picked (its length read before upload)', () => {
    for (const path of APP_PATHS) {
      const csp = directives(headersFor(deployed, path)['content-security-policy']);
      expect(csp['media-src'], path).toEqual(["'self'", 'blob:', 'https://storage.googleapis.com']);
    }
  });

  it('names no emulator or loopback address anywhere in its headers', () => {
    for (const rule of deployed.hosting.headers) for (const { key, value } of rule.headers) expect(value, key).not.toMatch(EMULATOR_ADDRESS);
  });

  it('leaves Firebase’s reserved pages (/__/auth/handler, the sign-in popup and its frame) their own framing and opener policy', () => {
    for (const path of ['/__/auth/handler', '/__/auth/iframe', '/__/firebase/init.json']) {
      const sent = headersFor(deployed, path);
      expect(Object.keys(sent).sort(), path).toEqual(['permissions-policy', 'referrer-policy', 'strict-transport-security', 'x-content-type-options']);
    }
  });
});

describe('the emulators’ variant (scripts/emulator-config.mjs)', () => {
  const variant = withEmulatorAddresses(deployed);

  it('adds the Auth, Firestore and Storage emulators to the policy (recordings play from Storage), and nothing else changes', () => {
    const csp = directives(headersFor(variant, '/')['content-security-policy']);
    const deployedCsp = directives(headersFor(deployed, '/')['content-security-policy']);
    const emulators = ['http://127.0.0.1:9099', 'http://localhost:9099', 'http://127.0.0.1:8080', 'http://localhost:8080', 'http://127.0.0.1:9199', 'http://localhost:9199'];
    expect(csp['connect-src']).toEqual([...deployedCsp['connect-src'], ...emulators]);
    expect(csp['frame-src']).toEqual([...deployedCsp['frame-src'], 'http://127.0.0.1:9099', 'http://localhost:9099']);
    expect(csp['media-src']).toEqual([...deployedCsp['media-src'], 'http://127.0.0.1:9199', 'http://localhost:9199']);
    const rest = { 'connect-src': [], 'frame-src': [], 'media-src': [] };
    expect({ ...csp, ...rest }).toEqual({ ...deployedCsp, ...rest });
    const withoutPolicy = (config: typeof deployed) =>
      JSON.stringify({ ...config, hosting: { ...config.hosting, headers: config.hosting.headers.map((r) => ({ ...r, headers: r.headers.filter((h) => h.key !== 'Content-Security-Policy') })) } });
    expect(withoutPolicy(variant)).toBe(withoutPolicy(deployed));
  });
});
