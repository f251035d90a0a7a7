import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@verbatim/contract/constants';
import type { Interview } from '@verbatim/contract/project';
import { analyseInterview, type AnalyserChoice } from '../analysis-runs/analyse-interview';
import { requestSynthesis } from '../analysis-runs/project-synthesis';
import { logs } from '../lib/logs';
import { interviewConverter } from './interview-converter';
import { applyTransition } from './apply-transition';
import { interviewRef, transcriptCollection } from './interview-refs';
import { deleteRecordingFiles, failedRecording, type RecordingTarget } from '../recordings/recording-state';
import type { RecordingStore } from '../storage/recording-store';
import {
  decideStuckInterview,
  decideStuckRecording,
  recordingFailsWithInterview,
  STUCK_AFTER_MS,
  stuckBefore,
  TRANSIENT_STATUSES,
  type TransientStatus,
} from './stuck-interviews';

export interface SweepDeps {
  db: Firestore;
  /** Where interviews' recordings are stored: a recording the sweep fails has its file deleted, as a refused one does. */
  recordings: RecordingStore;
  /** The analyser for an interview whose analysis never started (as the analysis trigger chooses it). */
  chooseAnalyser: AnalyserChoice;
  /** Gemini tokens a project may use per month. */
  tokenCeiling?: number;
  accountTokenCeiling?: number;
  now?: () => Date;
  limits?: Readonly<Record<TransientStatus, number>>;
  /** Most documents handled per status in one run (default 200); the next run takes the rest. */
  perStatus?: number;
  /** Most analyses run again in one run (default 5): each can take minutes. */
  retriesPerRun?: number;
  synthesisDebounceMs?: number;
}

export interface SweepReport {
  /** Documents found past their status's time limit. */
  found: number;
  /** Stopped (`failed`) by this run. */
  stopped: number;
  /** Credits given back by this run. */
  refunded: number;
  /** Parsed interviews sent to the insight engine again. */
  retried: number;
  /** Already moved on by something else (another sweep, the function that woke up). */
  skipped: number;
  /** Attached recordings whose reading died or whose upload never finished, failed by this run (their interviews untouched). */
  recordingsStopped: number;
}

/**
 * Scheduled sweep: no document stays in a transient status because a function died mid-step. A
 * reserved upload that never arrived, a file whose parsing never finished, or an analysis that
 * never finished becomes `failed` with a sentence saying what to do, and its credit comes back
 * (`creditSpent` cleared in the same transaction, so two sweeps at once refund it once). A parsed
 * interview the analysis trigger never picked up is analysed now. A recording Gemini was to transcribe
 * fails with its interview, and a recording attached to a transcript whose reading died fails alone
 * (the transcript untouched); either way its file is deleted, as a refused recording's is. Each decision
 * is made again inside the transaction (`decideStuckInterview`, `decideStuckRecording`), so a document
 * that moved on is left alone.
 */
export async function handleSweepStuckInterviews(_event: { scheduleTime?: string }, deps: SweepDeps): Promise<SweepReport> {
  const { db } = deps;
  const now = (deps.now ?? (() => new Date()))();
  const limits = deps.limits ?? STUCK_AFTER_MS;
  const report: SweepReport = { found: 0, stopped: 0, refunded: 0, retried: 0, skipped: 0, recordingsStopped: 0 };

  for (const status of TRANSIENT_STATUSES) {
    // Needs the collection-group index documents(status, updatedAt) in firestore.indexes.json.
    const stuck = await db
      .collectionGroup(COLLECTIONS.documents)
      .withConverter(interviewConverter)
      .where('status', '==', status)
      .where('updatedAt', '<', stuckBefore(status, now, limits))
      .orderBy('updatedAt')
      .limit(deps.perStatus ?? 200)
      .get();
    report.found += stuck.size;
    for (const snap of stuck.docs) {
      const doc = snap.data();
      try {
        const decision = decideStuckInterview(doc, now, limits);
        if (decision.action === 'retry-analysis') {
          if (report.retried >= (deps.retriesPerRun ?? 5)) continue;
          const outcome = await retryAnalysis(deps, doc);
          if (outcome === 'skipped') report.skipped += 1;
          else report.retried += 1;
        } else if (decision.action === 'fail') {
          const stopped = await stopDocument(deps, doc, now, limits);
          if (!stopped) report.skipped += 1;
          else {
            report.stopped += 1;
            if (stopped.refunded) report.refunded += 1;
          }
        }
      } catch (err) {
        // One document that cannot be handled now does not hold up the others; the next run tries again.
        logs.stuckSweepFailed(doc.id, err);
      }
    }
  }
  await sweepStuckRecordings(deps, now, limits, report);
  if (report.found > 0) logs.stuckSweepFinished(report);
  return report;
}

/**
 * Recordings attached to an interview's transcript and left `checking` by a reading that died, or left `uploading` past
 * an upload's time (whatever arrived of them is deleted): the interview is in no transient status (its transcript was
 * read before), so they are found by the recording's own status and time.
 */
