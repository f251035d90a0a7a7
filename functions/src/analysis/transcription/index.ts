/**
 * Gemini transcribes an interview's recording into the transcript model an uploaded file is read into (turns, speaker
 * labels, timestamps). This is the module's interface; until its Gemini implementation lands, every transcription
 * fails with the sentence a researcher reads (and the pipeline returns the credit).
 */
import type { Readable } from 'node:stream';
import type { Firestore } from 'firebase-admin/firestore';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording';
import type { ParsedTranscript } from '@verbatim/contract/transcript';

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
  /** 0..1 as the transcription proceeds. */
  onProgress?(fraction: number): Promise<void> | void;
}

export type TranscriptionOutcome =
  | { ok: true; transcript: ParsedTranscript }
  | { ok: false; code: 'transcription-failed' | 'transcription-empty' | 'gemini-ceiling'; message: string };

export async function transcribeRecording(_db: Firestore, _input: TranscriptionInput): Promise<TranscriptionOutcome> {
  return { ok: false, code: 'transcription-failed', message: RECORDING_MESSAGES.transcriptionFailed };
}
