/**
 * One transcription from its input to the outcome the caller stores: the recording transcribed (gemini-transcriber.ts),
 * progress reported in order, and every failure made the sentence a researcher reads for its kind (transcription-failure.ts), the
 * reason going to the log. Pure of Firestore (the ceilings and the counts are index.ts's).
 */
import type { Readable } from 'node:stream';
import { AnalysisError, type TokenUsage } from '@verbatim/contract/insight';
import type { ParsedTranscript } from '@verbatim/contract/transcript';
import type { GeminiSettings } from '../../config/server-config';
import type { GeminiLimits } from '../../config/server-limits';
import { logs } from '../../lib/logs';
import { transcribeWithGemini, type RecordingSource } from './gemini-transcriber';
import { TranscriptionError } from './transcription-error';
import { transcriptionFailureMessage } from './transcription-failure';
import type { TranscriptionSettings } from './transcription-settings';

export interface TranscriptionInput {
  uid: string;
  projectId: string;
  documentId: string;
  fileName: string;
  contentType: string;
  size: number;
  durationSeconds: number;
  /** The stored bytes [start, end) as a stream (never the whole file in memory). */
  readRange(start: number, end: number): Readable;
  /** Cuts a stretch of the recording's sound (recordings/transcription-audio.ts); a recording without pictures is then sent a part at a time. */
  cutAudio?: RecordingSource['cutAudio'];
  /** Each file's name as Google stores it, and once it is deleted there (recordings/gemini-file-ledger.ts). */
  onFileStored?: (name: string) => Promise<void>;
  onFileDeleted?: (name: string) => Promise<void>;
  /** The run's deadline (epoch ms), from the time its task has left: nothing of it runs past it. */
  deadlineAtMs?: number;
  /** 0..1 as the transcription proceeds. */
  onProgress?(fraction: number): Promise<void> | void;
  /** The file holds a picture track (default: a `video/` content type): each part is then sent as a clip. */
  hasVideo?: boolean;
  /** Gemini's key, model and address (default: the server's configuration). */
  gemini?: GeminiSettings;
  /** The server's Gemini limits (default: the server's configuration). */
  limits?: GeminiLimits;
  /** Waits, retries and poll intervals (tests). */
  tuning?: Partial<TranscriptionSettings>;
  now?: () => Date;
}

export type TranscriptionOutcome =
  | { ok: true; transcript: ParsedTranscript }
  | { ok: false; code: 'transcription-failed' | 'transcription-empty' | 'gemini-ceiling'; message: string };

/** Progress reports in order, each at least a percent past the last; a report that fails is let go. */
function progressReporter(onProgress: TranscriptionInput['onProgress']) {
  let last = 0;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    report(fraction: number) {
      const value = Math.min(1, Math.max(0, fraction));
      if (!onProgress || value < last + 0.01) return;
      last = value;
      chain = chain.then(() => onProgress(value)).catch(() => undefined);
    },
    settled: () => chain,
  };
}

export const failed = (message: string): TranscriptionOutcome => ({ ok: false, code: 'transcription-failed', message });

/** Transcribes the recording; never throws. */
export async function runTranscription(
  input: TranscriptionInput,
  settings: TranscriptionSettings,
  usage: TokenUsage,
  onSpent?: (spent: TokenUsage) => void,
): Promise<TranscriptionOutcome> {
  const progress = progressReporter(input.onProgress);
  const source = {
    documentId: input.documentId,
    fileName: input.fileName,
    contentType: input.contentType,
    size: input.size,
    durationSeconds: input.durationSeconds,
    hasVideo: input.hasVideo ?? input.contentType.startsWith('video/'),
    readRange: (start: number, end: number) => input.readRange(start, end),
    ...(input.cutAudio ? { cutAudio: input.cutAudio } : {}),
    ...(input.deadlineAtMs === undefined ? {} : { deadlineAtMs: input.deadlineAtMs }),
    ...(onSpent ? { onSpent } : {}),
    ...(input.onFileStored ? { onFileStored: input.onFileStored } : {}),
    ...(input.onFileDeleted ? { onFileDeleted: input.onFileDeleted } : {}),
    onFileNotDeleted: (name: string) => logs.geminiFileNotDeleted(input.documentId, name),
  };
  try {
    const transcript = await transcribeWithGemini(source, settings, usage, progress.report);
    progress.report(1);
    return { ok: true, transcript };
  } catch (error) {
    // Each kind of failure has its own sentence (transcription-failure.ts); the reason goes to the log.
    if (error instanceof TranscriptionError) {
      logs.transcriptionFailed(input.documentId, error.code, error);
      return { ok: false, code: error.code, message: transcriptionFailureMessage(error) };
    }
    logs.transcriptionFailed(input.documentId, error instanceof AnalysisError ? `transcription-${error.code}` : 'transcription-internal', error);
    return failed(transcriptionFailureMessage(error));
  } finally {
    await progress.settled();
  }
}
