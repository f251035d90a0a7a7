/**
 * A recording's transcription against the Firestore emulator and the Gemini stand-in: held to the project's and the
 * account's monthly Gemini allowances before anything leaves the server, and counted with the analyses afterwards,
 * a failed transcription's calls included.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECORDING_CEILING_MESSAGES } from '@verbatim/contract/recording-messages';
import { usageMonth } from '../../src/analysis-runs/gemini-usage';
import { transcribeRecording, type TranscriptionInput } from '../../src/analysis/transcription';
import { readServerLimits } from '../../src/config/server-limits';
import { createTranscriptionClient, deleteFile } from '../../src/analysis/transcription/files-api';
import { GEMINI_FILE_ORPHANED_MS, geminiFileLedger, sweepGeminiFiles } from '../../src/recordings/gemini-file-ledger';
import { clearFirestore } from '../../../test/support/emulators';
import { replies, startGeminiStandIn, type GeminiStandIn } from '../../../test/support/gemini-stand-in.mjs';
import { adminDb } from '../support/admin';
import { patternRange, VOICE_DESCRIPTIONS } from '../support/recordings.mjs';

const db = () => adminDb();
let standIn: GeminiStandIn;

beforeAll(async () => {
  standIn = await startGeminiStandIn();
});
afterAll(() => standIn.close());
beforeEach(async () => {
  await clearFirestore();
  standIn.reset();
  standIn.setHandler(undefined);
});

const limits = readServerLimits({ GEMINI_MONTHLY_TOKENS_PER_PROJECT: '50000', GEMINI_MONTHLY_TOKENS_PER_ACCOUNT: '80000' }).gemini;

function input(uid: string, projectId: string, documentId: string): TranscriptionInput {
  standIn.registerRecording({
    displayName: `verbatim-${documentId}`,
    durationSeconds: 120,
    speakers: [
      { id: 'A', description: VOICE_DESCRIPTIONS.interviewer },
      { id: 'B', description: VOICE_DESCRIPTIONS.participant },
    ],
    turns: [
      { speaker: 'A', start: 2, text: 'What did you do when the tide came in?' },
      { speaker: 'B', start: 9, text: 'We moved the boats up the slipway, all of them, before dark.' },
    ],
  });
  return {
    uid,
    projectId,
    documentId,
    fileName: 'harbour.mp3',
    contentType: 'audio/mpeg',
    size: 4096,
    durationSeconds: 120,
    readRange: patternRange,
    gemini: { apiKey: standIn.apiKey, model: 'gemini-3.8-flash', baseUrl: standIn.url },
    limits,
    tuning: { sleep: async () => {}, pollMs: 0 },
  };
}

const month = usageMonth(new Date());
const usageOf = async (path: string) => (await db().doc(`${path}/geminiUsage/${month}`).get()).data();

describe('a recording’s transcription and the Gemini allowances', () => {
  it('at the project’s allowance nothing is sent to Google and no call is made; the researcher reads the transcription’s own sentence', async () => {
    const at = new Date();
    await db().doc(`projects/p1/geminiUsage/${usageMonth(at)}`).set({ tokens: 50_000, calls: 9 });
    const outcome = await transcribeRecording(db(), { ...input('u1', 'p1', 'd1'), now: () => at });
    expect(outcome).toEqual({ ok: false, code: 'gemini-ceiling', message: RECORDING_CEILING_MESSAGES.project(50_000, at) });
    expect(standIn.fileRequests).toHaveLength(0);
    expect(standIn.requests).toHaveLength(0);
  });

  it('at the account’s allowance, over all its projects, nothing is sent either, and the sentence names the month it renews', async () => {
    const at = new Date();
    await db().doc(`users/u2/geminiUsage/${usageMonth(at)}`).set({ tokens: 80_000, calls: 30 });
    const outcome = await transcribeRecording(db(), { ...input('u2', 'p2', 'd2'), now: () => at });
    expect(outcome).toEqual({ ok: false, code: 'gemini-ceiling', message: RECORDING_CEILING_MESSAGES.account(80_000, at) });
    expect(standIn.fileRequests).toHaveLength(0);
    expect(standIn.requests).toHaveLength(0);
  });

  it('a transcription’s calls and tokens are added to its project’s and its account’s month, with the analyses’', async () => {
    await db().doc(`users/u3/geminiUsage/${month}`).set({ tokens: 1_000, calls: 1, analysisTokens: 1_000, analysisCalls: 1 });
    const outcome = await transcribeRecording(db(), input('u3', 'p3', 'd3'));
    expect(outcome.ok).toBe(true);
    const spent = standIn.requests.reduce((sum, r) => sum + (r.answeredAt ? 1 : 0), 0);
    expect(spent).toBe(1);
    const project = await usageOf('projects/p3');
    const account = await usageOf('users/u3');
    // Two minutes of sound at 32 tokens a second, the prompt's text and the answer.
    expect(project?.transcriptionTokens).toBeGreaterThan(120 * 32);
    expect(project).toMatchObject({ calls: 1, transcriptionCalls: 1, tokens: project?.transcriptionTokens });
    expect(account).toMatchObject({ calls: 2, analysisTokens: 1_000, transcriptionCalls: 1, tokens: 1_000 + (project?.transcriptionTokens as number) });
  });

  it('a transcription that fails still counts every call it made', async () => {
    standIn.setHandler(async () => replies.overloaded());
    const outcome = await transcribeRecording(db(), input('u4', 'p4', 'd4'));
    expect(outcome).toMatchObject({ ok: false, code: 'transcription-failed' });
    expect(await usageOf('projects/p4')).toMatchObject({ calls: 4, transcriptionCalls: 4, tokens: 0 });
    expect([...standIn.files.values()].map((f) => f.deleted)).toEqual([true]);
  });

  it('one whose estimate (32 tokens a second of its sound, its prompts and answers) would pass the allowance is refused before anything is sent', async () => {
    const at = new Date();
    // 40,000 of 50,000 spent: two minutes of sound sent whole are about 10,000 tokens with their prompt and answer.
    await db().doc(`projects/p5/geminiUsage/${usageMonth(at)}`).set({ tokens: 40_000, calls: 9 });
    const outcome = await transcribeRecording(db(), { ...input('u5', 'p5', 'd5'), now: () => at });
    expect(outcome).toEqual({ ok: false, code: 'gemini-ceiling', message: RECORDING_CEILING_MESSAGES.project(50_000, at) });
    expect(standIn.fileRequests).toHaveLength(0);
    expect(standIn.requests).toHaveLength(0);
    expect(await usageOf('projects/p5')).toMatchObject({ tokens: 40_000, calls: 9 });
  });

  it('ten started at once reserve their estimates: only as many as the allowance holds are sent, and it is not passed', async () => {
    // Every call waits until each of the ten was either refused or is calling: none finishes (and records what it
    // spent) before the last has asked for its share.
    let calling = 0;
    let refused = 0;
    standIn.setHandler(async () => {
      calling += 1;
      for (let waited = 0; calling + refused < 10 && waited < 30_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
      return replies.model();
    });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        transcribeRecording(db(), input('u6', 'p6', `d6-${i}`)).then((outcome) => {
          if (!outcome.ok) refused += 1;
          return outcome;
        }),
      ),
    );
    expect(calling + refused).toBe(10);
    const sent = outcomes.filter((o) => o.ok).length;
    expect(sent).toBe(4);
    expect(outcomes.filter((o) => !o.ok && o.code === 'gemini-ceiling')).toHaveLength(6);
    const project = await usageOf('projects/p6');
    expect(project?.tokens).toBeLessThanOrEqual(50_000);
    expect(project?.transcriptionCalls).toBe(4);
    // Each hold ended as its usage was recorded.
    expect(project?.reservations ?? {}).toEqual({});
  });

  it('one request never carries more than Gemini’s 9.5 hours of audio: a recording that would is refused before anything is sent', async () => {
    const outcome = await transcribeRecording(db(), { ...input('u7', 'p7', 'd7'), durationSeconds: 10 * 3600, limits: readServerLimits({}).gemini });
    expect(outcome).toMatchObject({ ok: false, code: 'transcription-failed' });
    expect(standIn.fileRequests).toHaveLength(0);
    expect(standIn.requests).toHaveLength(0);
  });

  it('records each call as soon as it is settled: a run stopped later has its earlier parts’ calls and tokens on record', async () => {
    let calls = 0;
    let onRecordBeforeSecond: FirebaseFirestore.DocumentData | undefined;
    standIn.setHandler(async () => {
      calls += 1;
      if (calls === 2) {
        // The first part's call is on record while the second is still being answered (a task stopped now keeps it).
        for (let waited = 0; waited < 3_000 && !onRecordBeforeSecond?.calls; waited += 50) {
          onRecordBeforeSecond = await usageOf('projects/p8');
          if (!onRecordBeforeSecond?.calls) await new Promise((r) => setTimeout(r, 50));
        }
      }
      return replies.model();
    });
    const base = input('u8', 'p8', 'd8');
    const outcome = await transcribeRecording(db(), { ...base, tuning: { ...base.tuning, windowSeconds: 60 } });
    expect(outcome.ok).toBe(true);
    expect(onRecordBeforeSecond).toMatchObject({ calls: 1, transcriptionCalls: 1 });
    expect(onRecordBeforeSecond?.tokens).toBeGreaterThan(60 * 32);
    // Nothing counted twice at the end.
    const project = await usageOf('projects/p8');
    expect(project).toMatchObject({ calls: 2, transcriptionCalls: 2 });
    expect(await usageOf('users/u8')).toMatchObject({ calls: 2, tokens: project?.tokens });
  });

  it('every file put in Gemini’s file store is named until it is deleted there; what a stopped run left, the sweeper deletes', async () => {
    const ledger = geminiFileLedger(db(), { projectId: 'p9', documentId: 'd9' });
    const named = async () => (await db().collection('geminiFiles').get()).docs.map((d) => d.data());
    // A run that finishes leaves no name behind.
    const done = await transcribeRecording(db(), { ...input('u9', 'p9', 'd9'), onFileStored: ledger.stored, onFileDeleted: ledger.deleted });
    expect(done.ok).toBe(true);
    expect(await named()).toEqual([]);

    // A run stopped while Gemini answers (its task killed): its file's name is on record.
    let asked!: () => void;
    const askedNow = new Promise<void>((resolve) => (asked = resolve));
    standIn.setHandler(async () => {
      asked();
      return replies.hang();
    });
    const stopped = transcribeRecording(db(), { ...input('u9', 'p9', 'd10'), onFileStored: ledger.stored, onFileDeleted: ledger.deleted, deadlineAtMs: Date.now() + 4_000 });
    await askedNow;
    const left = await named();
    expect(left).toHaveLength(1);
    const file = [...standIn.files.values()].find((f) => `files/${f.id}` === left[0]!.name)!;
    expect(file.deleted).toBe(false);
    // The sweeper, once no run can still be using it, deletes it at Google and forgets its name.
    const client = createTranscriptionClient(standIn.apiKey, standIn.url);
    const sweep = (at: Date) => sweepGeminiFiles(db(), (name) => deleteFile(client, { name, uri: '', mimeType: '' }), at);
    expect(await sweep(new Date())).toBe(0);
    expect(await sweep(new Date(Date.now() + GEMINI_FILE_ORPHANED_MS + 1_000))).toBe(1);
    expect(file.deleted).toBe(true);
    expect(await named()).toEqual([]);
    standIn.setHandler(undefined);
    await stopped;
  }, 30_000);
});

