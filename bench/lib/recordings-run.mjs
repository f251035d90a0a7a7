// Inside `firebase emulators:exec --only auth,firestore,functions,hosting` for bench/recordings.mjs: a 10-minute spoken
// recording uploaded through the API as the browser does on the emulators, attached to its transcript in a built-in
// project and transcribed by the Gemini stand-in in a Gemini project. Lines starting with "│ " are the figures.
import { readFileSync } from 'node:fs';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { makeRecording, scriptOf } from '../../functions/test/support/recordings.mjs';
import { startGeminiStandIn } from '../../test/support/gemini-stand-in.mjs';

const say = (line) => console.log(`│ ${line}`);
const API = 'http://127.0.0.1:5001/demo-verbatim/us-central1/api';
const AUTH = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';
const RUNS = Number(process.env.RECORDINGS_BENCH_RUNS ?? 3);
const SETTLE_MS = 300_000;

// Made (or found in the cache) before the emulated functions are called: making one blocks this process.
const recording = makeRecording({ format: 'm4a', minutes: 10 });
const bytes = readFileSync(recording.path);
const standIn = await startGeminiStandIn({ port: Number(process.env.GEMINI_STAND_IN_PORT), apiKey: process.env.GEMINI_API_KEY });
standIn.registerRecording(scriptOf(recording));
initializeApp({ projectId: 'demo-verbatim' });
const db = getFirestore();

async function call(path, { token, method, json, body } = {}) {
  const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}), ...(body ? { 'content-type': 'application/octet-stream' } : {}) };
  for (let attempt = 1; ; attempt += 1) {
    const res = await fetch(`${API}${path}`, { method: method ?? (json || body ? 'POST' : 'GET'), headers, body: json ? JSON.stringify(json) : body });
    const text = await res.text();
    // The Functions emulator drops the request that woke a new worker on a busy machine: asked again.
    if (res.status >= 500 && attempt < 3) continue;
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
}

