import {
  Bytes,
  collection,
  collectionGroup,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  increment,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_PATHS, matrixCells, type CollectionPath, type MatrixCell, type Operation, type Outcome, type Role } from './matrix-table';
import { allowed, asUser, asVisitor, denied, seed, useRulesEnv } from './rules-env';
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';

/**
 * The rules matrix: every collection × role × operation of matrix-table.ts asserted against the real
 * firestore.rules, then every route a client has to a server-owned field. Each case runs on a database
 * holding exactly three complete worlds, seeded with rules disabled: alice (trial), bob (another user) and
 * carol (a subscriber). It is cleared and seeded again whenever the case before may have changed it (an
 * allowed operation, or a seed of another shape); a denied one changes nothing, which the cases prove. A
 * denial must be PERMISSION_DENIED, never a client-side error; an allowed read must return the seeded data,
 * so no case passes on an empty database.
 */

// Set by each shard file: the files of a worker share this module (isolate: false), so everything a file starts,
// counts or caches is started and reset per file, in registerMatrixShard.
let env: () => RulesTestEnvironment = () => {
  throw new Error('registerMatrixShard has not run');
};

// ---- Shards ------------------------------------------------------------------------------------

/** The top-level blocks of cases, in file order; each shard file (matrix-N.rules.test.ts) registers its share. */
const blocks: (() => void)[] = [];
function block(register: () => void): void {
  blocks.push(register);
}

/** How many shard files share the matrix (matrix-1.rules.test.ts … matrix-N; matrix-shards.static.test.ts checks). */
export const MATRIX_SHARDS = 3;

/**
 * Registers shard `index` (1 to MATRIX_SHARDS): every MATRIX_SHARDS-th block from the index-th. The shards run as
 * separate files, in parallel, each on a Firestore project of its own; together they are the whole matrix.
 */
export function registerMatrixShard(index: number): void {
  env = useRulesEnv({ clearBeforeEach: false });
  beforeAll(() => {
    cases = 0;
    unexpected.length = 0;
    seededAs = null;
    clients.clear();
  });
  afterAll(() => {
    if (unexpected.length > 0) console.log(`Unexpected rules outcomes:\n  ${unexpected.join('\n  ')}`);
    console.log(`Rules matrix, shard ${index}: ${cases} cases, ${unexpected.length} unexpected`);
  });
  blocks.forEach((register, i) => {
    if (i % MATRIX_SHARDS === index - 1) register();
  });
}

// ---- Counting --------------------------------------------------------------------------------

let cases = 0;
const unexpected: string[] = [];

/** Runs one case: the rules' answer to `op` must be `expected`. Counted; a surprise fails the test. */
async function expectOutcome(label: string, expected: Outcome, op: () => Promise<unknown>): Promise<void> {
  cases += 1;
  // An allowed operation may have written: the next case starts from a fresh seed.
  if (expected === 'allow') seededAs = null;
  const attempt = Promise.resolve().then(op); // a synchronous client-side throw becomes a rejection
  try {
    await (expected === 'allow' ? allowed(attempt) : denied(attempt));
  } catch (err) {
    seededAs = null; // an unexpected outcome may have written
    unexpected.push(`${label} (expected ${expected})`);
    throw err;
  }
}

// ---- The three worlds ------------------------------------------------------------------------

interface World {
  uid: string;
  email: string;
  subscriber: boolean;
  projectId: string;
  documentId: string;
  insightId: string;
  token: string;
  customerId: string;
  eventId: string;
}

function world(uid: string, subscriber: boolean): World {
  return {
    uid,
    email: `${uid}@example.com`,
    subscriber,
    projectId: `p-${uid}`,
    documentId: `d-${uid}`,
    insightId: `i-${uid}`,
    token: `${uid}-`.padEnd(43, 'x'),
    customerId: `cus_${uid}`,
    eventId: `evt_${uid}`,
  };
}

const ALICE = world('alice', false);
const BOB = world('bob', false);
const CAROL = world('carol', true);
const WORLDS = [ALICE, BOB, CAROL];

/** Who acts, and whose data they act on. */
const ACTORS: Record<Role, { uid: string | null; target: World }> = {
  anonymous: { uid: null, target: ALICE },
  'other-user': { uid: BOB.uid, target: ALICE },
  owner: { uid: ALICE.uid, target: ALICE },
  'subscriber-owner': { uid: CAROL.uid, target: CAROL },
};

const SEEDED_AT = Timestamp.fromMillis(Date.UTC(2026, 0, 5, 9, 30));

const paths = {
  user: (w: World) => `users/${w.uid}`,
  project: (w: World) => `projects/${w.projectId}`,
  document: (w: World) => `projects/${w.projectId}/documents/${w.documentId}`,
  part: (w: World) => `projects/${w.projectId}/documents/${w.documentId}/transcript/text-0000`,
  searchChunk: (w: World) => `projects/${w.projectId}/documents/${w.documentId}/searchData/chunk-0000`,
  searchPack: (w: World) => `projects/${w.projectId}/searchPack/part-0000`,
  insight: (w: World) => `projects/${w.projectId}/insights/${w.insightId}`,
  synthesis: (w: World) => `projects/${w.projectId}/synthesis/current`,
  shareLink: (w: World) => `projects/${w.projectId}/shareLinks/summary`,
  publicView: (w: World) => `projects/${w.projectId}/publicViews/summary`,
  publicClip: (w: World) => `projects/${w.projectId}/publicClips/${w.documentId}.10.60`,
  clip: (w: World) => `projects/${w.projectId}/clips/clip1`,
  reel: (w: World) => `projects/${w.projectId}/reels/reel1`,
  share: (w: World) => `shares/${w.token}`,
  customer: (w: World) => `billingCustomers/${w.customerId}`,
  event: (w: World) => `stripeEvents/${w.eventId}`,
  usage: (w: World) => `accountUsage/${w.uid}`,
  contact: (w: World) => `contactRequests/req_${w.uid}`,
};

/** The profile exactly as the server stores it (profile converter + billing webhook fields). */
function profileData(w: World): DocumentData {
  return {
    email: w.email,
    name: w.uid[0].toUpperCase() + w.uid.slice(1),
    creditsRemaining: w.subscriber ? 0 : 10,
    subscriptionActive: w.subscriber,
    createdAt: SEEDED_AT,
    updatedAt: SEEDED_AT,
    ...(w.subscriber ? { stripeCustomerId: w.customerId, stripeSubscriptionId: `sub_${w.uid}`, subscriptionStatus: 'active' } : {}),
  };
}

