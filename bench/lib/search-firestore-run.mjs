// Search on a cold instance, Firestore reads included (run by bench/search.mjs inside
// `firebase emulators:exec --only firestore`). Seeds two accounts into the emulator as the app stores them — projects,
// ready interviews and each interview's stored search data (what its analysis writes) — then, in a new process per
// account and run, runs the same code a cold `api` instance runs on its first search (`currentAccountIndex`, word
// vectors loading meanwhile: each project's pack with its interview count and latest change, else its interviews,
// insights and stored data one query each; decoded and merged) and a first query. Each account is measured
// BENCH_COLD_RUNS times without project packs (deleted before each run; the run writes them) and as many times with
// them; min and median are printed, with the machine's load.
// Lines starting with "│ " are the figures; bench/search.mjs prints only those. BENCH_CPU_PROF=<dir> writes a CPU
// profile of each cold process there.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { corpus, interview } from './search-account.mjs';
import { root } from './support.mjs';

const require = createRequire(join(root, 'functions/lib/index.js'));
const lib = (m) => require(join(root, 'functions/lib', m));
const { initializeApp } = require('firebase-admin/app');
const { getFirestore } = require('firebase-admin/firestore');

const WORDS = Number(process.env.BENCH_WORDS ?? 5000);
const INTERVIEWS = Number(process.env.BENCH_INTERVIEWS ?? 500);
/** Interviews per project: a researcher's account is many projects, each read with its own queries. */
const PER_PROJECT = 50;
const say = (line) => console.log(`│ ${line}`);

initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-verbatim' });
const db = getFirestore();

if (process.argv[2] === 'cold') {
  // A new process, as a new instance: nothing loaded, nothing cached.
  const uid = process.argv[3];
  const { currentAccountIndex, pendingPackWrites } = lib('search/account-index.js');
  const cpu0 = process.cpuUsage();
  // The word vectors load inside, beside the first reads, as on a new instance.
  const t1 = performance.now();
  const account = await currentAccountIndex(db, uid);
  const indexMs = performance.now() - t1;
  const t2 = performance.now();
  const hits = account.index.search('trust in the data').length;
  const queryMs = performance.now() - t2;
  const cpu = process.cpuUsage(cpu0);
  await pendingPackWrites(); // packs written by a search that found none (it does not wait for them)
  console.log(JSON.stringify({ indexMs, queryMs, hits, entries: account.index.size, cpuMs: (cpu.user + cpu.system) / 1000 }));
  process.exit(0);
}

/** Writes an account of `count` interviews (projects of PER_PROJECT) with their stored search data. */
async function seedAccount(uid, count, turns, vectors) {
  const { passageEntries } = lib('search/search-entries.js');
  const { encodePassages, preparePassages } = lib('search/stored-passages.js');
  const { chunkDocument, chunkId, passageGroup, passageSource, SEARCH_DATA } = lib('search/passage-store.js');
  let bytes = 0;
  const createdAt = new Date(Date.UTC(2026, 9, 1));
  for (let p = 0; p * PER_PROJECT < count; p++) {
    const projectId = `${uid}-p${p}`;
    const project = db.collection('projects').doc(projectId);
    await project.set({ ownerId: uid, name: `Study ${p + 1}`, createdAt, updatedAt: createdAt, counts: { documents: 0, parsed: 0, failed: 0, words: 0 } });
    const writer = db.bulkWriter();
    for (let k = p * PER_PROJECT; k < Math.min(count, (p + 1) * PER_PROJECT); k++) {
      const documentId = `d${k}`;
      const iv = interview(turns, k, WORDS);
      const participant = `Participant ${k}`;
      const speakers = [
        { label: 'Interviewer', role: 'interviewer', aliases: [], turnCount: 0, wordCount: 0 },
        { label: participant, role: 'participant', aliases: [], turnCount: 0, wordCount: 0 },
      ];
      const doc = { projectId, ownerId: uid, name: `Interview ${k + 1}`, fileName: `interview-${k + 1}.txt`, format: 'txt', size: iv.text.length, status: 'ready', progress: 1, speakers, wordCount: iv.text.split(/\s+/).length, turnCount: iv.turns.length, language: 'en', creditSpent: true, createdAt, updatedAt: createdAt };
      const entries = passageEntries({ projectId, documentId, text: iv.text, turns: iv.turns, timeMarks: [], participants: new Set([participant]) });
      const source = passageSource({ ...doc, createdAt });
      const chunks = encodePassages(preparePassages(passageGroup(projectId, documentId), entries, vectors), iv.text, ['Interviewer', participant], source, vectors);
      writer.set(project.collection('documents').doc(documentId), doc);
      for (const chunk of chunks) {
        for (const value of Object.values(chunk)) bytes += value instanceof Uint8Array ? value.byteLength : typeof value === 'string' ? Buffer.byteLength(value) : 0;
        writer.set(project.collection('documents').doc(documentId).collection(SEARCH_DATA).doc(chunkId(chunk.chunk)), chunkDocument(chunk, { ownerId: uid, projectId, documentId }));
      }
    }
    await writer.close();
  }
  return bytes;
}

