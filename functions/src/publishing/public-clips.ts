import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import type { Interview } from '@verbatim/contract/project';
import { parsePublicClipId, publicClipId, type UnplayableQuote } from '@verbatim/contract/share';
import { ClipBoundsRefused, clipMoment } from '../clips/clip-bounds';
import { logs } from '../lib/logs';
import { projectRef } from '../projects/refs';
import { interviewRef } from '../interviews/interview-refs';
import { interviewTranscript } from '../interviews/interview-transcript';
import { ClipCutFailed, cutClip, type ClipRequest, type CutClip } from '../recordings/cut-clip';
import { cutOnce } from '../recordings/cut-once';
import type { RecordingBytes } from '../recordings/read-bytes';
import { readyRecordingOf, recordingBytesOf, recordingIdentity, type ReadyRecording } from '../recordings/recording-source';
import type { RecordingStore } from '../storage/recording-store';
import { gunzipView, publicViewRef } from './public-view-store';
import { shareRef } from './share-service';

/**
 * A public page's quotes, heard as clips: a visitor receives the quoted moment (cut on the server, see
 * recordings/cut-clip.ts) and never the recording. Every request is checked anew: the link is on, playing quotes is on,
 * the quote is on the shared page, its interview and recording still exist. A clip is cut once and kept beside the
 * share's data (`publicClips/{projectId}/{documentId}/` in the recording store, `projects/{p}/publicClips/{clipId}` in
 * Firestore) until the link or its playing is turned off, or the quote, interview, recording or project goes.
 */

/** The folder of a project's clips, or of one interview's, in the recording store. */
export function publicClipPrefix(projectId: string, documentId?: string): string {
  return `publicClips/${projectId}/${documentId ? `${documentId}/` : ''}`;
}

/** One clip's folder: its file is the only one in it. */
function clipFolder(projectId: string, documentId: string, clipId: string): string {
  return `${publicClipPrefix(projectId, documentId)}${clipId}/`;
}

function clipRef(db: Firestore, projectId: string, clipId: string) {
  return projectRef(db, projectId).collection(COLLECTIONS.publicClips).doc(clipId);
}

/** What is kept of a clip (`projects/{p}/publicClips/{clipId}`, server-only). */
interface ClipRecord {
  documentId: string;
  status: 'cutting' | 'ready' | 'failed';
  /** The recording and transcript it was cut from: a replaced recording or corrected transcript means a new cut. */
  source: string;
  path?: string;
  size?: number;
  contentType?: string;
  from?: number;
  to?: number;
  reason?: string;
  /** A clip that could not be cut: its interview's name, for the owner's note. */
  interviewName?: string;
  updatedAt: Date;
}

export type ClipAnswer =
  /** Not to be played here, whatever the reason: the same answer for a forged id, a quote without a recording… */
  | { kind: 'refused'; disabled: boolean }
  /** The quote is on the page but its recording cannot be cut there. */
  | { kind: 'unplayable' }
  | { kind: 'clip'; path: string; size: number; contentType: string };

export interface ClipDeps {
  db: Firestore;
  store: RecordingStore;
  cut?: (source: RecordingBytes, clip: ClipRequest) => Promise<CutClip>;
  /** How long another instance's cut of the same clip is waited for before this one cuts it. */
  cutLeaseMs?: number;
  /** The cuts in flight in this instance (default: the module's own; a test gives each simulated instance one). */
  inFlight?: Map<string, Promise<ClipAnswer>>;
}

const REFUSED: ClipAnswer = { kind: 'refused', disabled: false };
const DISABLED: ClipAnswer = { kind: 'refused', disabled: true };
const DEFAULT_LEASE_MS = 90_000;

/** What each project's interviews page shows (its quotes' clip ids, its findings' ids), by the view's generation (read once per generation). */
const viewQuotes = new Map<string, { generation: unknown; page: PageContents }>();

/** The quotes (as clip ids) and findings an interviews page shows. */
export interface PageContents {
  ids: Set<string>;
  insightIds: Set<string>;
}

async function quotesOnPage(db: Firestore, projectId: string): Promise<Set<string>> {
  return (await interviewsPageContents(db, projectId)).ids;
}

