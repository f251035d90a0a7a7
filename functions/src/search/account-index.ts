/**
 * Each account's search index, built from Firestore on the first search and kept current from then on: every search
 * first reads a small signature of each of the caller's projects (how many interviews and insights, when the latest
 * changed) and brings up to date only what changed, one interview or one project's insights at a time. Interviews'
 * passages come from their stored search data (passage-store.ts), so a cold instance reads and merges instead of
 * cutting, stemming and embedding every transcript; insights are few and read as they are. Whatever writes the data
 * (API, triggers, the researcher's own edits under the rules), the next search sees it. Each function instance holds
 * the indexes of its most recent accounts.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions';
import { loadWordVectors, type WordVectors } from '../analysis/meaning';
import { COLLECTIONS } from '@verbatim/contract/constants';
import type { Insight, TagGroup } from '@verbatim/contract/insight';
import type { Project, Interview } from '@verbatim/contract/project';
import { insightsCollection } from '../insights/refs';
import { projectConverter } from '../projects/converters';
import { documentPassages, passageGroup, passageSource, readProjectChunks, WITH_TEXT } from './passage-store';
import { insightEntries, type SearchEntry } from './search-entries';
import { SearchIndex } from './search-index';
import { readPack, writePackQuietly } from './pack-store';
import { decodePack, interviewsKey, encodePack, type PackedInterview, type PackPart } from './project-pack';
import { decodePassages, isCurrent, type PreparedGroup, type StoredChunk } from './stored-passages';
import { interviewsCollection } from '../interviews/interview-refs';

/** Accounts whose index one instance keeps (least recently searched dropped first). */
export const CACHED_ACCOUNTS = 8;

export interface IndexedInterview {
  name: string;
  /** What the passages depend on: the text is there, and the speakers' labels and roles. */
  stamp: string;
  groupedTags: TagGroup[];
}

export interface IndexedProject {
  name: string;
  signature: string;
  documents: Map<string, IndexedInterview>;
  /** Each interview's stored text, to check quotes are still verbatim. */
  texts: Map<string, string>;
}

export interface AccountIndex {
  index: SearchIndex;
  /** The word-vector table meanings come from (null: words alone). */
  vectors: WordVectors | null;
  projects: Map<string, IndexedProject>;
}

interface CacheSlot {
  /** The index, once its word vectors are loaded (a new slot: after its first refresh's reads). */
  account: AccountIndex | null;
  /** A new slot's index, made as soon as its word vectors are loaded. */
  creating: Promise<AccountIndex>;
  refreshing: Promise<void>;
}

const cache = new Map<string, CacheSlot>();

function millis(value: unknown): number {
  return value instanceof Timestamp ? value.toMillis() : 0;
}

/** A project's signature: any new, changed or deleted interview or insight changes it. */
function signatureOf(updatedAt: Date, documents: number, lastDocument: number, insights: number, lastEdit: number): string {
  return [updatedAt.getTime(), interviewsKey(documents, lastDocument), insights, lastEdit].join('|');
}

/** The signature of a project already indexed, read with four small queries (counts and latest changes). */
async function projectSignature(db: Firestore, projectId: string, updatedAt: Date): Promise<string> {
  const project = db.collection(COLLECTIONS.projects).doc(projectId);
  const documents = interviewsCollection(db, projectId);
  const insights = project.collection(COLLECTIONS.insights);
  const [docCount, lastDoc, insightCount, lastEdit] = await Promise.all([
    documents.count().get(),
    documents.orderBy('updatedAt', 'desc').limit(1).select('updatedAt').get(),
    insights.count().get(),
    insights.orderBy('editedAt', 'desc').limit(1).select('editedAt').get(),
  ]);
  return signatureOf(updatedAt, docCount.data().count, millis(lastDoc.docs[0]?.get('updatedAt')), insightCount.data().count, millis(lastEdit.docs[0]?.get('editedAt')));
}

