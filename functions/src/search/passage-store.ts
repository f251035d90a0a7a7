/**
 * The stored search data of each interview, server-only: `projects/{p}/documents/{d}/searchData/{chunk}` (see
 * stored-passages.ts for what a chunk holds). Written when an interview's analysis has run, and on first use for an
 * interview that has none or whose data is out of date; deleted with its interview or project (Firestore's recursive
 * delete takes the subcollection along). A cold instance reads one query per project instead of every transcript.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { loadWordVectors, type WordVectors } from '../analysis/meaning';
import type { Interview } from '@verbatim/contract/project';
import { joinTranscript, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import { interviewRef, transcriptCollection } from '../interviews/interview-refs';
import { passageEntries } from './search-entries';
import { decodePassages, encodePassages, isCurrent, preparePassages, type PreparedGroup, type StoredChunk } from './stored-passages';

export const SEARCH_DATA = 'searchData';

/** Interviews whose transcript is stored. */
export const WITH_TEXT = new Set(['parsed', 'analyzing', 'ready']);

export function passageGroup(projectId: string, documentId: string): string {
  return `${projectId}:doc:${documentId}`;
}

/**
 * What an interview's passages are cut from: its transcript, written when the file is parsed and again by each
 * correction (its `transcriptVersion`), so a corrected interview's stored passages are never taken for current.
 */
export function passageSource(doc: Pick<Interview, 'wordCount' | 'turnCount' | 'createdAt' | 'transcriptVersion'>): string {
  const read = `${doc.wordCount}|${doc.turnCount}|${doc.createdAt.getTime()}`;
  return doc.transcriptVersion ? `${read}|v${doc.transcriptVersion}` : read;
}

function searchDataCollection(db: Firestore, projectId: string, documentId: string) {
  return interviewRef(db, projectId, documentId).collection(SEARCH_DATA);
}

function asChunk(data: FirebaseFirestore.DocumentData): StoredChunk {
  return data as StoredChunk; // Buffers are Uint8Arrays
}

const byChunk = (a: StoredChunk, b: StoredChunk) => a.chunk - b.chunk;

/** Every stored chunk of a project's interviews, by interview (one query). */
export async function readProjectChunks(db: Firestore, projectId: string): Promise<Map<string, StoredChunk[]>> {
  const snapshot = await db.collectionGroup(SEARCH_DATA).where('projectId', '==', projectId).get();
  const found = new Map<string, StoredChunk[]>();
  for (const d of snapshot.docs) {
    const documentId = d.get('documentId') as string;
    const list = found.get(documentId) ?? [];
    list.push(asChunk(d.data()));
    found.set(documentId, list);
  }
  for (const list of found.values()) list.sort(byChunk);
  return found;
}

async function readDocumentChunks(db: Firestore, projectId: string, documentId: string): Promise<StoredChunk[]> {
  const snapshot = await searchDataCollection(db, projectId, documentId).get();
  return snapshot.docs.map((d) => asChunk(d.data())).sort(byChunk);
}

/** An interview's passages built from its transcript (terms counted, meanings computed), and its text. */
async function buildPassages(db: Firestore, doc: Interview, vectors: WordVectors | null): Promise<{ prepared: PreparedGroup; text: string }> {
  const parts = await transcriptCollection(db, doc.projectId, doc.id).get();
  const labels = doc.speakers.map((s) => s.label);
  const content = joinTranscript(parts.docs.map((p) => p.data() as TranscriptPart), labels);
  const participants = new Set(doc.speakers.filter((s) => s.role === 'participant').map((s) => s.label));
  const entries = passageEntries({ projectId: doc.projectId, documentId: doc.id, ...content, participants });
  return { prepared: preparePassages(passageGroup(doc.projectId, doc.id), entries, vectors), text: content.text };
}

/** A chunk as its Firestore document: its owner's keys beside it, the binary fields as Buffers (Firestore bytes). */
export function chunkDocument(chunk: StoredChunk, keys: { ownerId: string; projectId: string; documentId: string }): Record<string, unknown> {
  const data: Record<string, unknown> = { ...chunk, ...keys };
  for (const field of ['text', 'index', 'meanings'] as const) data[field] = Buffer.from(chunk[field]);
  return data;
}

export function chunkId(k: number): string {
  return `chunk-${String(k).padStart(4, '0')}`;
}

async function writeChunks(db: Firestore, doc: Interview, chunks: readonly StoredChunk[], previous: number): Promise<void> {
  const collection = searchDataCollection(db, doc.projectId, doc.id);
  const keys = { ownerId: doc.ownerId, projectId: doc.projectId, documentId: doc.id };
  // One chunk at a time: each is up to ~0.7 MB, and a batch request has a size limit of its own.
  for (const chunk of chunks) await collection.doc(chunkId(chunk.chunk)).set(chunkDocument(chunk, keys));
  for (let k = chunks.length; k < previous; k++) await collection.doc(chunkId(k)).delete();
  // An interview deleted meanwhile (its recursive delete ran before these writes) keeps nothing behind.
  if (!(await interviewRef(db, doc.projectId, doc.id).get()).exists) await db.recursiveDelete(collection);
}

/**
 * An interview's passages for the index: from its stored data when current, else built from its transcript and
 * stored for next time (a failed write is logged; the search goes on).
 */
export async function documentPassages(
  db: Firestore,
  doc: Interview,
  stored: readonly StoredChunk[] | undefined,
  vectors: WordVectors | null,
): Promise<{ prepared: PreparedGroup; text: string }> {
  const source = passageSource(doc);
  const chunks = stored ?? (await readDocumentChunks(db, doc.projectId, doc.id));
  if (isCurrent(chunks, source, vectors)) {
    return decodePassages(passageGroup(doc.projectId, doc.id), chunks, { projectId: doc.projectId, documentId: doc.id, speakers: doc.speakers, dims: vectors?.dims ?? 0 });
  }
  const built = await buildPassages(db, doc, vectors);
  try {
    const labels = doc.speakers.map((s) => s.label);
    await writeChunks(db, doc, encodePassages(built.prepared, built.text, labels, source, vectors), chunks.length);
  } catch (err) {
    logger.warn('search.store-failed', { projectId: doc.projectId, documentId: doc.id, error: err instanceof Error ? err.message : String(err) });
  }
  return built;
}

/**
 * Makes sure an interview's search data is stored and current (after its analysis has run): nothing is written when
 * it already is, or when the interview has no transcript.
 */
export async function storeSearchData(db: Firestore, projectId: string, documentId: string, vectors: WordVectors | null): Promise<void> {
  const doc = (await interviewRef(db, projectId, documentId).get()).data();
  if (!doc || !WITH_TEXT.has(doc.status)) return;
  await documentPassages(db, doc, undefined, vectors);
}

/**
 * After an interview's analysis has run: its search data stored, so no search has to build it. Never fails the
 * caller (a search builds what is missing).
 */
export async function storeSearchDataAfterAnalysis(db: Firestore, projectId: string, documentId: string): Promise<void> {
  try {
    const vectors = await loadWordVectors().catch(() => null);
    await storeSearchData(db, projectId, documentId, vectors);
  } catch (err) {
    logger.warn('search.store-failed', { projectId, documentId, error: err instanceof Error ? err.message : String(err) });
  }
}
