// Who a visitor is, per request: what finding the visitor and front-end keys (functions/src/api/client-address.ts)
// costs for the X-Forwarded-For chains each setup builds, and for the longest one a caller could make the walk follow.
// Uses the COMPILED code (npm run build -w functions). Prints microseconds per request.
//
//   node bench/visitor-address.mjs [iterations, default 200000]
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { integerArg, root } from './lib/support.mjs';

const require = createRequire(import.meta.url);
const { callerKeys, TrustedProxies } = require(join(root, 'functions/lib/api/client-address.js'));
const { readServerLimits } = require(join(root, 'functions/lib/config/server-limits.js'));
const iterations = integerArg('BENCH_ITERATIONS', 200_000, { what: 'number of iterations' });
const trusted = new TrustedProxies(readServerLimits({}).trustedProxies);

const GOOGLE = '169.254.8.1';
// Firebase Hosting's Fastly service in Fastly-FF, as an edge and its shield write it (config/trusted-proxies.ts).
const HOSTING = 's48hDkrIORDrAz3sjuyh5gIWcInqIjSROZ47KAY+w/I=';
const hostingFF = (nodes) => Array.from({ length: nodes }, (_, i) => `${HOSTING}!LHR!cache-lhr700${i}-LHR`).join(', ');
// Cloud Run takes request headers up to 64 KiB: a header of Fastly addresses that long, sent from Fastly itself.
const longest = Array.from({ length: Math.floor(65_536 / 16) }, (_, i) => `151.101.${(i >> 8) & 255}.${i & 255}`).join(', ');
const shapes = [
  ['behind Hosting (IPv4 visitor, Fastly edge)', '203.0.113.9, 198.51.100.7, 151.101.66.1', GOOGLE, hostingFF(1)],
  ['behind Hosting (IPv6 visitor, Fastly IPv6 edge)', '2001:db8:7:7::1, 2a04:4e42:200::313', GOOGLE, hostingFF(1)],
  ['behind Hosting with a shield (edge and shield)', '198.51.100.7, 151.101.66.1, 151.101.2.9', GOOGLE, hostingFF(2)],
  ["the function's own URL, 5 forged entries", '10.0.0.1, 10.0.0.2, 10.0.0.3, 10.0.0.4, 10.0.0.5, 198.51.100.7', GOOGLE, undefined],
  ['the emulators (local socket, forged entries)', '10.0.0.1, 151.101.66.1', undefined, undefined],
  [`a caller on Fastly, ${longest.split(',').length} Fastly entries (64 KiB), 64 KiB of Hosting's Fastly-FF`, longest, GOOGLE, hostingFF(1_000)],
];
for (const [title, header, socket, fastlyFF] of shapes) {
  const n = header.length > 1_000 ? Math.max(1, Math.floor(iterations / 1_000)) : iterations;
  for (let i = 0; i < Math.min(n, 1_000); i++) callerKeys(header, socket, trusted, fastlyFF); // warm-up
  const start = performance.now();
  for (let i = 0; i < n; i++) callerKeys(header, socket, trusted, fastlyFF);
  const micros = ((performance.now() - start) * 1_000) / n;
  console.log(`${title}: ${micros.toFixed(2)} µs a request (${n} runs)`);
}