function insightData(w: World): DocumentData {
  return {
    title: 'Export is slow',
    description: 'Participants wait for exports.',
    tag: 'export',
    documentId: w.documentId,
    quotes: [{ text: 'It takes ages', documentId: w.documentId, speaker: 'P1', start: 4, end: 17 }],
    source: 'local',
    createdAt: SEEDED_AT,
    theme: null,
    editedAt: null,
    deletedAt: null,
    mergedInto: null,
    mergedFrom: [],
  };
}

/** Every document of a world, as the server writes them. */
function worldDocs(w: World): Record<string, DocumentData> {
  return {
    [paths.user(w)]: profileData(w),
    [paths.usage(w)]: { windows: { rejectedUploads: { start: SEEDED_AT.toMillis(), count: 3 } }, updatedAt: SEEDED_AT },
    [paths.project(w)]: {
      ownerId: w.uid,
      name: 'Study',
      createdAt: SEEDED_AT,
      updatedAt: SEEDED_AT,
      counts: { documents: 1, parsed: 1, failed: 0, words: 4 },
      settings: { analyser: 'local', redactPii: true },
    },
    [paths.document(w)]: {
      projectId: w.projectId,
      ownerId: w.uid,
      name: 'Interview 1',
      fileName: 'interview-1.txt',
      format: 'txt',
      size: 120,
      status: 'ready',
      progress: 1,
      error: null,
      errorCode: null,
      notes: [],
      speakers: [{ label: 'P1', role: 'participant', aliases: [], turnCount: 1, wordCount: 4 }],
      wordCount: 4,
      language: 'en',
      turnCount: 1,
      creditSpent: true,
      analysis: {
        analyser: 'local',
        groupedTags: [],
        quoteStats: { proposed: 1, anchored: 1, droppedUnanchored: 0, droppedInterviewer: 0, droppedInsights: 0 },
        insightCount: 1,
        notes: [],
        usage: null,
        completedAt: SEEDED_AT,
      },
      createdAt: SEEDED_AT,
      updatedAt: SEEDED_AT,
    },
    [paths.part(w)]: { kind: 'text', index: 0, text: 'P1: It takes ages.' },
    [paths.searchPack(w)]: { format: 2, key: '1|0', pack: 'seeded', part: 0, parts: 1, bytes: Bytes.fromUint8Array(new Uint8Array(8)) },
    [paths.searchChunk(w)]: {
      ownerId: w.uid,
      projectId: w.projectId,
      documentId: w.documentId,
      format: 1,
      source: '4|1|0',
      vectors: 'none',
      chunk: 0,
      chunks: 1,
      textStart: 0,
      text: 'P1: It takes ages.',
      passages: Bytes.fromUint8Array(new Uint8Array(32)),
      terms: 'take\nage',
      postings: Bytes.fromUint8Array(new Uint8Array(20)),
      lengths: Bytes.fromUint8Array(new Uint8Array(4)),
      scales: Bytes.fromUint8Array(new Uint8Array(4)),
      meanings: Bytes.fromUint8Array(new Uint8Array(0)),
    },
    [paths.insight(w)]: insightData(w),
    [paths.synthesis(w)]: {
      summarySentence: 'Across 1 interview, exports are slow.',
      consolidatedInsights: [],
      consolidatedGroupedTags: [],
      generation: 1,
      documentCount: 1,
      updatedAt: SEEDED_AT,
    },
    [paths.shareLink(w)]: { token: w.token, enabled: true, updatedAt: SEEDED_AT },
    [paths.publicView(w)]: { gzip: Bytes.fromUint8Array(new Uint8Array([31, 139, 8, 0])), updatedAt: SEEDED_AT },
    [paths.publicClip(w)]: { documentId: w.documentId, status: 'ready', source: 'call.m4a|4|0|v0', path: 'publicClips/p/d/c/clip.mp4', updatedAt: SEEDED_AT },
    [paths.clip(w)]: clipData(w),
    [paths.reel(w)]: { title: 'Exports', clipIds: ['clip1'], documentIds: [w.documentId], status: 'ready', progress: 1, seconds: 6, size: 4096, error: null, createdAt: SEEDED_AT, updatedAt: SEEDED_AT },
    [paths.share(w)]: { projectId: w.projectId, kind: 'summary', enabled: true, updatedAt: SEEDED_AT },
    [paths.customer(w)]: { uid: w.uid },
    [paths.event(w)]: { type: 'customer.subscription.updated', uid: w.uid, status: 'active', at: SEEDED_AT },
    [paths.contact(w)]: { name: w.uid, email: w.email, size: '11-50', notes: '', uid: w.uid, status: 'new', createdAt: SEEDED_AT },
  };
}

/** A clip exactly as the server stores it (clips/clip-refs.ts). */
function clipData(w: World) {
  return {
    documentId: w.documentId, interviewName: 'Interview 1', speaker: 'P1', start: 4, end: 18, from: 2.5, to: 6, words: 'It takes ages.',
    title: 'It takes ages.', hasVideo: false, before: '', after: '', createdAt: SEEDED_AT, updatedAt: SEEDED_AT,
  };
}

/** The seed the database holds exactly (its options), or null when a case may have changed it. */
let seededAs: string | null = null;

/**
 * Seeds the three worlds (rules disabled) on a cleared database, leaving out `except` so a create meets no document;
 * nothing to do when the database already holds exactly that seed.
 */
async function seedWorlds(options: { except?: string; extra?: Record<string, DocumentData> } = {}): Promise<void> {
  const key = JSON.stringify(options);
  if (seededAs === key) return;
  seededAs = null;
  await env().clearFirestore();
  await seed(env, async (db) => {
    const batch = writeBatch(db);
    const docs = { ...Object.assign({}, ...WORLDS.map(worldDocs)), ...options.extra } as Record<string, DocumentData>;
    for (const [path, data] of Object.entries(docs)) {
      if (path !== options.except) batch.set(doc(db, path), data);
    }
    await batch.commit();
  });
  seededAs = key;
}

/** A stored document as the server sees it (rules disabled), to prove a denied write left no trace. */
async function stored(path: string): Promise<DocumentData | undefined> {
  let data: DocumentData | undefined;
  await seed(env, async (db) => {
    data = (await getDoc(doc(db, path))).data();
  });
  return data;
}