/** The quotes and findings the project's public interviews page shows now (empty without one). */
export async function interviewsPageContents(db: Firestore, projectId: string): Promise<PageContents> {
  const snap = await publicViewRef(db, projectId, 'interviews').get();
  const gzip = snap.get('gzip') as Buffer | undefined;
  if (!gzip) return { ids: new Set(), insightIds: new Set() };
  const generation = `${String(snap.get('generation'))}|${snap.updateTime?.toMillis() ?? ''}`;
  const held = viewQuotes.get(projectId);
  if (held && held.generation === generation) return held.page;
  const view = JSON.parse(gunzipView(Buffer.from(gzip)).toString('utf8')) as { insights?: { id?: string; quotes?: { documentId: string; start: number; end: number }[] }[] };
  const page = { ids: clipIdsOfView(view), insightIds: new Set((view.insights ?? []).map((i) => String(i.id))) };
  viewQuotes.set(projectId, { generation, page });
  if (viewQuotes.size > 1000) viewQuotes.delete(viewQuotes.keys().next().value!);
  return page;
}

/** The clip ids of every quote an interviews view shows. */
export function clipIdsOfView(view: { insights?: { quotes?: { documentId: string; start: number; end: number }[] }[] }): Set<string> {
  const ids = new Set<string>();
  for (const insight of view.insights ?? []) for (const quote of insight.quotes ?? []) ids.add(publicClipId(quote));
  return ids;
}

/** Checks a visitor's request for a clip and answers what to send (cutting it first when it is not cut yet). */
export async function publicClip(deps: ClipDeps, token: string, clipId: string): Promise<ClipAnswer> {
  const { db } = deps;
  const quote = parsePublicClipId(clipId);
  const share = (await shareRef(db, token).get()).data();
  if (!share || share.kind !== 'interviews' || share.enabled !== true) return DISABLED;
  if (share.playRecordings !== true || !quote) return REFUSED;
  const projectId = String(share.projectId);
  const [onPage, doc] = await Promise.all([quotesOnPage(db, projectId), interviewRef(db, projectId, quote.documentId).get().then((s) => s.data())]);
  const ready = doc && readyRecordingOf(doc);
  if (!onPage.has(clipId) || !doc || !ready) return REFUSED;

  const source = recordingIdentity(ready.recording, doc.transcriptVersion);
  const held = (await clipRef(db, projectId, clipId).get()).data() as ClipRecord | undefined;
  if (held?.source === source && held.status === 'ready' && held.path) {
    const stored = await deps.store.stat(held.path);
    if (stored) return { kind: 'clip', path: held.path, size: stored.size, contentType: held.contentType ?? stored.contentType };
  }
  if (held?.source === source && held.status === 'failed') return { kind: 'unplayable' };
  // Visitors asking for the same clip together wait for one cut.
  return cutOnce(deps.inFlight ?? cutting, `${projectId}/${clipId}|${source}`, () => claimAndCut(deps, projectId, clipId, { doc, ...ready }, source));
}

/** Cuts in flight in this instance. */
const cutting = new Map<string, Promise<ClipAnswer>>();

/** The interview of a clip being cut, and its recording (ready). */
type ClipSource = ReadyRecording & { doc: Interview };

/**
 * Another instance cutting the same clip holds a lease on its record: this one waits for its result (up to the lease);
 * otherwise this one takes the lease and cuts.
 */
async function claimAndCut(deps: ClipDeps, projectId: string, clipId: string, from: ClipSource, source: string): Promise<ClipAnswer> {
  const { db } = deps;
  const ref = clipRef(db, projectId, clipId);
  const leaseMs = deps.cutLeaseMs ?? DEFAULT_LEASE_MS;
  for (;;) {
    const claimed = await db.runTransaction(async (tx) => {
      const held = (await tx.get(ref)).data() as ClipRecord | undefined;
      const now = new Date();
      if (held?.source === source && held.status !== 'cutting') return held;
      if (held?.source === source && held.status === 'cutting' && now.getTime() - toMillis(held.updatedAt) < leaseMs) return 'wait' as const;
      const record: ClipRecord = { documentId: from.doc.id, status: 'cutting', source, updatedAt: now };
      tx.set(ref, record);
      return 'mine' as const;
    });
    if (claimed === 'wait') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    if (claimed !== 'mine') {
      if (claimed.status === 'failed') return { kind: 'unplayable' };
      return claimed.path && claimed.size ? { kind: 'clip', path: claimed.path, size: claimed.size, contentType: claimed.contentType ?? 'audio/mp4' } : REFUSED;
    }
    return cutAndStore(deps, projectId, clipId, from, source);
  }
}

