/**
 * Proof: reliability — no document stays stuck. A function can die mid-step (a closed tab before the
 * upload, an instance killed while parsing or analysing); the scheduled sweeper's handler is called
 * here directly, with a clock moved past the time limits.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createLocalAnalyser } from '../../src/analysis/local';
import type { Analyser } from '@verbatim/contract/insight';
import type { InterviewStatus } from '@verbatim/contract/project';
import type { InterviewRecording, RecordingStatus } from '@verbatim/contract/recording';
import { ingestInterview } from '../../src/ingestion/ingest-interview';
import {
  decideStuckInterview,
  decideStuckRecording,
  recordingFailsWithInterview,
  STUCK_AFTER_MS,
  STUCK_MESSAGES,
  TRANSIENT_STATUSES,
} from '../../src/interviews/stuck-interviews';
import { handleSweepStuckInterviews, type SweepReport } from '../../src/interviews/sweep-stuck-interviews';
import { isOrphanedUpload } from '../../src/recordings/recording-state';
import { analyseInterview } from '../../src/analysis-runs/analyse-interview';
import { reanalyseInterview } from '../../src/analysis-runs/reanalyse';
import { reserveInterview } from '../../src/interviews/interview-service';
import { createProject } from '../../src/projects/project-service';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { smallInterview } from '../support/fixtures';
import { waitFor } from '../support/wait';
import { loadSize } from '../support/load';
import { testRecordingStore } from '../support/recording-store';

const db = () => adminDb();
const FILE = 'interview.txt';
const MIN = 60_000;
/** Crashed analyses per account in the concurrent-sweeps test (of its 10 credits). */
const CRASHED_EACH = loadSize(10, 4);

/** An analyser that never answers: the instance running it is gone (killed, out of memory, timed out). */
const dying: Analyser = { name: 'local', analyse: () => new Promise(() => undefined) };
const local = () => ({ analyser: createLocalAnalyser(), notes: [] });

const recordings = testRecordingStore();
const sweep = (minutesLater: number) =>
  handleSweepStuckInterviews({ scheduleTime: new Date().toISOString() }, {
    db: db(),
    recordings,
    chooseAnalyser: local,
    now: () => new Date(Date.now() + minutesLater * MIN),
    synthesisDebounceMs: 0,
  });

async function seedUser(uid: string, creditsRemaining = 10, subscriptionActive = false) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining, subscriptionActive, createdAt: now, updatedAt: now });
}

const credits = async (uid: string) => (await db().doc(`users/${uid}`).get()).get('creditsRemaining') as number;
const docData = async (projectId: string, documentId: string) => (await db().doc(`projects/${projectId}/documents/${documentId}`).get()).data()!;

async function reserved(uid: string, projectId: string, name = FILE) {
  const bytes = smallInterview();
  const { document } = await reserveInterview(db(), uid, projectId, { fileName: name, size: bytes.length });
  return { id: document.id, bytes };
}

async function parsed(uid: string, projectId: string, name = FILE) {
  const { id, bytes } = await reserved(uid, projectId, name);
  const outcome = await ingestInterview(db(), { uid, projectId, documentId: id, bytes, fileName: name });
  expect(outcome.status).toBe('parsed');
  return id;
}

/** The real analysis claims the interview (`analyzing`), then its instance dies. */
async function crashMidAnalysis(projectId: string, documentId: string) {
  void analyseInterview({ db: db(), chooseAnalyser: () => ({ analyser: dying, notes: [] }) }, projectId, documentId);
  await waitFor(() => docData(projectId, documentId), (d) => d.status === 'analyzing', 10_000, 50);
}

const total = (reports: SweepReport[], key: keyof SweepReport) => reports.reduce((sum, r) => sum + r[key], 0);
const TRANSIENT = [...TRANSIENT_STATUSES];

beforeEach(async () => {
  await clearFirestore();
});