// One client per signed-in user for the whole file (a context per case would open hundreds of
// connections); every read in a case goes to the emulator, so no state carries over.
const clients = new Map<string, Firestore>();
function clientOf(uid: string | null): Firestore {
  const key = uid ?? '(visitor)';
  let db = clients.get(key);
  if (!db) {
    db = uid === null ? asVisitor(env) : asUser(env, uid);
    clients.set(key, db);
  }
  return db;
}
const actor = (role: Role) => ({ db: clientOf(ACTORS[role].uid), w: ACTORS[role].target });

/** A read that must find the seeded data when allowed (so an "allow" never passes on nothing). */
async function readDoc(db: Firestore, path: string): Promise<void> {
  if (!(await getDoc(doc(db, path))).exists()) throw new Error(`Read ${path} but found nothing: the case would prove nothing`);
}
async function readQuery(db: Firestore, q: Query): Promise<void> {
  if ((await getDocs(q)).empty) throw new Error('The query returned nothing: the case would prove nothing');
}

// ---- The matrix ------------------------------------------------------------------------------

interface PathSpec {
  /** The seeded document that get, update and delete address. */
  existing: (w: World) => string;
  /** A document that does not exist (left out of the seed) that create addresses. */
  fresh: (w: World) => string;
  /** The narrowest query a client would make for the owner's data. */
  list: (db: Firestore, w: World) => Query;
  /** What a client would try to create. */
  createData: (w: World) => DocumentData;
  /** The most innocent change a client could make. */
  update: (w: World) => DocumentData;
}

const SPECS: Record<CollectionPath, PathSpec> = {
  'users/{uid}': {
    existing: paths.user,
    fresh: paths.user, // the owner's own profile, before the API has created it
    list: (db, w) => query(collection(db, 'users'), where('email', '==', w.email)),
    createData: (w) => ({ email: w.email, name: 'New', creditsRemaining: 10, subscriptionActive: false }),
    update: () => ({ name: 'A new display name' }),
  },
  'projects/{p}': {
    existing: paths.project,
    fresh: (w) => `projects/new-${w.uid}`,
    list: (db, w) => query(collection(db, 'projects'), where('ownerId', '==', w.uid)),
    createData: (w) => ({
      ownerId: w.uid,
      name: 'Mine',
      counts: { documents: 0, parsed: 0, failed: 0, words: 0 },
      settings: { analyser: 'local', redactPii: true },
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
    }),
    update: () => ({ name: 'Renamed study' }),
  },
  'projects/{p}/documents/{d}': {
    existing: paths.document,
    fresh: (w) => `projects/${w.projectId}/documents/new`,
    list: (db, w) => query(collection(db, `projects/${w.projectId}/documents`)),
    createData: (w) => ({ projectId: w.projectId, ownerId: w.uid, name: 'Interview 2', fileName: 'interview-2.txt', status: 'uploading', progress: 0 }),
    update: () => ({ name: 'Renamed interview' }),
  },
  'projects/{p}/documents/{d}/transcript/{part}': {
    existing: paths.part,
    fresh: (w) => `projects/${w.projectId}/documents/${w.documentId}/transcript/text-0001`,
    list: (db, w) => query(collection(db, `projects/${w.projectId}/documents/${w.documentId}/transcript`)),
    createData: () => ({ kind: 'text', index: 1, text: 'P1: I love this product.' }),
    update: () => ({ text: 'P1: I love this product.' }),
  },
  'projects/{p}/documents/{d}/searchData/{chunk}': {
    existing: paths.searchChunk,
    fresh: (w) => `projects/${w.projectId}/documents/${w.documentId}/searchData/chunk-0001`,
    list: (db, w) => query(collection(db, `projects/${w.projectId}/documents/${w.documentId}/searchData`)),
    createData: (w) => ({ ownerId: w.uid, projectId: w.projectId, documentId: w.documentId, format: 1, chunk: 1, chunks: 2, text: 'Planted.' }),
    update: () => ({ text: 'P1: I love this product.' }),
  },
  'projects/{p}/searchPack/{part}': {
    existing: paths.searchPack,
    fresh: (w) => `projects/${w.projectId}/searchPack/part-0001`,
    list: (db, w) => query(collection(db, `projects/${w.projectId}/searchPack`)),
    createData: () => ({ format: 2, key: '1|0', pack: 'planted', part: 1, parts: 2, bytes: Bytes.fromUint8Array(new Uint8Array(8)) }),
    update: () => ({ key: '2|0' }),
  },
  'projects/{p}/insights/{i}': {
    existing: paths.insight,
    fresh: (w) => `projects/${w.projectId}/insights/new`,
    list: (db, w) => query(collection(db, `projects/${w.projectId}/insights`)),
    createData: (w) => ({ ...insightData(w), source: 'manual', createdAt: serverTimestamp(), editedAt: serverTimestamp() }),
    update: () => ({ title: 'Exports block analysis', editedAt: serverTimestamp() }),
  },
  'projects/{p}/synthesis/current': {
    existing: paths.synthesis,
    fresh: paths.synthesis, // there is only `current`; create meets it absent
    list: (db, w) => query(collection(db, `projects/${w.projectId}/synthesis`)),
    createData: () => ({ summarySentence: 'Everyone loves us.', consolidatedInsights: [], consolidatedGroupedTags: [] }),
    update: () => ({ summarySentence: 'Everyone loves us.' }),
  },
  'projects/{p}/shareLinks/{kind}': {
    existing: paths.shareLink,
    fresh: (w) => `projects/${w.projectId}/shareLinks/interviews`,
    list: (db, w) => query(collection(db, `projects/${w.projectId}/shareLinks`)),
    createData: (w) => ({ token: w.token.replace(/x/g, 'y'), enabled: true, updatedAt: serverTimestamp() }),
    update: () => ({ enabled: false }),
  },
  'projects/{p}/publicViews/{kind}': {
    existing: paths.publicView,
    fresh: (w) => `projects/${w.projectId}/publicViews/interviews`,
    list: (db, w) => query(collection(db, `projects/${w.projectId}/publicViews`)),
    createData: () => ({ gzip: Bytes.fromUint8Array(new Uint8Array([1, 2, 3])), updatedAt: serverTimestamp() }),
    update: () => ({ gzip: Bytes.fromUint8Array(new Uint8Array([1, 2, 3])) }),
  },
  'projects/{p}/publicClips/{clip}': {
    existing: paths.publicClip,
    fresh: (w) => `projects/${w.projectId}/publicClips/${w.documentId}.70.90`,
    list: (db, w) => query(collection(db, `projects/${w.projectId}/publicClips`)),
    createData: (w) => ({ documentId: w.documentId, status: 'ready', path: 'publicClips/planted/clip.mp4', updatedAt: serverTimestamp() }),
    update: () => ({ status: 'ready', path: 'publicClips/elsewhere/clip.mp4' }),
  },
  'projects/{p}/clips/{clip}': {
    existing: paths.clip,
    fresh: (w) => `projects/${w.projectId}/clips/planted`,
    list: (db, w) => query(collection(db, `projects/${w.projectId}/clips`)),
    // A clip whose words nobody said, or moved to another moment: only the API writes clips.
    createData: (w) => ({ ...clipData(w), words: 'I would pay double for this.', createdAt: serverTimestamp(), updatedAt: serverTimestamp() }),
    update: () => ({ words: 'I would pay double for this.' }),
  },
  'projects/{p}/reels/{reel}': {
    existing: paths.reel,
    fresh: (w) => `projects/${w.projectId}/reels/planted`,
    list: (db, w) => query(collection(db, `projects/${w.projectId}/reels`)),
    // A reel marked ready that no task rendered: only the server writes reels.
    createData: (w) => ({ title: 'Planted', clipIds: ['clip1'], documentIds: [w.documentId], status: 'ready', progress: 1, createdAt: serverTimestamp(), updatedAt: serverTimestamp() }),
    update: () => ({ status: 'ready', progress: 1 }),
  },
  'shares/{token}': {
    existing: paths.share,
    fresh: (w) => `shares/${w.token.replace(/x/g, 'z')}`,
    list: (db, w) => query(collection(db, 'shares'), where('projectId', '==', w.projectId)),
    createData: (w) => ({ projectId: w.projectId, kind: 'interviews', enabled: true }),
    update: () => ({ enabled: false }),
  },
  'billingCustomers/{cus}': {
    existing: paths.customer,
    fresh: (w) => `billingCustomers/cus_new_${w.uid}`,
    list: (db, w) => query(collection(db, 'billingCustomers'), where('uid', '==', w.uid)),
    createData: (w) => ({ uid: w.uid }),
    update: () => ({ uid: 'mallory' }),
  },
  'stripeEvents/{evt}': {
    existing: paths.event,
    fresh: (w) => `stripeEvents/evt_new_${w.uid}`,
    list: (db, w) => query(collection(db, 'stripeEvents'), where('uid', '==', w.uid)),
    createData: (w) => ({ type: 'checkout.session.completed', uid: w.uid, status: 'active' }),
    update: () => ({ status: 'replayed' }),
  },
  'accountUsage/{uid}': {
    existing: paths.usage,
    fresh: (w) => `accountUsage/${w.uid}-new`,
    list: (db) => query(collection(db, 'accountUsage')),
    createData: () => ({ windows: {} }),
    update: () => ({ windows: {} }),
  },
  'contactRequests/{req}': {
    existing: paths.contact,
    fresh: (w) => `contactRequests/req_new_${w.uid}`,
    list: (db, w) => query(collection(db, 'contactRequests'), where('uid', '==', w.uid)),
    createData: (w) => ({ name: w.uid, email: w.email, size: '1-10', notes: 'written by a client', uid: w.uid, status: 'new' }),
    update: () => ({ status: 'answered' }),
  },
};