/** The latest time `field` holds among `docs` (0 for none). */
function latestMillis(docs: readonly FirebaseFirestore.DocumentSnapshot[], field: string): number {
  return docs.reduce((max, d) => Math.max(max, millis(d.get(field))), 0);
}

/** The same signature from the project's interviews and insights as read (what a first read of a project has anyway). */
function signatureFromRead(updatedAt: Date, documents: readonly FirebaseFirestore.DocumentSnapshot[], insights: readonly FirebaseFirestore.DocumentSnapshot[]): string {
  return signatureOf(updatedAt, documents.length, latestMillis(documents, 'updatedAt'), insights.length, latestMillis(insights, 'editedAt'));
}

function documentStamp(doc: Interview): string {
  return WITH_TEXT.has(doc.status) ? `${passageSource(doc)}|${doc.speakers.map((s) => `${s.label}:${s.role}`).join('|')}` : 'none';
}

interface ProjectChanges {
  /** Changed interviews' passages, ready to merge. */
  passages: PreparedGroup[];
  /** The project's insights, once the passages are in (their quotes are checked against the texts). */
  insights: { group: string; entries: SearchEntry[] };
}

/** One interview as a refresh read it: from Firestore (`doc`), or from its project's pack (`packed`). */
interface InterviewRead extends IndexedInterview {
  id: string;
  doc?: Interview;
  packed?: PackedInterview;
}

/** What one project's refresh read: its interviews and insights, its signature, and (read alongside) its stored data. */
interface ProjectRead {
  project: Project;
  signature: string;
  interviews: InterviewRead[];
  insights: Insight[];
  /** Every interview's stored chunks, when read with the rest (a project new to this index, without a usable pack). */
  stored?: Map<string, StoredChunk[]>;
  /** How many parts the project's pack has (a pack in use, or one to write over). */
  packParts: number;
  /** The key of the interviews read one by one, for a new pack of them (a project new to this index). */
  repack?: string;
}

const fromFirestore = (doc: Interview): InterviewRead => ({ id: doc.id, name: doc.name, stamp: documentStamp(doc), groupedTags: doc.analysis?.groupedTags ?? [], doc });
const fromPack = (packed: PackedInterview): InterviewRead => ({ id: packed.id, name: packed.name, stamp: packed.stamp, groupedTags: packed.groupedTags, packed });

/**
 * Reads a project whose signature changed (its interviews and insights), or all of a project new to this index
 * (`signature` null) without a usable pack: then its stored search data is read in the same round trip (each chunk
 * says which transcript it was made from, so reading it first is safe), and the signature comes from what was read.
 */
async function readProject(db: Firestore, project: Project, signature: string | null, packParts = 0): Promise<ProjectRead> {
  const [documents, insights, stored] = await Promise.all([
    interviewsCollection(db, project.id).get(),
    insightsCollection(db, project.id).get(),
    signature === null ? readProjectChunks(db, project.id) : undefined,
  ]);
  return {
    project,
    signature: signature ?? signatureFromRead(project.updatedAt, documents.docs, insights.docs),
    interviews: documents.docs.map((d) => fromFirestore(d.data())),
    insights: insights.docs.map((d) => d.data()),
    stored,
    packParts,
    repack: signature === null ? interviewsKey(documents.size, latestMillis(documents.docs, 'updatedAt')) : undefined,
  };
}

/**
 * A project new to this index: its pack, if it was made from the interviews the project has now (their count and
 * latest change, read alongside), with its insights; else everything read one by one.
 */
async function readNewProject(db: Firestore, project: Project): Promise<ProjectRead> {
  const documents = interviewsCollection(db, project.id);
  const [parts, count, last, insights] = await Promise.all([
    readPack(db, project.id),
    documents.count().get(),
    documents.orderBy('updatedAt', 'desc').limit(1).select('updatedAt').get(),
    insightsCollection(db, project.id).get(),
  ]);
  const lastChange = millis(last.docs[0]?.get('updatedAt'));
  const packed = usablePack(project.id, parts, interviewsKey(count.data().count, lastChange));
  if (!packed) return readProject(db, project, null, parts.length);
  return {
    project,
    signature: signatureOf(project.updatedAt, count.data().count, lastChange, insights.size, latestMillis(insights.docs, 'editedAt')),
    interviews: packed.map(fromPack),
    insights: insights.docs.map((d) => d.data()),
    packParts: parts.length,
  };
}