function toMillis(at: unknown): number {
  if (at instanceof Date) return at.getTime();
  const maybe = at as { toMillis?: () => number } | undefined;
  return typeof maybe?.toMillis === 'function' ? maybe.toMillis() : 0;
}

async function cutAndStore(deps: ClipDeps, projectId: string, clipId: string, { doc, recording, durationSeconds, path }: ClipSource, source: string): Promise<ClipAnswer> {
  const { db, store } = deps;
  const ref = clipRef(db, projectId, clipId);
  const quote = parsePublicClipId(clipId)!;
  const fail = async (reason: string, from?: number): Promise<ClipAnswer> => {
    logs.publicClipUnplayable(doc.id, clipId, reason);
    const record: ClipRecord = { documentId: doc.id, status: 'failed', source, reason, interviewName: doc.name, updatedAt: new Date() };
    await ref.set(from === undefined ? record : { ...record, from });
    return { kind: 'unplayable' };
  };
  // With its speakers' labels: each speaker's words are placed at their own pace.
  const transcript = await interviewTranscript(db, doc);
  let moment: { start: number; end: number };
  try {
    moment = clipMoment(transcript, quote, durationSeconds);
  } catch (err) {
    if (err instanceof ClipBoundsRefused) return fail('the transcript has no time for this quote inside the recording');
    throw err;
  }
  const clip: ClipRequest = { from: moment.start, to: moment.end, container: recording.container ?? '', hasVideo: recording.hasVideo };

  const bytes = await recordingBytesOf(store, path);
  if (!bytes) return REFUSED;
  let cut: CutClip;
  try {
    cut = await (deps.cut ?? cutClip)(bytes, clip);
  } catch (err) {
    if (err instanceof ClipCutFailed) return fail(err.message, clip.from);
    throw err;
  }
  const clipPath = `${clipFolder(projectId, doc.id, clipId)}clip.mp4`;
  try {
    await store.write(clipPath, cut.open(), cut.contentType, Math.max(cut.size, 1));
  } finally {
    await cut.dispose();
  }
  await ref.set({ documentId: doc.id, status: 'ready', source, path: clipPath, size: cut.size, contentType: cut.contentType, from: clip.from, to: clip.to, updatedAt: new Date() } satisfies ClipRecord);
  logs.publicClipCut(doc.id, clipId, clip.to - clip.from, cut.bytesRead);
  return { kind: 'clip', path: clipPath, size: cut.size, contentType: cut.contentType };
}

/**
 * Deletes a project's cut clips (every one, or one interview's, or those not in `keep`): their files and records.
 * Files go first; a record left by a failure is harmless (its file is gone, so it is cut again when asked for).
 */
export async function deletePublicClips(db: Firestore, store: RecordingStore, projectId: string, options: { documentId?: string; keep?: ReadonlySet<string> } = {}): Promise<number> {
  const collection = projectRef(db, projectId).collection(COLLECTIONS.publicClips);
  const records = await (options.documentId ? collection.where('documentId', '==', options.documentId) : collection).get();
  const gone = records.docs.filter((d) => !options.keep?.has(d.id));
  if (!options.keep) await store.deletePrefix(publicClipPrefix(projectId, options.documentId));
  else {
    await Promise.all(
      gone.map(async (d) => {
        await store.deletePrefix(clipFolder(projectId, String(d.get('documentId')), d.id));
      }),
    );
  }
  const writer = db.bulkWriter();
  gone.forEach((d) => void writer.delete(d.ref));
  await writer.close();
  if (gone.length > 0) logs.publicClipsDeleted(projectId, gone.length);
  return gone.length;
}

/**
 * The quotes of a project's public page that visitors cannot play (their recording could not be cut there), for the
 * owner's note beside "Visitors can play quotes": the interview and the moment of each.
 */
export async function unplayableQuotes(db: Firestore, projectId: string): Promise<UnplayableQuote[]> {
  const failed = await projectRef(db, projectId).collection(COLLECTIONS.publicClips).where('status', '==', 'failed').limit(20).get();
  return failed.docs.map((d) => {
    const from = d.get('from');
    return { documentId: String(d.get('documentId')), interviewName: String(d.get('interviewName') ?? ''), moment: typeof from === 'number' ? from : null };
  });
}
