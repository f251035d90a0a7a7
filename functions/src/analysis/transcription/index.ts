/**
 * A recording transcribed by Gemini into the same transcript model as an uploaded file (gemini-transcriber.ts), held
 * to the project's and the account's monthly Gemini token ceilings before anything is sent: its tokens estimated from
 * its length (transcription-estimate.ts) and reserved in both months, refused when they would pass either ceiling
 * (so transcriptions starting together cannot overshoot it), and refused when one request would carry more audio
 * than Gemini takes; every call and token is added to both months afterwards (as `transcriptionTokens`/`transcriptionCalls`), a failed
 * transcription's included. Firestore is touched only for those ceilings and counts.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { TokenUsage } from '@verbatim/contract/insight';
import { RECORDING_CEILING_MESSAGES, RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { ceilingPassedBy, recordGeminiUsage, reserveGeminiTokens, type UsageScope } from '../../analysis-runs/gemini-usage';
import { serverConfig } from '../../config/server-config';
import type { GeminiLimits } from '../../config/server-limits';
import { logs } from '../../lib/logs';
import { addUsage, noUsage, usageBeyond } from '../gemini/counted-call';
import { failed, runTranscription, type TranscriptionInput, type TranscriptionOutcome } from './run-transcription';
import { estimateTranscription, MAX_AUDIO_SECONDS_PER_REQUEST, type SoundSent } from './transcription-estimate';
import { TRANSCRIPTION_FAILURE_MESSAGES } from '../gemini-failure-messages';
import { transcriptionSettings, type TranscriptionSettings } from './transcription-settings';

/** A transcription's hold on its month lapses after its task's 30 minutes (and a margin), if it was stopped before it recorded its usage. */
const RESERVATION_HOLD_MS = 35 * 60_000;

export { machineNote } from './gemini-transcriber';
export type { TranscriptionInput, TranscriptionOutcome } from './run-transcription';

/**
 * Before a transcription's credit is spent (recordings/ingest-recording.ts): the sentence it would be refused with if
 * its estimate would pass the project's or the account's allowance now, else null. Nothing is held; the task reserves.
 */
export async function transcriptionAllowanceRefusal(
  db: Firestore,
  recording: { uid: string; projectId: string; durationSeconds: number; hasVideo: boolean },
  limits: GeminiLimits,
  at: Date,
): Promise<{ code: 'gemini-ceiling'; message: string } | null> {
  const settings = transcriptionSettings({ apiKey: 'unused', model: 'unused' }, limits);
  const estimate = estimateTranscription(recording.durationSeconds, recording.hasVideo ? 'clip' : 'cut', settings);
  const scope: UsageScope = { ownerId: recording.uid, projectId: recording.projectId };
  const reached = await ceilingPassedBy(db, scope, { project: limits.tokensPerProjectPerMonth, account: limits.tokensPerAccountPerMonth }, estimate.tokens, at);
  if (!reached) return null;
  logs.geminiCeilingReached(recording.projectId, `transcription before its credit (${reached}, ${estimate.tokens} tokens estimated)`);
  const message = reached === 'account' ? RECORDING_CEILING_MESSAGES.account(limits.tokensPerAccountPerMonth, at) : RECORDING_CEILING_MESSAGES.project(limits.tokensPerProjectPerMonth, at);
  return { code: 'gemini-ceiling', message };
}

export async function transcribeRecording(db: Firestore, input: TranscriptionInput): Promise<TranscriptionOutcome> {
  const now = input.now ?? (() => new Date());
  let settings: TranscriptionSettings | null;
  let limits: GeminiLimits;
  try {
    const gemini = input.gemini ?? serverConfig().gemini;
    limits = input.limits ?? serverConfig().limits.gemini;
    settings = gemini && transcriptionSettings(gemini, limits, input.tuning);
  } catch (error) {
    logs.transcriptionFailed(input.documentId, 'server-misconfigured', error);
    return failed(TRANSCRIPTION_FAILURE_MESSAGES.misconfigured);
  }
  if (!settings) {
    logs.transcriptionFailed(input.documentId, 'gemini-not-configured', new Error('GEMINI_API_KEY is not set'));
    return failed(RECORDING_MESSAGES.transcriptionFailed);
  }
  const scope: UsageScope = { ownerId: input.uid, projectId: input.projectId };
  // What it will send and spend, from its length alone, before anything is sent.
  const sent: SoundSent = (input.hasVideo ?? input.contentType.startsWith('video/')) ? 'clip' : input.cutAudio ? 'cut' : 'whole';
  const estimate = estimateTranscription(input.durationSeconds, sent, settings);
  if (estimate.longestRequestSeconds > MAX_AUDIO_SECONDS_PER_REQUEST) {
    logs.transcriptionFailed(input.documentId, 'too-long-for-gemini', new Error(`A request would carry ${Math.round(estimate.longestRequestSeconds)} s of audio; Gemini takes at most ${MAX_AUDIO_SECONDS_PER_REQUEST} s.`));
    return failed(TRANSCRIPTION_FAILURE_MESSAGES.tooLong);
  }
  const at = now();
  const reservation = { key: `transcription-${input.documentId}`, tokens: estimate.tokens };
  const ceilings = { project: limits.tokensPerProjectPerMonth, account: limits.tokensPerAccountPerMonth };
  const held = await reserveGeminiTokens(db, scope, ceilings, reservation, at, new Date(at.getTime() + RESERVATION_HOLD_MS));
  if (!held.ok) {
    logs.geminiCeilingReached(input.projectId, `transcription (${held.reached}, ${estimate.tokens} tokens estimated)`);
    // The transcription's own sentence: the recording was not transcribed, when the allowance renews, what works meanwhile.
    const message =
      held.reached === 'account'
        ? RECORDING_CEILING_MESSAGES.account(limits.tokensPerAccountPerMonth, at)
        : RECORDING_CEILING_MESSAGES.project(limits.tokensPerProjectPerMonth, at);
    return { ok: false, code: 'gemini-ceiling', message };
  }
  const usage = noUsage();
  // Each call is recorded as soon as it is settled, so a run its task stops later has recorded what it spent; the
  // hold on the month ends when the run does.
  const live = noUsage();
  let recording: Promise<void> = Promise.resolve();
  const onSpent = (spent: TokenUsage) => {
    addUsage(live, spent);
    recording = recording.then(() => recordGeminiUsage(db, scope, 'transcription', spent, now()).catch((err) => logs.usageNotRecorded(input.projectId, err)));
  };
  try {
    return await runTranscription(input, settings, usage, onSpent);
  } finally {
    await recording;
    await recordGeminiUsage(db, scope, 'transcription', usageBeyond(usage, live), now(), reservation.key).catch((err) => logs.usageNotRecorded(input.projectId, err));
  }
}