function usablePack(projectId: string, parts: PackPart[], key: string): PackedInterview[] | null {
  if (parts.length === 0) return null;
  try {
    return decodePack(parts, key);
  } catch (err) {
    logger.warn('search.pack-unreadable', { projectId, error: err instanceof Error ? err.message : String(err) });
    return null;
  }
}

/** Whether every packed interview's chunks are current for the word vectors in use. */
function packIsCurrent(read: ProjectRead, vectors: WordVectors | null): boolean {
  return read.interviews.every((i) => !i.packed || i.stamp === 'none' || isCurrent(i.packed.chunks, i.packed.source, vectors));
}

/** The interviews read one by one as a pack, when each has current stored data (else none: a later read tries again). */
function packOf(read: ProjectRead, vectors: WordVectors | null): PackedInterview[] | null {
  const interviews: PackedInterview[] = [];
  for (const { doc, ...i } of read.interviews) {
    if (!doc) return null;
    const source = passageSource(doc);
    const chunks = i.stamp === 'none' ? [] : (read.stored?.get(i.id) ?? []);
    if (i.stamp !== 'none' && !isCurrent(chunks, source, vectors)) return null;
    interviews.push({ id: i.id, name: i.name, stamp: i.stamp, groupedTags: i.groupedTags, speakers: doc.speakers.map(({ label, role }) => ({ label, role })), source, chunks });
  }
  return interviews;
}

const packWrites = new Set<Promise<void>>();

/** Writes of packs still under way (tests and benchmarks wait for them; a search never does). */
export async function pendingPackWrites(): Promise<void> {
  await Promise.all([...packWrites]);
}

function repack(db: Firestore, read: ProjectRead, vectors: WordVectors | null): void {
  const interviews = read.repack === undefined ? null : packOf(read, vectors);
  if (!interviews || read.repack === undefined) return;
  const write = writePackQuietly(db, read.project.id, encodePack(read.repack, randomUUID(), interviews), read.packParts);
  packWrites.add(write);
  void write.finally(() => packWrites.delete(write));
}

/**
 * What changed in one project: changed interviews' passages (from its pack or their stored search data; built and
 * stored when missing), removed interviews dropped, and the project's insights.
 */
async function refreshProject(db: Firestore, account: AccountIndex, first: ProjectRead): Promise<ProjectChanges> {
  // A pack made for other word vectors (a new table): the interviews one by one instead.
  const read = packIsCurrent(first, account.vectors) ? first : await readProject(db, first.project, null, first.packParts);
  const { signature } = read;
  const { id: projectId, name } = read.project;
  const known = account.projects.get(projectId) ?? { name, signature: '', documents: new Map(), texts: new Map() };
  const current = new Map<string, IndexedInterview>();
  const changed: InterviewRead[] = [];
  for (const interview of read.interviews) {
    const { id, stamp } = interview;
    current.set(id, { name: interview.name, stamp, groupedTags: interview.groupedTags });
    if (known.documents.get(id)?.stamp === stamp) continue;
    if (stamp !== 'none') changed.push(interview);
    else {
      account.index.removeGroup(passageGroup(projectId, id));
      known.texts.delete(id);
    }
  }
  // Several changed interviews (a new project, many uploads): the project's stored data in one query.
  const readOneByOne = changed.filter((i) => i.doc).length;
  const stored = read.stored ?? (readOneByOne > 1 ? await readProjectChunks(db, projectId) : undefined);
  const passages = await Promise.all(
    changed.map(async ({ id, doc, packed }) => {
      const { prepared, text } = packed
        ? decodePassages(passageGroup(projectId, id), packed.chunks, { projectId, documentId: id, speakers: packed.speakers, dims: account.vectors?.dims ?? 0 })
        : await documentPassages(db, doc!, stored ? (stored.get(id) ?? []) : undefined, account.vectors);
      known.texts.set(id, text);
      return prepared;
    }),
  );
  for (const id of known.documents.keys()) {
    if (current.has(id)) continue;
    account.index.removeGroup(passageGroup(projectId, id));
    known.texts.delete(id);
  }
  const groups = [...current.values()].flatMap((d) => d.groupedTags);
  const texts = new Map([...known.texts].filter(([id]) => current.get(id)?.stamp !== 'none'));
  account.projects.set(projectId, { name, signature, documents: current, texts });
  repack(db, read, account.vectors);
  return { passages, insights: { group: `${projectId}:insights`, entries: insightEntries(projectId, read.insights, groups, texts) } };
}