const { loadWordVectors } = lib('analysis/meaning/index.js');
const vectors = await loadWordVectors();
const turns = await corpus();
const SMALL = Math.min(70, INTERVIEWS);
const accounts = [...new Set([SMALL, INTERVIEWS])].map((count) => ({ uid: `bench-${count}`, count }));
for (const a of accounts) {
  const t = performance.now();
  a.bytes = await seedAccount(a.uid, a.count, turns, vectors);
  a.seedMs = performance.now() - t;
}
const here = fileURLToPath(import.meta.url);
/** Cold runs per account (a new process each); BENCH_COLD_RUNS changes it. */
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 5);
const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)];
const seconds = (v) => (v / 1000).toFixed(2);
/** Deletes the account's project packs: its next cold search reads every interview one by one (and packs them). */
async function dropPacks(a) {
  const { SEARCH_PACK } = lib('search/pack-store.js');
  const projects = await db.collection('projects').where('ownerId', '==', a.uid).get();
  await Promise.all(projects.docs.map((p) => db.recursiveDelete(p.ref.collection(SEARCH_PACK))));
}

function coldRun(a) {
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  return JSON.parse(execFileSync(process.execPath, [...prof, here, 'cold', a.uid], { encoding: 'utf8', env: process.env }).trim().split('\n').at(-1));
}

for (const a of accounts) {
  for (const packed of [false, true]) {
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      if (!packed) await dropPacks(a);
      runs.push(coldRun(a));
    }
    const totals = runs.map((c) => c.indexMs + c.queryMs);
    const last = runs.at(-1);
    say(
      `cold instance through Firestore (emulator), ${a.count} interviews in ${Math.ceil(a.count / PER_PROJECT)} projects, ${(a.bytes / 1e6).toFixed(1)} MB stored, ` +
        `${packed ? 'project packs current' : 'no packs (each interview and its chunk read one by one; packs written)'}, ${RUNS} runs: ` +
        `first search + first query = min ${seconds(Math.min(...totals))} s, median ${seconds(median(totals))} s ` +
        `(goal ≤ 2 s; median ${seconds(median(runs.map((c) => c.indexMs)))} s + ${median(runs.map((c) => c.queryMs)).toFixed(0)} ms; CPU min ${seconds(Math.min(...runs.map((c) => c.cpuMs)))} s, ` +
        `median ${seconds(median(runs.map((c) => c.cpuMs)))} s; ${last.entries} entries, ${last.hits} matches)`,
    );
  }
}
say(`load average while measuring: ${loadavg().map((l) => l.toFixed(1)).join(', ')} (${availableParallelism()} cores)`);
process.exit(0);