describe('the decision (pure)', () => {
  const at = new Date('2026-01-01T12:00:00Z');
  const doc = (status: InterviewStatus, minutesAgo: number, creditSpent = false) => ({ status, creditSpent, updatedAt: new Date(at.getTime() - minutesAgo * MIN) });

  it('leaves documents within their time limit and every settled document', () => {
    for (const status of TRANSIENT) expect(decideStuckInterview(doc(status, STUCK_AFTER_MS[status] / MIN - 1), at)).toEqual({ action: 'leave' });
    for (const status of ['ready', 'failed'] as const) expect(decideStuckInterview(doc(status, 10_000, true), at)).toEqual({ action: 'leave' });
    // Waiting for its owner to check the speakers' roles, however long: nothing of ours is under way.
    expect(decideStuckInterview(doc('awaiting-roles', 100_000), at)).toEqual({ action: 'leave' });
  });

  it('stops what died, retries an analysis that never started, and refunds only what was spent', () => {
    expect(decideStuckInterview(doc('uploading', 61), at)).toEqual({ action: 'fail', code: 'upload-timeout', message: STUCK_MESSAGES.upload, refund: false });
    expect(decideStuckInterview(doc('parsing', 16), at)).toEqual({ action: 'fail', code: 'parse-timeout', message: STUCK_MESSAGES.parsing, refund: false });
    expect(decideStuckInterview(doc('parsed', 16, true), at)).toEqual({ action: 'retry-analysis' });
    expect(decideStuckInterview(doc('analyzing', 21, true), at)).toEqual({
      action: 'fail',
      code: 'analysis-timeout',
      message: 'The analysis took too long and was stopped; your credit was returned. Retry the analysis.',
      refund: true,
    });
    expect(decideStuckInterview(doc('analyzing', 21, false), at)).toMatchObject({ message: 'The analysis took too long and was stopped. Retry the analysis.', refund: false });
  });
});

describe('a recording’s part in the decision (pure)', () => {
  const at = new Date('2026-01-01T12:00:00Z');
  const recording = (origin: InterviewRecording['origin'], status: RecordingStatus, minutesAgo = 0): InterviewRecording => ({
    status,
    origin,
    fileName: 'call.m4a',
    size: 1000,
    contentType: 'audio/mp4',
    durationSeconds: null,
    hasVideo: false,
    container: null,
    codec: null,
    progress: 0.1,
    error: null,
    errorCode: null,
    updatedAt: new Date(at.getTime() - minutesAgo * MIN),
  });
  const STATUSES: RecordingStatus[] = ['uploading', 'checking', 'transcribing', 'ready', 'failed'];

  it('a transcribed recording not yet ready fails with its interview; a ready one, a failed one and an attached one do not', () => {
    expect(STATUSES.filter((status) => recordingFailsWithInterview(recording('transcribed', status)))).toEqual(['uploading', 'checking', 'transcribing']);
    expect(STATUSES.filter((status) => recordingFailsWithInterview(recording('attached', status)))).toEqual([]);
    expect(recordingFailsWithInterview(undefined)).toBe(false);
  });

  it('an attached recording still being read past a reading’s time, or still waiting for its bytes past an upload’s, fails alone with its sentence; nothing else does', () => {
    const limit = STUCK_AFTER_MS.parsing / MIN;
    expect(decideStuckRecording({ recording: recording('attached', 'checking', limit - 1) }, at)).toEqual({ action: 'leave' });
    expect(decideStuckRecording({ recording: recording('attached', 'checking', limit) }, at)).toEqual({ action: 'fail', message: STUCK_MESSAGES.recording });
    // One still waiting for its bytes past an upload's hour was abandoned: it fails, whatever arrived of it deleted.
    const upload = STUCK_AFTER_MS.uploading / MIN;
    expect(decideStuckRecording({ recording: recording('attached', 'uploading', upload - 1) }, at)).toEqual({ action: 'leave' });
    expect(decideStuckRecording({ recording: recording('attached', 'uploading', upload) }, at)).toEqual({ action: 'fail', message: STUCK_MESSAGES.recordingUpload });
    for (const status of STATUSES.filter((s) => s !== 'checking' && s !== 'uploading')) {
      expect(decideStuckRecording({ recording: recording('attached', status, 10_000) }, at), status).toEqual({ action: 'leave' });
    }
    // A transcribed one is its interview's (`parsing`): the interviews' decision stops both.
    for (const status of STATUSES) expect(decideStuckRecording({ recording: recording('transcribed', status, 10_000) }, at), status).toEqual({ action: 'leave' });
    expect(decideStuckRecording({ recording: undefined }, at)).toEqual({ action: 'leave' });
  });

  it('bytes arriving with no recording waiting for them belong to nothing once their interview or recording is gone; a repeated delivery’s bytes stay', () => {
    expect(isOrphanedUpload(null, 'ana')).toBe(true);
    expect(isOrphanedUpload({ ownerId: 'bea', recording: recording('attached', 'uploading') }, 'ana')).toBe(true);
    expect(isOrphanedUpload({ ownerId: 'ana', recording: undefined }, 'ana')).toBe(true);
    for (const origin of ['attached', 'transcribed'] as const) {
      expect(STATUSES.filter((status) => isOrphanedUpload({ ownerId: 'ana', recording: recording(origin, status) }, 'ana')), origin).toEqual(['failed']);
    }
  });
});