function perform(op: Operation, spec: PathSpec, db: Firestore, w: World): Promise<unknown> {
  switch (op) {
    case 'get':
      return readDoc(db, spec.existing(w));
    case 'list':
      return readQuery(db, spec.list(db, w));
    case 'create':
      return setDoc(doc(db, spec.fresh(w)), spec.createData(w));
    case 'update':
      return updateDoc(doc(db, spec.existing(w)), spec.update(w));
    case 'delete':
      return deleteDoc(doc(db, spec.existing(w)));
  }
}

const WHO: Record<Role, string> = {
  anonymous: 'a visitor',
  'other-user': 'another signed-in user',
  owner: 'the owner',
  'subscriber-owner': 'a subscribing owner',
};

const cellName = (c: MatrixCell) => `${WHO[c.role]} ${c.expected === 'allow' ? 'may' : 'may not'} ${c.op} ${c.path}`;

block(() => describe('the policy table is complete', () => {
  it('has one allow/deny for every collection × role × operation', () => {
    expect(matrixCells()).toHaveLength(COLLECTION_PATHS.length * 4 * 5);
  });
}));

for (const path of COLLECTION_PATHS) {
  block(() => describe(`matrix: ${path}`, () => {
    for (const cell of matrixCells().filter((c) => c.path === path)) {
      it(cellName(cell), async () => {
        const spec = SPECS[cell.path];
        const { db, w } = actor(cell.role);
        await seedWorlds(cell.op === 'create' ? { except: spec.fresh(w) } : {});
        await expectOutcome(cellName(cell), cell.expected, () => perform(cell.op, spec, db, w));
      });
    }
  }));
}

// ---- Server-owned fields of users/{uid}, by every route a client has -------------------------

type Value = (w: World) => unknown;

/** Each server-owned profile field with a value different from the stored one. */
const USER_SERVER_FIELDS: Record<string, Value> = {
  creditsRemaining: () => 1_000_000,
  subscriptionActive: (w) => !w.subscriber,
  stripeCustomerId: () => 'cus_someone_else',
  stripeSubscriptionId: () => 'sub_someone_else',
  subscriptionStatus: (w) => (w.subscriber ? 'canceled' : 'active'),
  email: () => 'someone-else@example.com',
  createdAt: () => serverTimestamp(),
  updatedAt: () => serverTimestamp(),
};

const OWNERS: Role[] = ['owner', 'subscriber-owner'];

