// Inside `firebase emulators:exec` with the demo data (see bench/reliability.mjs): one account's burst of 100 requests
// at once through Hosting, as `npm start` serves them (40 new projects, 60 new interviews), and another account's new
// project sent 0.2 s into it. Twice: after the warm-up npm start makes (the `api` function's processes started, the
// triggers' not yet), then again. BENCH_COLD=1 skips the warm-up: every process starts under the burst.
import { emulatorParallel, warmApiProcesses } from '../../scripts/warm-functions.mjs';
const AUTH = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';
const API = 'http://127.0.0.1:5000/api';
const say = (line) => console.log(`│ ${line}`);

async function signUp(tag) {
  const res = await fetch(`${AUTH}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`, password: 'correct-horse-9', returnSecureToken: true }),
  }).then((r) => r.json());
  if (!res.idToken) throw new Error(`Sign-up failed: ${JSON.stringify(res)}`);
  return res.idToken;
}

/** Status (or 'no answer'), Retry-After, the body, its error message and how long it took. */
async function call(token, path, json) {
  const started = Date.now();
  try {
    const res = await fetch(`${API}${path}`, {
      method: json ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Hosting's own timeout answers in plain text
    }
    const message = body?.error?.message ?? (body ? '' : text.slice(0, 80));
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body, message, ms: Date.now() - started };
  } catch (err) {
    return { status: 'no answer', retryAfter: null, body: null, message: String(err), ms: Date.now() - started };
  }
}

async function account(tag) {
  const token = await signUp(tag);
  const me = await call(token, '/users/me');
  if (me.status !== 200) throw new Error(`Profile of ${tag}: ${me.status} ${me.message}`);
  return token;
}

async function burst(title) {
  const [bursting, other] = [await account('burst'), await account('other')];
  const target = await call(bursting, '/projects', { name: 'Target' });
  if (target.status !== 201) throw new Error(`Project: ${target.status} ${target.message}`);
  const projectId = target.body.project.id;
  const started = Date.now();
  const requests = [
    ...Array.from({ length: 40 }, (_, i) => call(bursting, '/projects', { name: `Burst ${i}` })),
    ...Array.from({ length: 60 }, (_, i) => call(bursting, `/projects/${projectId}/documents`, { fileName: `interview-${i}.txt`, size: 1000 })),
  ];
  await new Promise((resolve) => setTimeout(resolve, 200));
  const neighbour = await call(other, '/projects', { name: 'Mine' });
  const answers = await Promise.all(requests);
  const wall = Date.now() - started;
  const admitted = answers.filter((a) => typeof a.status === 'number' && a.status < 300).length;
  const refused = answers.filter((a) => a.status === 429);
  const busy = refused.filter((a) => /too many requests under way/.test(a.message)).length;
  const withRetryAfter = refused.filter((a) => a.retryAfter).length;
  const failed = answers.filter((a) => a.status !== 429 && !(typeof a.status === 'number' && a.status < 300));
  const failures = [...new Set(failed.map((a) => `${a.status}`))].join(', ');
  say(
    `${title}: 100 at once from one account → ${admitted} admitted, ${refused.length} refused with 429 (${busy} too many at once, ` +
      `${refused.length - busy} over a quota; ${withRetryAfter} with Retry-After), ${failed.length} failed${failures ? ` (${failures})` : ''}; ` +
      `all answered in ${(wall / 1000).toFixed(1)} s (slowest ${(Math.max(...answers.map((a) => a.ms)) / 1000).toFixed(1)} s)`,
  );
  say(`${title}: another account's new project, sent 0.2 s into the burst → ${neighbour.status} in ${(neighbour.ms / 1000).toFixed(2)} s (goal < 2 s)`);
}

const cold = process.env.BENCH_COLD === '1';
if (!cold) await warmApiProcesses(emulatorParallel());
await burst(cold ? 'Fresh emulators, no warm-up' : 'First burst after the warm-up');
await burst('Again');
say(`Functions emulator: one request per process, at most ${emulatorParallel()} at once (FUNCTIONS_EMULATOR_PARALLEL, as npm start sets it).`);
