// Inside `firebase emulators:exec` with the demo data (see bench/load.mjs).
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { root } from './support.mjs';

const seconds = Number(process.env.LOAD_SECONDS ?? 10);
// The Functions emulator starts a worker process per concurrent request: a few connections measure the code, not cold starts.
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 4);
const HOSTING = 'http://127.0.0.1:5000';
const FUNCTION = 'http://127.0.0.1:5001/demo-verbatim/us-central1/api';
const say = (line) => console.log(`│ ${line}`);
const demo = JSON.parse(readFileSync(`${root}/scripts/demo-login.json`, 'utf8'));

// The demo researcher signs in (Auth emulator) and turns the summary link of the demo project on.
const signIn = await fetch('http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: demo.email, password: demo.password, returnSecureToken: true }),
}).then((r) => r.json());
const token = signIn.idToken;
if (!token) throw new Error(`Demo sign-in failed: ${JSON.stringify(signIn)}`);
const auth = { authorization: `Bearer ${token}` };
const list = await fetch(`http://127.0.0.1:8080/v1/projects/demo-verbatim/databases/(default)/documents:runQuery`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
  body: JSON.stringify({
    structuredQuery: {
      from: [{ collectionId: 'projects' }],
      where: { fieldFilter: { field: { fieldPath: 'ownerId' }, op: 'EQUAL', value: { stringValue: signIn.localId } } },
      limit: 1,
    },
  }),
}).then((r) => r.json());
const projectId = list[0]?.document?.name?.split('/').pop();
if (!projectId) throw new Error('No demo project in the emulator data.');
const share = await fetch(`${FUNCTION}/projects/${projectId}/shares/summary`, {
  method: 'PUT',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify({ enabled: true }),
}).then((r) => r.json());
const shareToken = share.link?.token;
if (!shareToken) throw new Error(`Could not turn the share link on: ${JSON.stringify(share)}`);
// The public view is built by a trigger: wait until it answers.
for (let i = 0; i < 60; i++) {
  const res = await fetch(`${HOSTING}/api/public/summary/${shareToken}`);
  if (res.status === 200) break;
  await new Promise((r) => setTimeout(r, 500));
}

function run(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: seconds, connections: CONNECTIONS, pipelining: 1, ...options }, (err, r) => {
      if (err) return reject(err);
      const codes = Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => `${code}×${s.count}`).join(', ');
      say(
        `${title}: ${Math.round(r.requests.average)} requests/s (${r.requests.total} in ${seconds} s, ${CONNECTIONS} connections), ` +
          `latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms; answers ${codes}${r.errors ? `; ${r.errors} errors` : ''}${r.timeouts ? `; ${r.timeouts} timeouts` : ''}`,
      );
      resolve(r);
    });
  });
}

// On the emulators every caller is one visitor (the function sees no address); bench/load.mjs lifts the public pages'
// limits for this run, so these figures are the endpoint's, not the limit's.
const gzip = { 'accept-encoding': 'gzip' };
await run('Public summary through Hosting', { url: `${HOSTING}/api/public/summary/${shareToken}`, headers: gzip });
await run('Public summary straight to the function', { url: `${FUNCTION}/public/summary/${shareToken}`, headers: gzip });
await run('GET /users/me, signed in, straight to the function', { url: `${FUNCTION}/users/me`, headers: auth });
say('All on one machine through the local emulators (single function instance, no network): relative figures, not production capacity.');