/** The ways a client can put a field on its own profile. */
const USER_ROUTES: Record<string, (db: Firestore, w: World, field: string, value: unknown) => Promise<unknown>> = {
  updateDoc: (db, w, field, value) => updateDoc(doc(db, paths.user(w)), { [field]: value }),
  'updateDoc beside an allowed rename': (db, w, field, value) => updateDoc(doc(db, paths.user(w)), { name: 'Renamed', [field]: value }),
  'setDoc with merge': (db, w, field, value) => setDoc(doc(db, paths.user(w)), { [field]: value }, { merge: true }),
  'setDoc of the whole profile': (db, w, field, value) => setDoc(doc(db, paths.user(w)), { ...profileData(w), [field]: value }),
  'writeBatch with an allowed rename': (db, w, field, value) => {
    const batch = writeBatch(db);
    batch.update(doc(db, paths.user(w)), { name: 'Renamed' });
    batch.update(doc(db, paths.user(w)), { [field]: value });
    return batch.commit();
  },
  runTransaction: (db, w, field, value) =>
    runTransaction(db, async (tx) => {
      const ref = doc(db, paths.user(w));
      await tx.get(ref);
      tx.update(ref, { name: 'Renamed', [field]: value });
    }),
};

block(() => describe("users/{uid}: no client route writes a profile's server-owned fields", () => {
  for (const role of OWNERS) {
    for (const [field, value] of Object.entries(USER_SERVER_FIELDS)) {
      for (const [route, write] of Object.entries(USER_ROUTES)) {
        const label = `${WHO[role]} cannot set ${field} by ${route}`;
        it(label, async () => {
          const { db, w } = actor(role);
          await seedWorlds();
          await expectOutcome(label, 'deny', () => write(db, w, field, value(w)));
          expect(await stored(paths.user(w)), 'a denied write leaves the profile as the server wrote it').toEqual(profileData(w));
        });
      }
    }

    for (const field of Object.keys(profileData(ACTORS[role].target)).filter((f) => f !== 'name')) {
      const label = `${WHO[role]} cannot remove ${field}${field === 'creditsRemaining' ? ' (a missing credit count must not read as unlimited)' : ''}`;
      it(label, async () => {
        const { db, w } = actor(role);
        await seedWorlds();
        await expectOutcome(label, 'deny', () => updateDoc(doc(db, paths.user(w)), { [field]: deleteField() }));
      });
    }

    it(`${WHO[role]} cannot increment their credits`, async () => {
      const { db, w } = actor(role);
      await seedWorlds();
      await expectOutcome(`${WHO[role]} increments credits`, 'deny', () => updateDoc(doc(db, paths.user(w)), { creditsRemaining: increment(100) }));
    });

    it(`${WHO[role]} cannot overwrite the profile with only a name (dropping credits and subscription)`, async () => {
      const { db, w } = actor(role);
      await seedWorlds();
      await expectOutcome(`${WHO[role]} overwrites the profile with a name`, 'deny', () => setDoc(doc(db, paths.user(w)), { name: 'Only a name' }));
    });
  }

  it('the rename the client needs works by every route', async () => {
    const { db, w } = actor('owner');
    await seedWorlds();
    const ref = doc(db, paths.user(w));
    await expectOutcome('rename by setDoc with merge', 'allow', () => setDoc(ref, { name: 'Merged name' }, { merge: true }));
    await expectOutcome('rename by setDoc of the whole profile', 'allow', () => setDoc(ref, { ...profileData(w), name: 'Whole name' }));
    await expectOutcome('rename by runTransaction', 'allow', () =>
      runTransaction(db, async (tx) => {
        await tx.get(ref);
        tx.update(ref, { name: 'Transaction name' });
      }),
    );
    await expectOutcome('rename and insight edit in one writeBatch', 'allow', () => {
      const batch = writeBatch(db);
      batch.update(ref, { name: 'Batch name' });
      batch.update(doc(db, paths.insight(w)), { title: 'Batch title', editedAt: serverTimestamp() });
      return batch.commit();
    });
    expect((await stored(paths.user(w)))?.name).toBe('Batch name');
  });

  it('a display name is a string of at most 200 characters', async () => {
    const { db, w } = actor('owner');
    await seedWorlds();
    const ref = doc(db, paths.user(w));
    await expectOutcome('name of 200 characters', 'allow', () => updateDoc(ref, { name: 'n'.repeat(200) }));
    await expectOutcome('name of 201 characters', 'deny', () => updateDoc(ref, { name: 'n'.repeat(201) }));
    await expectOutcome('name as a number', 'deny', () => updateDoc(ref, { name: 42 }));
    await expectOutcome('name removed', 'deny', () => updateDoc(ref, { name: deleteField() }));
  });
}));

block(() => describe('users/{uid}: a client never creates a profile (the API grants the trial)', () => {
  const creates: Record<string, (db: Firestore, w: World) => Promise<unknown>> = {
    'with a name only': (db, w) => setDoc(doc(db, paths.user(w)), { name: 'Alice' }),
    'shaped like the trial profile': (db, w) => setDoc(doc(db, paths.user(w)), { email: w.email, name: 'Alice', creditsRemaining: 10, subscriptionActive: false }),
    'with extra credits and a subscription': (db, w) =>
      setDoc(doc(db, paths.user(w)), { email: w.email, name: 'Alice', creditsRemaining: 1_000_000, subscriptionActive: true, stripeCustomerId: 'cus_x' }),
    'by setDoc with merge': (db, w) => setDoc(doc(db, paths.user(w)), { name: 'Alice' }, { merge: true }),
    'in a writeBatch': (db, w) => {
      const batch = writeBatch(db);
      batch.set(doc(db, paths.user(w)), { name: 'Alice', creditsRemaining: 10 });
      return batch.commit();
    },
  };
  for (const [how, create] of Object.entries(creates)) {
    it(`the owner cannot create their missing profile ${how}`, async () => {
      const { db, w } = actor('owner');
      await seedWorlds({ except: paths.user(w) });
      await expectOutcome(`create own profile ${how}`, 'deny', () => create(db, w));
      expect(await stored(paths.user(w))).toBeUndefined();
    });
  }

  it("a user cannot create someone else's profile", async () => {
    const { db } = actor('other-user');
    await seedWorlds();
    await expectOutcome('create users/mallory', 'deny', () => setDoc(doc(db, 'users/mallory'), { name: 'Mallory', creditsRemaining: 10 }));
  });
}));

// ---- Server-owned fields of insights, one at a time ------------------------------------------

