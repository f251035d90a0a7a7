/**
 * The owner corrects an interview's transcript: turns' words, speakers' names. No credit, no analysis: the transcript
 * as it now reads is stored, and every stored quote of the interview is re-anchored so it stays the exact span of it.
 *
 * One transaction writes everything a reader sees, so nobody ever sees half a correction: every transcript part
 * (each stamped with the new `transcriptVersion`), the interview (words, speakers, versions), every insight holding a
 * quote of the interview (in any interview's insight: a merge or an added passage can put it there), the project's
 * synthesis and its public views. It reads the interview and all of those first, so a concurrent writer of any of
 * them (the engine claiming the interview, a passage added, a merge, a synthesis being stored) either comes before it
 * and is re-anchored with the rest, or after it and sees the new version. The interview's search data is derived and
 * keyed by the transcript's version, so stale data is never read; it is rebuilt once the correction is stored.
 */
import { FieldValue, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { AppError } from '@verbatim/contract/app-error';
import { COLLECTIONS } from '@verbatim/contract/constants';
import type { StoredSynthesis } from '@verbatim/contract/insight-data';
import type { Interview } from '@verbatim/contract/project';
import { correctTranscriptBody, requireBody, type CorrectTranscript } from '@verbatim/contract/request-bodies';
import type { PublicInterviewsResponse, PublicSummaryResponse } from '@verbatim/contract/share';
import { MAX_TRANSCRIPT_WORDS } from '@verbatim/contract/transcript';
import {
  canCorrectTranscript,
  CORRECTION_MESSAGES,
  type TranscriptCorrectionResult,
  type TranscriptVersionNow,
} from '@verbatim/contract/transcript-correction';
import { joinTranscript, partId, splitTranscript, type TranscriptPart } from '@verbatim/contract/transcript-parts';
import { synthesisRef } from '../insights/refs';
import { countsUpdate, transition } from '../interviews/lifecycle';
import { ownedInterview } from '../interviews/ownership';
import { projectRef } from '../projects/refs';
import { interviewRef, transcriptCollection } from '../interviews/interview-refs';
import { gunzipView, gzipViews, publicViewRef } from '../publishing/public-view-store';
import { storeSearchDataAfterAnalysis } from '../search/passage-store';
import { applyCorrection, type CorrectedTranscript } from './apply-correction';
import {
  CorrectionTally,
  reanchorConsolidated,
  reanchorInsightData,
  reanchorInterviewsView,
  reanchorSummaryView,
  type Reanchor,
} from './reanchor-stored-quotes';

/** Why an interview's transcript cannot be corrected now (409), or null. */
export function correctionRefusal(doc: Pick<Interview, 'status' | 'errorCode'>): string | null {
  if (canCorrectTranscript(doc)) return null;
  if (doc.status === 'analyzing') return CORRECTION_MESSAGES.analysing;
  if (doc.status === 'failed') return CORRECTION_MESSAGES.noTranscript;
  return CORRECTION_MESSAGES.notRead;
}

function assertCorrectable(doc: Interview, readVersion: number): void {
  const refused = correctionRefusal(doc);
  if (refused) throw new AppError('conflict', refused);
  const now = doc.transcriptVersion ?? 0;
  if (readVersion !== now) throw new AppError('conflict', CORRECTION_MESSAGES.changedMeanwhile, undefined, { transcriptVersion: now } satisfies TranscriptVersionNow);
}

export async function correctTranscript(db: Firestore, uid: string, projectId: string, documentId: string, body: unknown): Promise<TranscriptCorrectionResult> {
  const doc = await ownedInterview(db, uid, projectId, documentId);
  const refused = correctionRefusal(doc);
  if (refused) throw new AppError('conflict', refused);
  const request = requireBody(
    correctTranscriptBody(
      doc.turnCount,
      doc.speakers.map((s) => s.label),
      doc.speakers.flatMap((s) => s.aliases),
    ),
    body,
  );
  assertCorrectable(doc, request.transcriptVersion);

  const result = await db.runTransaction((tx) => correctInTransaction(db, tx, doc, request));
  // Derived data, keyed by the transcript's version: a search meanwhile builds it itself; this never fails the correction.
  if (result.transcriptVersion !== request.transcriptVersion) await storeSearchDataAfterAnalysis(db, projectId, documentId);
  return result;
}

/** Everything the correction reads, read inside its transaction. */
interface Reads {
  doc: Interview;
  parts: Array<{ ref: DocumentReference; part: TranscriptPart }>;
  insights: Array<{ ref: DocumentReference; data: Record<string, unknown> }>;
  synthesis: FirebaseFirestore.DocumentSnapshot<StoredSynthesis>;
  views: { summary: FirebaseFirestore.DocumentSnapshot; interviews: FirebaseFirestore.DocumentSnapshot };
}

async function readAll(db: Firestore, tx: Transaction, doc: Interview): Promise<Reads | null> {
  const { projectId, id } = doc;
  const project = db.collection(COLLECTIONS.projects).doc(projectId);
  const [docSnap, parts, insights, synthesis, summary, interviews] = await Promise.all([
    tx.get(interviewRef(db, projectId, id)),
    tx.get(transcriptCollection(db, projectId, id)),
    tx.get(project.collection(COLLECTIONS.insights)),
    tx.get(synthesisRef(db, projectId)),
    tx.get(publicViewRef(db, projectId, 'summary')),
    tx.get(publicViewRef(db, projectId, 'interviews')),
  ]);
  const current = docSnap.data();
  if (!current) return null;
  return {
    doc: current,
    parts: parts.docs.map((p) => ({ ref: p.ref, part: p.data() as TranscriptPart })),
    insights: insights.docs.map((d) => ({ ref: d.ref, data: d.data() })),
    synthesis,
    views: { summary, interviews },
  };
}

async function correctInTransaction(db: Firestore, tx: Transaction, doc: Interview, request: CorrectTranscript): Promise<TranscriptCorrectionResult> {
  const reads = await readAll(db, tx, doc);
  if (!reads) throw new AppError('not-found', 'This interview does not exist.');
  const current = reads.doc;
  assertCorrectable(current, request.transcriptVersion);
  const labels = current.speakers.map((s) => s.label);
  const content = joinTranscript(
    reads.parts.map((p) => p.part),
    labels,
  );
  const corrected = applyCorrection({ ...content, speakers: current.speakers }, request.turns ?? [], request.speakers ?? []);
  const version = current.transcriptVersion ?? 0;
  const tally = new CorrectionTally();
  if (!corrected.changed) return { transcriptVersion: version, wordCount: current.wordCount, quotes: tally.counts() };
  if (corrected.wordCount > MAX_TRANSCRIPT_WORDS) throw new AppError('invalid', CORRECTION_MESSAGES.tooManyWords(corrected.wordCount, MAX_TRANSCRIPT_WORDS));

  const at = new Date();
  const reanchor: Reanchor = corrected.reanchor;
  // Every write after every read (a transaction's rule).
  const views = reanchoredViews(reads.views, doc.id, reanchor);
  writeParts(tx, reads.parts, corrected, version + 1, transcriptCollection(db, doc.projectId, doc.id));
  writeInterview(db, tx, current, corrected, labels, at);
  for (const { ref, data } of reads.insights) {
    const update = reanchorInsightData(data, doc.id, reanchor, at, tally);
    if (update) tx.update(ref, update);
  }
  const synthesis = reads.synthesis.data();
  const consolidated = synthesis ? reanchorConsolidated(synthesis.consolidatedInsights, doc.id, reanchor) : null;
  if (consolidated) tx.update(reads.synthesis.ref, { consolidatedInsights: consolidated });
  if (views) {
    const gzipped = gzipViews(views);
    for (const kind of ['summary', 'interviews'] as const) tx.update(reads.views[kind].ref, { gzip: gzipped[kind], bytes: gzipped[kind].length });
  }
  return { transcriptVersion: version + 1, wordCount: corrected.wordCount, quotes: tally.counts() };
}

/** Every part of the corrected transcript, stamped with its version; parts the shorter text no longer needs deleted. */
function writeParts(
  tx: Transaction,
  existing: Reads['parts'],
  corrected: CorrectedTranscript,
  version: number,
  collection: FirebaseFirestore.CollectionReference,
): void {
  const parts = splitTranscript(corrected, corrected.speakers.map((s) => s.label));
  const written = new Set<string>();
  for (const part of parts) {
    const id = partId(part);
    written.add(id);
    tx.set(collection.doc(id), { ...part, version });
  }
  for (const { ref } of existing) if (!written.has(ref.id)) tx.delete(ref);
}

/**
 * The interview's words, speakers and versions, through the lifecycle table (its status does not change), and the
 * project's word count. The project's `transcriptCorrections` tells a synthesis computed meanwhile that it read quotes
 * from before (it computes again).
 */
function writeInterview(db: Firestore, tx: Transaction, doc: Interview, corrected: CorrectedTranscript, labelsBefore: string[], at: Date): void {
  const speakersRenamed = corrected.speakers.length !== labelsBefore.length || corrected.speakers.some((s, i) => s.label !== labelsBefore[i]);
  const result = transition(doc, { type: 'correct-transcript', wordCount: corrected.wordCount, speakers: corrected.speakers, speakersRenamed }, at);
  if (!result.allowed) throw new AppError('conflict', correctionRefusal(doc) ?? result.reason);
  tx.update(interviewRef(db, doc.projectId, doc.id), result.transition.fields);
  tx.update(projectRef(db, doc.projectId), {
    ...countsUpdate(result.transition.counts, (n) => FieldValue.increment(n)),
    transcriptCorrections: FieldValue.increment(1),
    updatedAt: at,
  });
}

/** Both public views with the interview's quotes re-anchored; null when there are none or no quote of them moved. */
function reanchoredViews(snaps: Reads['views'], documentId: string, reanchor: Reanchor): { summary: PublicSummaryResponse; interviews: PublicInterviewsResponse } | null {
  const read = <T>(snap: FirebaseFirestore.DocumentSnapshot): T | null => {
    const gzip = snap.get('gzip') as Uint8Array | undefined;
    return gzip ? (JSON.parse(gunzipView(Buffer.from(gzip)).toString('utf8')) as T) : null;
  };
  const summary = read<PublicSummaryResponse>(snaps.summary);
  const interviews = read<PublicInterviewsResponse>(snaps.interviews);
  if (!summary || !interviews) return null;
  const nextSummary = reanchorSummaryView(summary, documentId, reanchor);
  const nextInterviews = reanchorInterviewsView(interviews, documentId, reanchor);
  if (!nextSummary && !nextInterviews) return null;
  return { summary: nextSummary ?? summary, interviews: nextInterviews ?? interviews };
}
