import type { InterviewStatus, Interview } from '@verbatim/contract/project';
import type { SpeakerRole } from '@verbatim/contract/transcript';
import { recordingProgress } from '../recordings';

export const STATUS_LABELS: Record<InterviewStatus, string> = {
  uploading: 'Uploading',
  parsing: 'Parsing',
  'awaiting-roles': 'Check speakers',
  parsed: 'Parsed',
  analyzing: 'Analyzing',
  ready: 'Ready',
  failed: 'Failed',
};

export const ROLE_LABELS: Record<SpeakerRole, string> = {
  interviewer: 'Interviewer',
  participant: 'Participant',
  unknown: 'Unknown role',
};

/** The transcript can be read once parsed (analysis only adds to it), also while its speakers wait to be checked. */
export function hasTranscript(status: InterviewStatus): boolean {
  return status === 'awaiting-roles' || status === 'parsed' || status === 'analyzing' || status === 'ready';
}

/** An upload the browser is sending right now, as far as a document's row needs to know. */
export interface LocalUpload {
  phase: 'waiting' | 'reserving' | 'sending' | 'processing' | 'failed';
  sent: number;
  total: number;
  error: string | null;
}

export interface RowProgress {
  label: string;
  /** 0..100 */
  value: number;
}

/** An upload left in `uploading` this long with no browser sending it will not finish. */
export const STALE_UPLOAD_MS = 15 * 60 * 1000;

/**
 * What a document's progress bar shows: the bytes while this browser sends the file, then the
 * server's own progress while it reads (or analyses) the transcript. Null when nothing is moving.
 */
export function rowProgress(doc: Interview, upload: LocalUpload | undefined, now = Date.now()): RowProgress | null {
  const transcribing = transcriptionProgress(doc);
  if (transcribing) return transcribing;
  if (doc.status === 'uploading') {
    if (upload?.phase === 'failed') return null;
    if (upload?.phase === 'sending') return { label: 'Uploading', value: percent(upload.sent, upload.total) };
    if (upload) return { label: 'Uploading', value: 100 };
    if (now - doc.updatedAt.getTime() > STALE_UPLOAD_MS) return null;
    return { label: 'Waiting for the server', value: 0 };
  }
  if (doc.status === 'parsing') return { label: 'Reading the transcript', value: Math.round(doc.progress * 100) };
  if (doc.status === 'analyzing') return { label: 'Finding insights', value: Math.round(doc.progress * 100) };
  return null;
}

/** A recording Gemini is reading into this interview's transcript: checked, then transcribed, with the server's progress. */
function transcriptionProgress(doc: Interview): RowProgress | null {
  const recording = doc.recording;
  if (recording?.origin !== 'transcribed' || hasTranscript(doc.status) || doc.status === 'failed') return null;
  if (recording.status !== 'checking' && recording.status !== 'transcribing') return null;
  const progress = recordingProgress(recording);
  return progress && { label: progress.label, value: progress.value ?? 0 };
}

/** The chip's word for an interview: its status, or "Transcribing" while Gemini reads its recording. */
export function statusLabel(doc: Pick<Interview, 'status' | 'recording'>): string {
  if (doc.recording?.status === 'transcribing' && !hasTranscript(doc.status) && doc.status !== 'failed') return 'Transcribing';
  return STATUS_LABELS[doc.status];
}

/** A sentence for an upload that will not finish, or null. */
export function stalledMessage(doc: Interview, upload: LocalUpload | undefined, now = Date.now()): string | null {
  if (doc.status !== 'uploading') return null;
  if (upload?.phase === 'failed') return `The upload stopped: ${upload.error ?? 'unknown error'} Delete this interview and upload the file again.`;
  if (!upload && now - doc.updatedAt.getTime() > STALE_UPLOAD_MS) {
    return 'This upload did not finish. Delete this interview and upload the file again.';
  }
  return null;
}

function percent(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.round((sent / total) * 100));
}