const INSIGHT_SERVER_FIELDS: Record<string, Value> = {
  quotes: (w) => [{ text: 'I love it', documentId: w.documentId, speaker: 'P1', start: 4, end: 13 }],
  documentId: () => 'd-other',
  source: () => 'manual',
  createdAt: () => serverTimestamp(),
  mergedInto: () => 'i-other',
  mergedFrom: () => ['i-other'],
  extraField: () => 'anything',
};

const INSIGHT_ROUTES: Record<string, (db: Firestore, w: World, field: string, value: unknown) => Promise<unknown>> = {
  'updateDoc with a valid edit stamp': (db, w, field, value) => updateDoc(doc(db, paths.insight(w)), { [field]: value, editedAt: serverTimestamp() }),
  'updateDoc beside an allowed title edit': (db, w, field, value) =>
    updateDoc(doc(db, paths.insight(w)), { title: 'Sharper', [field]: value, editedAt: serverTimestamp() }),
  'setDoc with merge': (db, w, field, value) => setDoc(doc(db, paths.insight(w)), { [field]: value, editedAt: serverTimestamp() }, { merge: true }),
  'writeBatch with an allowed title edit': (db, w, field, value) => {
    const batch = writeBatch(db);
    batch.update(doc(db, paths.insight(w)), { title: 'Sharper', editedAt: serverTimestamp() });
    batch.update(doc(db, paths.insight(w)), { [field]: value, editedAt: serverTimestamp() });
    return batch.commit();
  },
};

block(() => describe('insights: the owner edits words, theme and deletion; quotes and provenance stay the server’s', () => {
  for (const role of OWNERS) {
    for (const [field, value] of Object.entries(INSIGHT_SERVER_FIELDS)) {
      for (const [route, write] of Object.entries(INSIGHT_ROUTES)) {
        const label = `${WHO[role]} cannot set insight ${field} by ${route}`;
        it(label, async () => {
          const { db, w } = actor(role);
          await seedWorlds();
          await expectOutcome(label, 'deny', () => write(db, w, field, value(w)));
          expect(await stored(paths.insight(w))).toEqual(insightData(w));
        });
      }
    }
    for (const field of ['quotes', 'documentId', 'source', 'createdAt', 'mergedInto', 'mergedFrom', 'title', 'description', 'tag']) {
      const label = `${WHO[role]} cannot remove insight ${field}`;
      it(label, async () => {
        const { db, w } = actor(role);
        await seedWorlds();
        await expectOutcome(label, 'deny', () => updateDoc(doc(db, paths.insight(w)), { [field]: deleteField(), editedAt: serverTimestamp() }));
      });
    }
  }

  const EDIT_STAMPS: Record<string, () => unknown> = {
    'without editedAt': () => undefined,
    'with editedAt in the past': () => Timestamp.fromMillis(Date.UTC(2000, 0, 1)),
    'with editedAt in the future': () => Timestamp.fromMillis(Date.now() + 3_600_000),
    "with editedAt from the client's clock (a second ago)": () => Timestamp.fromMillis(Date.now() - 1000),
    'with editedAt null': () => null,
    'with editedAt as text': () => 'now',
  };
  for (const [how, stamp] of Object.entries(EDIT_STAMPS)) {
    it(`an edit ${how} is refused (editedAt must be request.time)`, async () => {
      const { db, w } = actor('owner');
      await seedWorlds();
      const value = stamp();
      const change = value === undefined ? { title: 'Sharper' } : { title: 'Sharper', editedAt: value };
      await expectOutcome(`insight edit ${how}`, 'deny', () => updateDoc(doc(db, paths.insight(w)), change));
    });
  }

  it('a delete must be stamped with the server time too', async () => {
    const { db, w } = actor('owner');
    await seedWorlds();
    const ref = doc(db, paths.insight(w));
    await expectOutcome('backdated deletedAt', 'deny', () => updateDoc(ref, { deletedAt: Timestamp.fromMillis(Date.UTC(2000, 0, 1)), editedAt: serverTimestamp() }));
    await expectOutcome('future deletedAt', 'deny', () => updateDoc(ref, { deletedAt: Timestamp.fromMillis(Date.now() + 3_600_000), editedAt: serverTimestamp() }));
  });

  it('titles, descriptions, tags and themes are bounded strings', async () => {
    const { db, w } = actor('owner');
    await seedWorlds();
    const ref = doc(db, paths.insight(w));
    const edit = (change: DocumentData) => () => updateDoc(ref, { ...change, editedAt: serverTimestamp() });
    await expectOutcome('title of 201 characters', 'deny', edit({ title: 't'.repeat(201) }));
    await expectOutcome('description of 2001 characters', 'deny', edit({ description: 'd'.repeat(2001) }));
    await expectOutcome('tag of 81 characters', 'deny', edit({ tag: 'g'.repeat(81) }));
    await expectOutcome('tag as a number', 'deny', edit({ tag: 42 }));
    await expectOutcome('theme of 81 characters', 'deny', edit({ theme: 'h'.repeat(81) }));
    await expectOutcome('theme as a list', 'deny', edit({ theme: ['a'] }));
    await expectOutcome('title of 200, description of 2000, tag and theme of 80', 'allow', edit({ title: 't'.repeat(200), description: 'd'.repeat(2000), tag: 'g'.repeat(80), theme: 'h'.repeat(80) }));
  });

  // The exact updates web/src/features/insights/api/update-insight.ts sends: each must go through.
  const WEB_UPDATES: Record<string, () => DocumentData> = {
    'edit title, description and tag': () => ({ title: 'Exports block analysis', description: 'Longer.', tag: 'export speed', editedAt: serverTimestamp() }),
    'move to another theme': () => ({ theme: 'Pain points', editedAt: serverTimestamp() }),
    'move back to the theme its tag implies': () => ({ theme: null, editedAt: serverTimestamp() }),
    'delete (undoably)': () => ({ deletedAt: serverTimestamp(), editedAt: serverTimestamp() }),
    'restore': () => ({ deletedAt: null, editedAt: serverTimestamp() }),
  };
  for (const role of OWNERS) {
    for (const [what, update] of Object.entries(WEB_UPDATES)) {
      it(`${WHO[role]} may ${what}`, async () => {
        const { db, w } = actor(role);
        await seedWorlds();
        await expectOutcome(`${WHO[role]} ${what}`, 'allow', () => updateDoc(doc(db, paths.insight(w)), update()));
      });
    }
  }
}));

// ---- Server-owned fields of projects and interviews, one at a time ---------------------------

