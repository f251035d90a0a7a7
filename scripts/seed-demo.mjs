// Writes the demo data into running Auth and Firestore emulators, using the server's own
// ingestion and insight engine (compiled in functions/lib), so the demo shows real results.
// Regenerate emulator-data/ with `npm run seed`.
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const lib = (path) => require(`../functions/lib/${path}`);
const { reserveInterview } = lib('interviews/interview-service.js');
const { createProject } = lib('projects/project-service.js');
const { ingestInterview } = lib('ingestion/ingest-interview.js');
const { analyseInterview } = lib('analysis-runs/analyse-interview.js');
const { requestSynthesis } = lib('analysis-runs/project-synthesis.js');
const { createLocalAnalyser } = lib('analysis/local/index.js');

const demo = JSON.parse(readFileSync(new URL('./demo-login.json', import.meta.url), 'utf8'));
const DEMO_UID = 'demo-researcher';
const FIXTURES = new URL('../functions/test/fixtures/transcripts/', import.meta.url);

const PROJECTS = [
  {
    name: 'PDPilot user study: explaining ML models',
    interviews: [
      ['Participant 1 (P1)', '18_pdpilot_P1_user-study-interview.pdf'],
      ['Participant 2 (P2)', '01_pdpilot_P2_user-study-interview.pdf'],
      ['Participant 3 (P3)', '19_pdpilot_P3_user-study-interview.pdf'],
      ['Participant 4 (P4)', '20_pdpilot_P4_user-study-interview.pdf'],
    ],
  },
];

initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-verbatim' });
const auth = getAuth();
const db = getFirestore();

await auth.deleteUser(DEMO_UID).catch(() => undefined);
await auth.createUser({ uid: DEMO_UID, email: demo.email, password: demo.password, displayName: demo.name, emailVerified: true });

const now = Timestamp.now();
await db.doc(`users/${DEMO_UID}`).set({
  email: demo.email,
  name: demo.name,
  creditsRemaining: 10,
  subscriptionActive: false,
  createdAt: now,
  updatedAt: now,
});

const local = createLocalAnalyser();
for (const spec of PROJECTS) {
  const project = await createProject(db, DEMO_UID, spec.name);
  for (const [name, file] of spec.interviews) {
    const bytes = readFileSync(new URL(file, FIXTURES));
    const { document } = await reserveInterview(db, DEMO_UID, project.id, { fileName: file, size: bytes.length });
    await db.doc(`projects/${project.id}/documents/${document.id}`).update({ name });
    const parsed = await ingestInterview(db, { uid: DEMO_UID, projectId: project.id, documentId: document.id, bytes, fileName: file });
    if (parsed.status !== 'parsed') throw new Error(`${file}: ${JSON.stringify(parsed)}`);
    const analysed = await analyseInterview({ db, chooseAnalyser: () => ({ analyser: local, notes: [] }) }, project.id, document.id);
    if (analysed.status !== 'ready') throw new Error(`${file}: ${JSON.stringify(analysed)}`);
    console.log(`  ${name}: ${analysed.insightCount} insights`);
  }
  await requestSynthesis({ db, debounceMs: 0 }, project.id);
  console.log(`Seeded project "${spec.name}"`);
}
const credits = (await db.doc(`users/${DEMO_UID}`).get()).get('creditsRemaining');
console.log(`Seeded ${demo.email} (${credits} credits left)`);