describe('the sweeper', () => {
  it('a crash mid-analysis: failed with a retry, the credit returned once though two sweeps run at once; the retry works', async () => {
    await seedUser('crash');
    const project = await createProject(db(), 'crash', 'Crash');
    const id = await parsed('crash', project.id);
    expect(await credits('crash')).toBe(9);
    await crashMidAnalysis(project.id, id);

    // Not yet past the limit: nothing happens.
    expect(await sweep(10)).toMatchObject({ found: 0, stopped: 0 });
    expect((await docData(project.id, id)).status).toBe('analyzing');

    const reports = await Promise.all([sweep(21), sweep(21)]);
    expect(total(reports, 'stopped')).toBe(1);
    expect(total(reports, 'refunded')).toBe(1);
    expect(await docData(project.id, id)).toMatchObject({
      status: 'failed',
      errorCode: 'analysis-timeout',
      error: 'The analysis took too long and was stopped; your credit was returned. Retry the analysis.',
      creditSpent: false,
    });
    expect(await credits('crash')).toBe(10);
    // Later sweeps find nothing more to do.
    expect(await sweep(60)).toMatchObject({ found: 0, refunded: 0 });
    expect(await credits('crash')).toBe(10);
    expect((await db().doc(`projects/${project.id}`).get()).get('counts')).toMatchObject({ documents: 1, parsed: 1, failed: 0 });

    // "Retry the analysis": charged again like any re-analysis, and this time it finishes.
    await reanalyseInterview(db(), 'crash', project.id, id);
    expect(await credits('crash')).toBe(9);
    expect(await analyseInterview({ db: db(), chooseAnalyser: local }, project.id, id)).toMatchObject({ status: 'ready' });
    expect(await docData(project.id, id)).toMatchObject({ status: 'ready', creditSpent: true, error: null });
  });

  it('every transient status: stopped or analysed when past its limit, left alone before it; nothing stays stuck', async () => {
    await seedUser('mixed');
    await seedUser('subscriber', 3, true);
    const project = await createProject(db(), 'mixed', 'Mixed');
    const subProject = await createProject(db(), 'subscriber', 'Subscriber');

    // Reserved, bytes never sent.
    const upload = await reserved('mixed', project.id, 'never-sent.txt');
    // Parsing when its instance died, part of the transcript already stored.
    const parsing = await reserved('mixed', project.id, 'half-read.txt');
    await db().doc(`projects/${project.id}/documents/${parsing.id}`).update({ status: 'parsing', progress: 0.6, updatedAt: new Date() });
    await db().doc(`projects/${project.id}/documents/${parsing.id}/transcript/text-0`).set({ kind: 'text', index: 0, text: 'partial' });
    // Parsed, but the analysis trigger never ran.
    const lost = await parsed('mixed', project.id, 'trigger-lost.txt');
    // Analysing when the instance died: one paid with a credit, one by a subscriber.
    const paid = await parsed('mixed', project.id, 'paid.txt');
    await crashMidAnalysis(project.id, paid);
    const free = await parsed('subscriber', subProject.id, 'free.txt');
    await crashMidAnalysis(subProject.id, free);
    expect(await credits('mixed')).toBe(8);
    expect(await credits('subscriber')).toBe(3);
    const countsBefore = (await db().doc(`projects/${project.id}`).get()).get('counts');

    // Just before each limit: all left alone.
    const early = await sweep(14);
    expect(early).toMatchObject({ found: 0, stopped: 0, retried: 0 });

    const started = Date.now();
    const report = await sweep(61);
    const ms = Date.now() - started;
    expect(report).toMatchObject({ found: 5, stopped: 4, refunded: 1, retried: 1, skipped: 0 });

    expect(await docData(project.id, upload.id)).toMatchObject({ status: 'failed', errorCode: 'upload-timeout', error: STUCK_MESSAGES.upload, creditSpent: false });
    expect(await docData(project.id, parsing.id)).toMatchObject({ status: 'failed', errorCode: 'parse-timeout', error: STUCK_MESSAGES.parsing });
    expect((await db().collection(`projects/${project.id}/documents/${parsing.id}/transcript`).get()).size).toBe(0);
    expect(await docData(project.id, lost)).toMatchObject({ status: 'ready', creditSpent: true });
    expect((await db().collection(`projects/${project.id}/insights`).where('documentId', '==', lost).get()).size).toBeGreaterThan(0);
    expect(await docData(project.id, paid)).toMatchObject({ status: 'failed', errorCode: 'analysis-timeout', error: STUCK_MESSAGES.analysisRefunded, creditSpent: false });
    expect(await docData(subProject.id, free)).toMatchObject({ status: 'failed', errorCode: 'analysis-timeout', error: STUCK_MESSAGES.analysis });
    // One credit back (the paid analysis); the subscriber's balance untouched.
    expect(await credits('mixed')).toBe(9);
    expect(await credits('subscriber')).toBe(3);
    // Files that could not be read count as failed, as ingestion counts them; the failed analysis stays among the parsed.
    expect((await db().doc(`projects/${project.id}`).get()).get('counts')).toEqual({ ...countsBefore, failed: countsBefore.failed + 2 });

    const leftStuck = (await db().collectionGroup('documents').where('status', 'in', TRANSIENT).get()).size;
    expect(leftStuck).toBe(0);
    console.log(
      `Stuck documents: 5 stuck (1 uploading, 1 parsing, 1 parsed, 2 analyzing) → ${report.stopped} stopped, ${report.refunded} credit returned, ` +
        `${report.retried} analysed again, ${leftStuck} left in a transient status (sweep ${ms} ms)`,
    );
  });

  it(`three sweeps at once over ${3 * CRASHED_EACH} crashed analyses: each credit returned exactly once`, async () => {
    const users = ['a', 'b', 'c'];
    const crashed: { uid: string; projectId: string; id: string }[] = [];
    for (const uid of users) {
      await seedUser(uid);
      const project = await createProject(db(), uid, `Crashes of ${uid}`);
      const ids = await Promise.all(Array.from({ length: CRASHED_EACH }, (_, i) => parsed(uid, project.id, `i-${i}.txt`)));
      await Promise.all(ids.map((id) => crashMidAnalysis(project.id, id)));
      crashed.push(...ids.map((id) => ({ uid, projectId: project.id, id })));
    }
    for (const uid of users) expect(await credits(uid)).toBe(10 - CRASHED_EACH);

    const started = Date.now();
    const reports = await Promise.all([sweep(21), sweep(21), sweep(21)]);
    const ms = Date.now() - started;
    const refunded = total(reports, 'refunded');
    const stopped = total(reports, 'stopped');
    const finalCredits = await Promise.all(users.map(credits));
    console.log(
      `Stuck documents, concurrent sweeps: 3 sweeps over ${crashed.length} crashed analyses → ${stopped} stopped, ${refunded} credits returned, ` +
        `${total(reports, 'skipped')} already handled by another sweep; credits now ${finalCredits.join('/')} (${ms} ms)`,
    );
    expect(stopped).toBe(3 * CRASHED_EACH);
    expect(refunded).toBe(3 * CRASHED_EACH);
    expect(finalCredits).toEqual([10, 10, 10]);
    const docs = await Promise.all(crashed.map((c) => docData(c.projectId, c.id)));
    expect(docs.every((d) => d.status === 'failed' && d.errorCode === 'analysis-timeout' && d.creditSpent === false)).toBe(true);
  });
});