const PROJECT_FIELDS: Record<string, Value> = {
  ownerId: () => 'mallory',
  name: () => 'Renamed (the API validates names)',
  counts: () => ({ documents: 0, parsed: 0, failed: 0, words: 0 }),
  'counts.documents': () => 0,
  settings: () => ({ analyser: 'gemini', redactPii: false }),
  'settings.analyser': () => 'gemini',
  'settings.redactPii': () => false,
  createdAt: () => serverTimestamp(),
  updatedAt: () => serverTimestamp(),
  extraField: () => 'anything',
};

const DOCUMENT_FIELDS: Record<string, Value> = {
  status: () => 'uploading',
  progress: () => 0.5,
  speakers: () => [{ label: 'P1', role: 'interviewer', aliases: [], turnCount: 1, wordCount: 4 }],
  'speakers (as one change of role)': () => [{ label: 'P1', role: 'unknown', aliases: [], turnCount: 1, wordCount: 4 }],
  analysis: () => null,
  'analysis.insightCount': () => 99,
  creditSpent: () => false,
  wordCount: () => 1,
  turnCount: () => 99,
  error: () => 'no error',
  errorCode: () => 'none',
  notes: () => ['A note from the client'],
  name: () => 'Renamed interview (the API validates names)',
  fileName: () => 'other.txt',
  format: () => 'pdf',
  size: () => 1,
  language: () => 'pt',
  ownerId: () => 'mallory',
  projectId: () => 'p-other',
  createdAt: () => serverTimestamp(),
  updatedAt: () => serverTimestamp(),
};

function fieldUpdate(field: string, value: unknown): DocumentData {
  // "speakers (as one change of role)" is the field "speakers"; the label says why it is there.
  return { [field.split(' ')[0]]: value };
}

block(() => describe('projects and interviews: every field is the server’s (the API renames and re-labels)', () => {
  for (const role of OWNERS) {
    for (const [field, value] of Object.entries(PROJECT_FIELDS)) {
      const label = `${WHO[role]} cannot change project ${field}`;
      it(label, async () => {
        const { db, w } = actor(role);
        await seedWorlds();
        await expectOutcome(label, 'deny', () => updateDoc(doc(db, paths.project(w)), fieldUpdate(field, value(w))));
      });
    }
    for (const [field, value] of Object.entries(DOCUMENT_FIELDS)) {
      const label = `${WHO[role]} cannot change interview ${field}`;
      it(label, async () => {
        const { db, w } = actor(role);
        await seedWorlds();
        await expectOutcome(label, 'deny', () => updateDoc(doc(db, paths.document(w)), fieldUpdate(field, value(w))));
      });
    }
    it(`${WHO[role]} cannot change project settings or counts by setDoc with merge`, async () => {
      const { db, w } = actor(role);
      await seedWorlds();
      const ref = doc(db, paths.project(w));
      await expectOutcome(`${WHO[role]} merges settings`, 'deny', () => setDoc(ref, { settings: { redactPii: false } }, { merge: true }));
      await expectOutcome(`${WHO[role]} merges counts`, 'deny', () => setDoc(ref, { counts: { documents: 0 } }, { merge: true }));
    });
    it(`${WHO[role]} cannot rewrite the transcript text`, async () => {
      const { db, w } = actor(role);
      await seedWorlds();
      await expectOutcome(`${WHO[role]} rewrites the transcript`, 'deny', () => updateDoc(doc(db, paths.part(w)), { text: 'P1: I love this product.' }));
    });
  }

  it('a writeBatch mixing an allowed insight edit with a project change is refused whole', async () => {
    const { db, w } = actor('owner');
    await seedWorlds();
    await expectOutcome('batch: insight title + project counts', 'deny', () => {
      const batch = writeBatch(db);
      batch.update(doc(db, paths.insight(w)), { title: 'Sharper', editedAt: serverTimestamp() });
      batch.update(doc(db, paths.project(w)), { 'counts.documents': 0 });
      return batch.commit();
    });
    expect((await stored(paths.insight(w)))?.title, 'the allowed half did not land').toBe('Export is slow');
    await expectOutcome('batch: insight title + interview status', 'deny', () => {
      const batch = writeBatch(db);
      batch.update(doc(db, paths.insight(w)), { title: 'Sharper', editedAt: serverTimestamp() });
      batch.update(doc(db, paths.document(w)), { status: 'uploading' });
      return batch.commit();
    });
  });
}));

// ---- Another user's project -------------------------------------------------------------------

block(() => describe("another user cannot plant or take anything in an owner's project", () => {
  const plants: Record<string, (db: Firestore, w: World) => Promise<unknown>> = {
    'an interview of his own in it': (db, w) => setDoc(doc(db, `projects/${w.projectId}/documents/planted`), { ownerId: 'bob', projectId: w.projectId, status: 'uploading' }),
    "an interview in the owner's name": (db, w) => setDoc(doc(db, `projects/${w.projectId}/documents/planted`), { ownerId: w.uid, projectId: w.projectId, status: 'uploading' }),
    'a transcript part': (db, w) => setDoc(doc(db, `projects/${w.projectId}/documents/${w.documentId}/transcript/text-0001`), { kind: 'text', index: 1, text: 'Planted.' }),
    'stored search data': (db, w) => setDoc(doc(db, `projects/${w.projectId}/documents/${w.documentId}/searchData/chunk-0001`), { projectId: w.projectId, documentId: w.documentId, text: 'Planted.' }),
    "a part of the project's search pack": (db, w) => setDoc(doc(db, `projects/${w.projectId}/searchPack/part-0001`), { key: '1|0', pack: 'planted', part: 1, parts: 2 }),
    'an insight': (db, w) => setDoc(doc(db, `projects/${w.projectId}/insights/planted`), { ...insightData(w), source: 'manual' }),
    'a share link': (db, w) => setDoc(doc(db, `projects/${w.projectId}/shareLinks/interviews`), { token: 'b'.repeat(43), enabled: true }),
    'a public view': (db, w) => setDoc(doc(db, `projects/${w.projectId}/publicViews/interviews`), { gzip: Bytes.fromUint8Array(new Uint8Array([1])) }),
    'a public clip pointing at another file': (db, w) => setDoc(doc(db, `projects/${w.projectId}/publicClips/${w.documentId}.1.2`), { documentId: w.documentId, status: 'ready', path: 'recordings/x/clip.mp4' }),
    'a public lookup pointing at it': (db, w) => setDoc(doc(db, `shares/${'b'.repeat(43)}`), { projectId: w.projectId, kind: 'summary', enabled: true }),
    'a project in the owner’s name': (db, w) => setDoc(doc(db, 'projects/planted'), { ownerId: w.uid, name: 'Planted' }),
    'the project itself (taking it over)': (db, w) => setDoc(doc(db, paths.project(w)), { ownerId: 'bob', name: 'Mine now' }),
    'the project by a merged ownerId': (db, w) => setDoc(doc(db, paths.project(w)), { ownerId: 'bob' }, { merge: true }),
  };
  for (const [what, plant] of Object.entries(plants)) {
    it(`another user cannot write ${what}`, async () => {
      const { db, w } = actor('other-user');
      await seedWorlds();
      await expectOutcome(`bob writes ${what}`, 'deny', () => plant(db, w));
    });
  }

  it('nothing under a project that no longer exists is readable (orphans stay hidden)', async () => {
    const { db, w } = actor('owner');
    await seedWorlds({ except: paths.project(w) });
    await expectOutcome('read an orphaned insight', 'deny', () => readDoc(db, paths.insight(w)));
    await expectOutcome('list orphaned interviews', 'deny', () => readQuery(db, query(collection(db, `projects/${w.projectId}/documents`))));
  });
}));

