// Phase 1 of bench/public-pages.mjs, inside `firebase emulators:exec --only auth,firestore` (no functions, so no
// trigger reacts to the 1,000 writes): seeds an owner and a project of 50 interviews × 20 insights quoting real
// transcript spans, builds its public views with the server's own synthesis, and turns both share links on.
// Lines starting with "│ " are figures; the last line, "TOKENS {...}", hands the links to phase 2.
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { listFixtures, requireCompiled, root } from './support.mjs';

// BENCH_INTERVIEWS shrinks the project for a quick check of the scripts; the figures are for 50.
const INTERVIEWS = Number(process.env.BENCH_INTERVIEWS ?? 50);
const INSIGHTS_PER_INTERVIEW = 20;
const THEMES = ['Pain points', 'Needs and wishes', 'Workarounds', 'Goals and motivations', 'What works well', 'Recurring topics'];
const say = (line) => console.log(`│ ${line}`);

/** The server's compiled modules outside analysis/ (functions/lib). */
function requireServer(module) {
  const path = join(root, 'functions/lib', module);
  if (!existsSync(path)) {
    console.error(`No compiled code at functions/lib/${module}; build it first: npm run build -w functions`);
    process.exit(1);
  }
  return createRequire(import.meta.url)(path);
}

const [{ parseTranscript }, { splitTranscript, partId }] = requireCompiled('parsers/index.js', '../../../contract/dist/transcript-parts.js');
const { requestSynthesis } = requireServer('publishing/project-synthesis.js');
const { setShareEnabled } = requireServer('publishing/share-service.js');
initializeApp({ projectId: 'demo-verbatim' });
const db = getFirestore();

const email = `bench-public-${Date.now()}@example.com`;
const signUp = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password: 'bench-password-1', returnSecureToken: true }),
}).then((r) => r.json());
const uid = signUp.localId;
const now = Timestamp.now();
await db.doc(`users/${uid}`).set({ email, name: 'Bench', creditsRemaining: 10, subscriptionActive: true, createdAt: now, updatedAt: now });

// English transcripts with participants, parsed once.
const sources = [];
for (const path of listFixtures()) {
  const parsed = await parseTranscript({ bytes: readFileSync(path), fileName: basename(path) });
  const quotable = parsed.turns.filter((t) => parsed.speakers.find((s) => s.label === t.speaker)?.role === 'participant' && t.end - t.start > 80);
  if (parsed.language === 'en' && quotable.length >= 10) sources.push({ parsed, quotable });
}

const project = db.collection('projects').doc();
let words = 0;
const writer = db.bulkWriter();
for (let i = 0; i < INTERVIEWS; i++) {
  const { parsed, quotable } = sources[i % sources.length];
  const documentId = `doc${String(i).padStart(2, '0')}`;
  const groupedTags = THEMES.map((groupLabel, k) => ({ groupLabel, tags: [{ originalTag: `tag ${k}`, refinedTag: `tag ${k}` }] }));
  words += parsed.wordCount;
  writer.set(project.collection('documents').doc(documentId), {
    projectId: project.id, ownerId: uid, name: `Interview ${i + 1}`, fileName: `interview-${i + 1}.txt`, format: parsed.format,
    size: parsed.text.length, status: 'ready', progress: 1, error: null, errorCode: null, notes: [], speakers: parsed.speakers,
    wordCount: parsed.wordCount, language: parsed.language, turnCount: parsed.turns.length, creditSpent: false,
    analysis: { analyser: 'local', groupedTags, quoteStats: { proposed: 40, anchored: 40, droppedUnanchored: 0, droppedInterviewer: 0, droppedInsights: 0 }, insightCount: INSIGHTS_PER_INTERVIEW, notes: [], usage: null, completedAt: now },
    createdAt: now, updatedAt: now,
  });
  for (const part of splitTranscript({ text: parsed.text, turns: parsed.turns, timeMarks: parsed.timeMarks ?? [] }, parsed.speakers.map((s) => s.label))) {
    writer.set(project.collection('documents').doc(documentId).collection('transcript').doc(partId(part)), part);
  }
  for (let k = 0; k < INSIGHTS_PER_INTERVIEW; k++) {
    const quotes = [0, 1].map((q) => {
      const turn = quotable[(k * 2 + q) % quotable.length];
      const end = Math.min(turn.end, turn.start + 160);
      return { text: parsed.text.slice(turn.start, end), documentId, speaker: turn.speaker, start: turn.start, end };
    });
    writer.set(project.collection('insights').doc(), {
      title: `Insight ${k + 1} of interview ${i + 1}`, description: `What participant ${i + 1} said about topic ${k}.`,
      tag: `tag ${k % THEMES.length}`, documentId, quotes, source: 'local', createdAt: now,
    });
  }
}
await writer.close();
await project.set({ ownerId: uid, name: `Bench: ${INTERVIEWS} interviews`, createdAt: now, updatedAt: now,
  counts: { documents: INTERVIEWS, parsed: INTERVIEWS, failed: 0, words }, settings: { analyser: 'local', redactPii: true } });
say(`Seeded ${INTERVIEWS} interviews (${words.toLocaleString('en-US')} words) and ${INTERVIEWS * INSIGHTS_PER_INTERVIEW} insights.`);

// The public views, built by the server's synthesis (no debounce), then both links on.
const t0 = Date.now();
const outcome = await requestSynthesis({ db, debounceMs: 0 }, project.id);
if (outcome.status !== 'written') throw new Error(`The synthesis was not written: ${outcome.status}`);
const views = await Promise.all(['summary', 'interviews'].map((k) => project.collection('publicViews').doc(k).get()));
say(
  `Synthesis and both public views built in ${Date.now() - t0} ms; stored gzipped: summary ${(views[0].get('bytes') / 1024).toFixed(1)} KB, ` +
    `interviews ${(views[1].get('bytes') / 1024).toFixed(1)} KB.`,
);
const tokens = {};
for (const kind of ['summary', 'interviews']) tokens[kind] = (await setShareEnabled(db, uid, project.id, kind, true)).token;
console.log(`TOKENS ${JSON.stringify(tokens)}`);