/**
 * Brings `slot`'s index up to date. Reading comes first and needs nothing loaded: projects this index knows are
 * checked by their signature, the others read whole at once. The word vectors of a new slot load meanwhile; they
 * are needed only to decode.
 */
async function refreshAccount(db: Firestore, uid: string, slot: CacheSlot): Promise<void> {
  const projects = await db.collection(COLLECTIONS.projects).where('ownerId', '==', uid).withConverter(projectConverter).get();
  const indexed = slot.account?.projects ?? new Map<string, IndexedProject>();
  const reads = projects.docs.map(async (snapshot): Promise<ProjectRead | null> => {
    const project = snapshot.data();
    const known = indexed.get(project.id);
    if (!known) return readNewProject(db, project);
    const signature = await projectSignature(db, project.id, project.updatedAt);
    if (known.signature === signature) {
      known.name = project.name;
      return null;
    }
    return readProject(db, project, signature);
  });
  const [account, changedProjects] = await Promise.all([slot.account ?? slot.creating, Promise.all(reads)]);
  slot.account = account;
  const owned = new Set(projects.docs.map((d) => d.id));
  for (const projectId of [...account.projects.keys()]) {
    if (owned.has(projectId)) continue;
    for (const group of account.index.groupsStartingWith(`${projectId}:`)) account.index.removeGroup(group);
    account.projects.delete(projectId);
  }
  const changes = await Promise.all(changedProjects.map((read) => (read ? refreshProject(db, account, read) : null)));
  // Passages first: into an empty index (a cold instance) they load at once.
  account.index.replacePrepared(changes.flatMap((c) => c?.passages ?? []));
  for (const c of changes) if (c) account.index.replaceGroup(c.insights.group, c.insights.entries);
}

async function wordVectorsOrNone(): Promise<WordVectors | null> {
  try {
    return await loadWordVectors();
  } catch {
    return null; // words alone until the table is there
  }
}

/**
 * The caller's index, current as of this call. Only `uid`'s own projects (`ownerId == uid`) are ever read into
 * it; concurrent searches of one account share one refresh.
 */
export async function currentAccountIndex(db: Firestore, uid: string): Promise<AccountIndex> {
  let slot = cache.get(uid);
  if (slot) cache.delete(uid);
  else {
    const creating = wordVectorsOrNone().then((vectors): AccountIndex => ({ index: new SearchIndex(vectors), vectors, projects: new Map() }));
    slot = { account: null, creating, refreshing: Promise.resolve() };
  }
  cache.set(uid, slot); // most recent last
  while (cache.size > CACHED_ACCOUNTS) cache.delete(cache.keys().next().value as string);
  const current = slot;
  const next = current.refreshing.catch(() => undefined).then(() => refreshAccount(db, uid, current));
  current.refreshing = next;
  await next;
  return current.account ?? current.creating;
}

/** Forgets every cached index (tests and benchmarks: a cold instance). */
export function forgetAccountIndexes(): void {
  cache.clear();
}
