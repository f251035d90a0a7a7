/**
 * Each account's search index, built from Firestore on the first search and kept current from then on: every search
 * first reads a small signature of each of the caller's projects (how many interviews and insights, when the latest
 * changed) and brings up to date only what changed, one interview or one project's insights at a time. Nothing is
 * stored besides Firestore itself, so whatever writes the data (API, triggers, the researcher's own edits under the
 * rules), the next search sees it. Each function instance holds the indexes of its most recent accounts.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { loadWordVectors, type WordVectors } from '../analysis/meaning';
import { COLLECTIONS } from '@verbatim/contract/constants';
import type { TagGroup } from '@verbatim/contract/insight';
import type { TranscriptDocument } from '@verbatim/contract/project';
import { joinTranscript, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import { insightsCollection } from '../insights/refs';
import { documentConverter, projectConverter } from '../projects/converters';
import { projectRef, transcriptCollection } from '../projects/refs';
import { insightEntries, passageEntries } from './search-entries';
import { SearchIndex } from './search-index';

/** Accounts whose index one instance keeps (least recently searched dropped first). */
export const CACHED_ACCOUNTS = 8;

/** Interviews whose transcript is stored. */
const WITH_TEXT = new Set(['parsed', 'analyzing', 'ready']);

export interface IndexedDocument {
  name: string;
  /** What the passages depend on: the text is there, and the speakers' labels and roles. */
  stamp: string;
  groupedTags: TagGroup[];
}

export interface IndexedProject {
  name: string;
  signature: string;
  documents: Map<string, IndexedDocument>;
  /** Each interview's stored text, to check quotes are still verbatim. */
  texts: Map<string, string>;
}

export interface AccountIndex {
  index: SearchIndex;
  projects: Map<string, IndexedProject>;
}

interface CacheSlot {
  account: AccountIndex;
  refreshing: Promise<void>;
}

const cache = new Map<string, CacheSlot>();

function millis(value: unknown): number {
  return value instanceof Timestamp ? value.toMillis() : 0;
}

/** A project's signature: any new, changed or deleted interview or insight changes it. */
async function projectSignature(db: Firestore, projectId: string, updatedAt: Date): Promise<string> {
  const project = db.collection(COLLECTIONS.projects).doc(projectId);
  const documents = project.collection(COLLECTIONS.documents);
  const insights = project.collection(COLLECTIONS.insights);
  const [docCount, lastDoc, insightCount, lastEdit] = await Promise.all([
    documents.count().get(),
    documents.orderBy('updatedAt', 'desc').limit(1).select('updatedAt').get(),
    insights.count().get(),
    insights.orderBy('editedAt', 'desc').limit(1).select('editedAt').get(),
  ]);
  return [
    updatedAt.getTime(),
    docCount.data().count,
    millis(lastDoc.docs[0]?.get('updatedAt')),
    insightCount.data().count,
    millis(lastEdit.docs[0]?.get('editedAt')),
  ].join('|');
}

function documentStamp(doc: TranscriptDocument): string {
  return WITH_TEXT.has(doc.status) ? `text|${doc.speakers.map((s) => `${s.label}:${s.role}`).join('|')}` : 'none';
}

/** Brings one project's entries up to date: changed interviews' passages, and the project's insights. */
async function refreshProject(db: Firestore, account: AccountIndex, projectId: string, name: string, signature: string): Promise<void> {
  const known = account.projects.get(projectId) ?? { name, signature: '', documents: new Map(), texts: new Map() };
  const [documents, insights] = await Promise.all([
    projectRef(db, projectId).collection(COLLECTIONS.documents).withConverter(documentConverter).get(),
    insightsCollection(db, projectId).get(),
  ]);
  const current = new Map<string, IndexedDocument>();
  await Promise.all(
    documents.docs.map(async (snapshot) => {
      const doc = snapshot.data();
      const stamp = documentStamp(doc);
      current.set(doc.id, { name: doc.name, stamp, groupedTags: doc.analysis?.groupedTags ?? [] });
      if (known.documents.get(doc.id)?.stamp === stamp) return;
      const group = `${projectId}:doc:${doc.id}`;
      if (stamp === 'none') {
        account.index.removeGroup(group);
        known.texts.delete(doc.id);
        return;
      }
      const parts = await transcriptCollection(db, projectId, doc.id).get();
      const labels = doc.speakers.map((s) => s.label);
      const content = joinTranscript(parts.docs.map((p) => p.data() as TranscriptPart), labels);
      known.texts.set(doc.id, content.text);
      const participants = new Set(doc.speakers.filter((s) => s.role === 'participant').map((s) => s.label));
      account.index.replaceGroup(group, passageEntries({ projectId, documentId: doc.id, ...content, participants }));
    }),
  );
  for (const id of known.documents.keys()) {
    if (current.has(id)) continue;
    account.index.removeGroup(`${projectId}:doc:${id}`);
    known.texts.delete(id);
  }
  const groups = [...current.values()].flatMap((d) => d.groupedTags);
  const texts = new Map([...known.texts].filter(([id]) => current.get(id)?.stamp !== 'none'));
  account.index.replaceGroup(`${projectId}:insights`, insightEntries(projectId, insights.docs.map((d) => d.data()), groups, texts));
  account.projects.set(projectId, { name, signature, documents: current, texts });
}

async function refreshAccount(db: Firestore, uid: string, account: AccountIndex): Promise<void> {
  const projects = await db.collection(COLLECTIONS.projects).where('ownerId', '==', uid).withConverter(projectConverter).get();
  const owned = new Set(projects.docs.map((d) => d.id));
  for (const projectId of [...account.projects.keys()]) {
    if (owned.has(projectId)) continue;
    for (const group of account.index.groupsStartingWith(`${projectId}:`)) account.index.removeGroup(group);
    account.projects.delete(projectId);
  }
  await Promise.all(
    projects.docs.map(async (snapshot) => {
      const project = snapshot.data();
      const signature = await projectSignature(db, project.id, project.updatedAt);
      const known = account.projects.get(project.id);
      if (known && known.signature === signature) {
        known.name = project.name;
        return;
      }
      await refreshProject(db, account, project.id, project.name, signature);
    }),
  );
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
  else slot = { account: { index: new SearchIndex(await wordVectorsOrNone()), projects: new Map() }, refreshing: Promise.resolve() };
  cache.set(uid, slot); // most recent last
  while (cache.size > CACHED_ACCOUNTS) cache.delete(cache.keys().next().value as string);
  const account = slot.account;
  const next = slot.refreshing.catch(() => undefined).then(() => refreshAccount(db, uid, account));
  slot.refreshing = next;
  await next;
  return account;
}

/** Forgets every cached index (tests and benchmarks: a cold instance). */
export function forgetAccountIndexes(): void {
  cache.clear();
}