async function sweepStuckRecordings(deps: SweepDeps, now: Date, limits: Readonly<Record<TransientStatus, number>>, report: SweepReport): Promise<void> {
  for (const [status, deadline] of [['checking', 'parsing'], ['uploading', 'uploading']] as const) await sweepRecordingsIn(deps, status, stuckBefore(deadline, now, limits), now, limits, report);
}

async function sweepRecordingsIn(
  deps: SweepDeps,
  status: 'checking' | 'uploading',
  before: Date,
  now: Date,
  limits: Readonly<Record<TransientStatus, number>>,
  report: SweepReport,
): Promise<void> {
  // Needs the collection-group index documents(recording.status, recording.updatedAt) in firestore.indexes.json.
  const checking = await deps.db
    .collectionGroup(COLLECTIONS.documents)
    .withConverter(interviewConverter)
    .where('recording.status', '==', status)
    .where('recording.updatedAt', '<', before)
    .orderBy('recording.updatedAt')
    .limit(deps.perStatus ?? 200)
    .get();
  for (const snap of checking.docs) {
    const doc = snap.data();
    // A transcribed recording being read goes with its interview (`parsing`), above.
    if (decideStuckRecording(doc, now, limits).action !== 'fail') continue;
    report.found += 1;
    try {
      if (await stopRecording(deps, doc, now, limits)) report.recordingsStopped += 1;
      else report.skipped += 1;
    } catch (err) {
      logs.stuckSweepFailed(doc.id, err);
    }
  }
}

/** Marks an attached recording failed if it is still stuck when the transaction reads it, then deletes its file. */
async function stopRecording(deps: SweepDeps, found: Interview, now: Date, limits: Readonly<Record<TransientStatus, number>>): Promise<boolean> {
  const docRef = interviewRef(deps.db, found.projectId, found.id);
  const stopped = await deps.db.runTransaction(async (tx) => {
    const doc = (await tx.get(docRef)).data();
    const decision = doc ? decideStuckRecording(doc, now, limits) : { action: 'leave' as const };
    if (!doc?.recording || decision.action !== 'fail') return false;
    // Only the recording's own record: the interview, its transcript, its status and its credits stay as they are.
    tx.update(docRef, { recording: failedRecording(doc.recording, decision.message, now) });
    return true;
  });
  if (!stopped) return false;
  await deleteRecordingFiles(deps.recordings, recordingTarget(found));
  logs.recordingStuck(found.id);
  return true;
}

const recordingTarget = (doc: Interview): RecordingTarget => ({ uid: doc.ownerId, projectId: doc.projectId, documentId: doc.id });

/**
 * Marks the document failed (and refunds) if it is still stuck when the transaction reads it; a transcribed recording not
 * yet ready fails with it and its file is deleted.
 */
async function stopDocument(
  deps: SweepDeps,
  found: Interview,
  now: Date,
  limits: Readonly<Record<TransientStatus, number>>,
): Promise<{ refunded: boolean } | null> {
  const { db } = deps;
  const docRef = interviewRef(db, found.projectId, found.id);
  const result = await db.runTransaction(async (tx) => {
    const doc = (await tx.get(docRef)).data();
    if (!doc) return null;
    const decision = decideStuckInterview(doc, now, limits);
    if (decision.action !== 'fail') return null;
    // The lifecycle counts a stopped upload or parse among the failed files, keeps a stopped analysis among the parsed, and refunds.
    const key = { projectId: doc.projectId, documentId: doc.id, ownerId: doc.ownerId };
    const stopped = await applyTransition(db, tx, key, doc, { type: 'stop-stuck', code: decision.code, message: decision.message }, now);
    // A recording Gemini was to transcribe stops with it (its transcription's task, if it comes, then does nothing).
    const recording = stopped && recordingFailsWithInterview(doc.recording) ? doc.recording : null;
    if (recording) tx.update(docRef, { recording: failedRecording(recording, decision.message, now) });
    return stopped ? { from: doc.status, code: decision.code, refunded: stopped.refund, recordingFailed: recording !== null } : null;
  });
  if (!result) return null;
  // A parse that died may have stored part of the transcript; a failed file keeps none.
  if (result.from === 'parsing') await db.recursiveDelete(transcriptCollection(db, found.projectId, found.id));
  if (result.recordingFailed) await deleteRecordingFiles(deps.recordings, recordingTarget(found));
  logs.interviewStuck(found.id, result.from, result.code, result.refunded);
  return { refunded: result.refunded };
}

async function retryAnalysis(deps: SweepDeps, doc: Interview): Promise<'ready' | 'failed' | 'skipped'> {
  logs.interviewStuck(doc.id, doc.status, 'analysis-retried', false);
  const outcome = await analyseInterview({ db: deps.db, chooseAnalyser: deps.chooseAnalyser, tokenCeiling: deps.tokenCeiling, accountTokenCeiling: deps.accountTokenCeiling, now: deps.now }, doc.projectId, doc.id);
  if (outcome.status === 'ready') await requestSynthesis({ db: deps.db, debounceMs: deps.synthesisDebounceMs }, doc.projectId);
  return outcome.status;
}
