/**
 * A recording transcribed by Gemini into the same transcript model as an uploaded file (gemini-transcriber.ts), held
 * to the project's and the account's monthly Gemini token ceilings like an analysis: checked before anything is sent,
 * and every call and token added to both months afterwards (as `transcriptionTokens`/`transcriptionCalls`), a failed
 * transcription's included. Firestore is touched only for those ceilings and counts.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { RECORDING_CEILING_MESSAGES, RECORDING_MESSAGES } from '@verbatim/contract/recording';
import { ceilingReached, recordGeminiUsage, type UsageScope } from '../../analysis-runs/gemini-usage';
import { serverConfig } from '../../config/server-config';
import type { GeminiLimits } from '../../config/server-limits';
import { logs } from '../../lib/logs';
import { noUsage } from '../gemini/counted-call';
import { failed, runTranscription, type TranscriptionInput, type TranscriptionOutcome } from './run-transcription';
import { transcriptionSettings, type TranscriptionSettings } from './transcription-settings';

export { machineNote } from './gemini-transcriber';
export type { TranscriptionInput, TranscriptionOutcome } from './run-transcription';

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
    return failed(RECORDING_MESSAGES.transcriptionFailed);
  }
  if (!settings) {
    logs.transcriptionFailed(input.documentId, 'gemini-not-configured', new Error('GEMINI_API_KEY is not set'));
    return failed(RECORDING_MESSAGES.transcriptionFailed);
  }
  const scope: UsageScope = { ownerId: input.uid, projectId: input.projectId };
  const reached = await ceilingReached(db, scope, { project: limits.tokensPerProjectPerMonth, account: limits.tokensPerAccountPerMonth }, now());
  if (reached) {
    logs.geminiCeilingReached(input.projectId, `transcription (${reached})`);
    // The transcription's own sentence: the recording was not transcribed, when the allowance renews, what works meanwhile.
    const message =
      reached === 'account'
        ? RECORDING_CEILING_MESSAGES.account(limits.tokensPerAccountPerMonth, now())
        : RECORDING_CEILING_MESSAGES.project(limits.tokensPerProjectPerMonth, now());
    return { ok: false, code: 'gemini-ceiling', message };
  }
  const usage = noUsage();
  try {
    return await runTranscription(input, settings, usage);
  } finally {
    await recordGeminiUsage(db, scope, 'transcription', usage, now()).catch((err) => logs.usageNotRecorded(input.projectId, err));
  }
}