async function researcher() {
  const email = `recordings-bench-${Date.now().toString(36)}@example.com`;
  const res = await fetch(`${AUTH}/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-9', returnSecureToken: true }),
  }).then((r) => r.json());
  const profile = await call('/users/createOrUpdate', { token: res.idToken, json: { uid: res.localId, email, name: '' } });
  if (profile.status >= 300) throw new Error(`Sign-up failed: ${profile.status} ${JSON.stringify(profile.body)}`);
  await db.doc(`users/${res.localId}`).update({ creditsRemaining: 100 });
  return { uid: res.localId, token: res.idToken };
}

async function project(token, name, analyser) {
  const res = await call('/projects', { token, json: { name, settings: { analyser } } });
  if (res.status !== 201) throw new Error(`Could not create a project: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.project.id;
}

/**
 * Every state the interview passes through, as its listener sees it: the time each was first seen, and the interview's
 * own fields. Resolves once `done` accepts a state.
 */
function watch(projectId, documentId, done) {
  const seen = [];
  let stop;
  const settled = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Not settled after ${SETTLE_MS / 1000} s: ${JSON.stringify(seen.at(-1)?.data ?? null)}`)), SETTLE_MS);
    stop = db.doc(`projects/${projectId}/documents/${documentId}`).onSnapshot((snap) => {
      const data = snap.data();
      if (!data) return;
      seen.push({ at: Date.now(), data });
      if (done(data)) {
        clearTimeout(timer);
        resolve();
      }
    }, reject);
  });
  return { seen, settled: settled.finally(() => stop?.()) };
}

const ms = (value) => (value && typeof value.toMillis === 'function' ? value.toMillis() : null);
/** When the recording was first seen in `status`, by its own `updatedAt` (else the listener's clock). */
function recordingAt(seen, status) {
  const first = seen.find((s) => s.data.recording?.status === status);
  return first ? ms(first.data.recording.updatedAt) ?? first.at : null;
}
const interviewAt = (seen, status) => {
  const first = seen.find((s) => s.data.status === status);
  return first ? ms(first.data.updatedAt) ?? first.at : null;
};
const seconds = (from, to) => (from !== null && to !== null ? (to - from) / 1000 : null);

/** A recording attached to the interview whose .vtt was uploaded: reserve → bytes → checked → ready. */
async function attached(token, projectId) {
  const vtt = await call(`/projects/${projectId}/documents`, { token, json: { fileName: 'interview.vtt', size: recording.vtt.length } });
  const documentId = vtt.body.document.id;
  await call(`/projects/${projectId}/documents/${documentId}/content`, { token, method: 'PUT', body: recording.vtt });
  const watched = watch(projectId, documentId, (d) => d.recording?.status === 'ready' || d.recording?.status === 'failed');
  const start = Date.now();
  const reserve = await call(`/projects/${projectId}/documents/${documentId}/recording`, { token, json: { fileName: 'interview.m4a', size: bytes.length } });
  if (reserve.status !== 201) throw new Error(`Attach refused: ${JSON.stringify(reserve.body)}`);
  const upload = await call(`/projects/${projectId}/documents/${documentId}/recording/content`, { token, method: 'PUT', body: bytes });
  if (upload.status !== 200) throw new Error(`Attach failed: ${JSON.stringify(upload.body)}`);
  await watched.settled;
  const checking = recordingAt(watched.seen, 'checking');
  const ready = recordingAt(watched.seen, 'ready');
  return { total: seconds(start, ready), upload: seconds(start, checking), checking: seconds(checking, ready) };
}

/** A new interview from the recording, transcribed by the stand-in, then analysed: reserve → … → ready. */
async function transcribed(token, projectId) {
  const start = Date.now();
  const reserve = await call(`/projects/${projectId}/documents`, { token, json: { fileName: 'interview.m4a', size: bytes.length, kind: 'recording', confirmUnredactedSound: true } });
  if (reserve.status !== 201) throw new Error(`Reserve refused: ${JSON.stringify(reserve.body)}`);
  const { documentId } = reserve.body;
  const watched = watch(projectId, documentId, (d) => d.status === 'ready' || d.status === 'failed' || d.status === 'awaiting-roles');
  const upload = await call(`/projects/${projectId}/documents/${documentId}/recording/content`, { token, method: 'PUT', body: bytes });
  if (upload.status !== 202) throw new Error(`Upload failed: ${JSON.stringify(upload.body)}`);
  const queued = Date.now();
  await watched.settled;
  const last = watched.seen.at(-1).data;
  if (last.status !== 'ready') throw new Error(`The interview ended ${last.status}: ${last.error}`);
  const checking = recordingAt(watched.seen, 'checking');
  const claimed = ms(last.recording.transcriptionStartedAt);
  const heard = ms(last.recording.updatedAt);
  const ready = interviewAt(watched.seen, 'ready');
  return {
    total: seconds(start, ready),
    upload: seconds(start, checking),
    checking: seconds(checking, queued),
    queue: seconds(queued, claimed),
    transcription: seconds(claimed, heard),
    analysis: seconds(heard, ready),
    insights: last.analysis?.insightCount ?? 0,
  };
}

const median = (values) => {
  const known = values.filter((v) => v !== null).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)] : null;
};
const fmt = (v) => (v === null ? '—' : `${v.toFixed(1)} s`);

function report(title, rows, phases) {
  say(title);
  rows.forEach((row, i) => say(`  run ${i + 1}: ${fmt(row.total)} (${phases.map((p) => `${p} ${fmt(row[p])}`).join(', ')})`));
  say(`  median: ${fmt(median(rows.map((r) => r.total)))} (${phases.map((p) => `${p} ${fmt(median(rows.map((r) => r[p])))}`).join(', ')})`);
}

const { token } = await researcher();
const mb = (bytes.length / 1024 / 1024).toFixed(1);
say(`A ${(recording.durationSeconds / 60).toFixed(1)}-minute spoken recording (.m4a, AAC 48 kb/s, ${mb} MB), uploaded through the API as the browser does on the emulators; ${RUNS} runs each`);

const builtIn = await project(token, 'Recordings bench, built-in', 'local');
const attachedRuns = [];
for (let i = 0; i < RUNS; i++) attachedRuns.push(await attached(token, builtIn));
report('Attached to its .vtt in a built-in project (from the reserve to `recording.status: ready`):', attachedRuns, ['upload', 'checking']);

const gemini = await project(token, 'Recordings bench, Gemini', 'gemini');
const transcribedRuns = [];
for (let i = 0; i < RUNS; i++) {
  standIn.reset();
  standIn.registerRecording(scriptOf(recording));
  transcribedRuns.push(await transcribed(token, gemini));
}
report(
  'Transcribed by the Gemini stand-in in a Gemini project, then analysed by it (from the reserve to the interview `ready`):',
  transcribedRuns,
  ['upload', 'checking', 'queue', 'transcription', 'analysis'],
);
say(`  (the stand-in answers at once: real Gemini adds its own time to "transcription" and "analysis"; insights ${transcribedRuns.map((r) => r.insights).join(', ')})`);
await standIn.close();
process.exit(0);