// ---- Queries ----------------------------------------------------------------------------------

block(() => describe('queries: a list must ask for the caller’s own data', () => {
  for (const role of ['anonymous', 'other-user', 'owner', 'subscriber-owner'] as Role[]) {
    it(`${WHO[role]} cannot list projects without the ownerId filter`, async () => {
      const { db } = actor(role);
      await seedWorlds();
      await expectOutcome(`${role} lists all projects`, 'deny', () => readQuery(db, query(collection(db, 'projects'))));
      await expectOutcome(`${role} lists projects ordered by updatedAt`, 'deny', () => readQuery(db, query(collection(db, 'projects'), orderBy('updatedAt', 'desc'))));
      await expectOutcome(`${role} lists projects by name`, 'deny', () => readQuery(db, query(collection(db, 'projects'), where('name', '==', 'Study'))));
    });
  }

  it("the owner cannot ask for someone else's projects, or theirs and someone else's", async () => {
    const { db } = actor('owner');
    await seedWorlds();
    await expectOutcome("alice lists bob's projects", 'deny', () => readQuery(db, query(collection(db, 'projects'), where('ownerId', '==', 'bob'))));
    await expectOutcome('alice lists ownerId in [alice, bob]', 'deny', () => readQuery(db, query(collection(db, 'projects'), where('ownerId', 'in', ['alice', 'bob']))));
    await expectOutcome('alice lists ownerId != alice', 'deny', () => readQuery(db, query(collection(db, 'projects'), where('ownerId', '!=', 'alice'))));
  });

  it("the web client's own queries go through", async () => {
    const { db, w } = actor('owner');
    await seedWorlds();
    await expectOutcome('own projects by updatedAt (ownProjectsQuery)', 'allow', () =>
      readQuery(db, query(collection(db, 'projects'), where('ownerId', '==', w.uid), orderBy('updatedAt', 'desc'))),
    );
    await expectOutcome('own projects, limited', 'allow', () => readQuery(db, query(collection(db, 'projects'), where('ownerId', '==', w.uid), limit(1))));
    await expectOutcome('interviews by createdAt', 'allow', () => readQuery(db, query(collection(db, `projects/${w.projectId}/documents`), orderBy('createdAt', 'desc'))));
    await expectOutcome("one interview's insights (interviewInsightsQuery)", 'allow', () =>
      readQuery(db, query(collection(db, `projects/${w.projectId}/insights`), where('documentId', '==', w.documentId))),
    );
  });

  it("another user's filtered queries into an owner's project are refused", async () => {
    const { db, w } = actor('other-user');
    await seedWorlds();
    await expectOutcome("bob lists alice's insights of one interview", 'deny', () =>
      readQuery(db, query(collection(db, `projects/${w.projectId}/insights`), where('documentId', '==', w.documentId))),
    );
    await expectOutcome("bob lists alice's interviews with ownerId == bob", 'deny', () =>
      readQuery(db, query(collection(db, `projects/${w.projectId}/documents`), where('ownerId', '==', 'bob'))),
    );
  });

  const GROUPS: Record<string, (db: Firestore, uid: string) => Query> = {
    'documents (even filtered by ownerId)': (db, uid) => query(collectionGroup(db, 'documents'), where('ownerId', '==', uid)),
    'insights': (db) => query(collectionGroup(db, 'insights')),
    'transcript': (db) => query(collectionGroup(db, 'transcript')),
    'searchData (even filtered by ownerId)': (db, uid) => query(collectionGroup(db, 'searchData'), where('ownerId', '==', uid)),
    'searchPack': (db) => query(collectionGroup(db, 'searchPack')),
    'shareLinks (tokens)': (db) => query(collectionGroup(db, 'shareLinks')),
    'publicViews': (db) => query(collectionGroup(db, 'publicViews')),
    'publicClips': (db) => query(collectionGroup(db, 'publicClips')),
    'synthesis': (db) => query(collectionGroup(db, 'synthesis')),
  };
  for (const [group, q] of Object.entries(GROUPS)) {
    it(`nobody runs a collection-group query over ${group}`, async () => {
      const { db, w } = actor('owner');
      await seedWorlds();
      await expectOutcome(`collection group ${group}`, 'deny', () => readQuery(db, q(db, w.uid)));
    });
  }

  it('nobody lists the server-only collections, filtered or not', async () => {
    const { db, w } = actor('owner');
    await seedWorlds();
    for (const name of ['users', 'shares', 'billingCustomers', 'stripeEvents', 'accountUsage', 'contactRequests']) {
      await expectOutcome(`list ${name}`, 'deny', () => readQuery(db, query(collection(db, name))));
    }
    await expectOutcome('shares by enabled', 'deny', () => readQuery(db, query(collection(db, 'shares'), where('enabled', '==', true))));
    await expectOutcome('stripe customers by uid', 'deny', () => readQuery(db, query(collection(db, 'billingCustomers'), where('uid', '==', w.uid))));
  });
}));
