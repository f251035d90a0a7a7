import { type InterviewRecording } from '@verbatim/contract/recording';
import { durationText } from '@verbatim/contract/recording-messages';
import type { Progress } from '../../components/progress-bar';
import type { AttachUpload } from './attach-uploads';

/** What a recording's progress bar shows while it is on its way; null when nothing is moving. */
export function recordingProgress(recording: InterviewRecording | undefined, upload?: AttachUpload): Progress | null {
  if (upload && upload.phase !== 'failed') {
    if (upload.phase === 'checking' || upload.phase === 'reserving') return { label: 'Preparing the upload', value: null };
    return { label: 'Uploading the recording', value: percent(upload.sent, upload.total) };
  }
  switch (recording?.status) {
    case 'uploading':
      return { label: 'Waiting for the recording', value: null };
    case 'checking':
      return { label: 'Checking the recording', value: percent(recording.progress, 1) };
    case 'transcribing':
      return { label: 'Transcribing with Gemini', value: percent(recording.progress, 1) };
    default:
      return null;
  }
}

/** "interview.m4a · 45 minutes · video": what was read from a recording. */
export function recordingFacts(recording: InterviewRecording): string {
  const parts = [recording.fileName];
  if (recording.durationSeconds !== null) parts.push(durationText(recording.durationSeconds));
  if (recording.hasVideo) parts.push('video');
  return parts.join(' · ');
}

/** A recording whose bytes have not arrived for this long, with no browser sending them, will not finish. */
export const STALE_RECORDING_MS = 30 * 60 * 1000;

/** Said of a recording reserved long ago whose bytes never came (the browser that sent them was closed), or null. */
export function stalledRecording(recording: InterviewRecording | undefined, upload: AttachUpload | undefined, now = Date.now()): string | null {
  if (recording?.status !== 'uploading' || upload) return null;
  return now - recording.updatedAt.getTime() > STALE_RECORDING_MS ? 'This recording’s upload did not finish. Remove it and attach the file again.' : null;
}

function percent(part: number, whole: number): number {
  return whole > 0 ? Math.min(100, Math.round((part / whole) * 100)) : 0;
}

/**
 * The one problem a recording card shows: the latest, never a pile of old and new. A removal that just failed is the
 * newest thing the researcher did; then an attachment that failed (newer than what is stored); then a recording stuck
 * in a step; then the stored recording's own failure. Null when there is none.
 */
export function recordingProblem(state: {
  removeError: string | null;
  uploadError: string | null;
  stalled: string | null;
  sending: boolean;
  recording: Pick<InterviewRecording, 'status' | 'error'> | undefined;
}): { text: string; source: 'remove' | 'upload' | 'stalled' | 'recording' } | null {
  if (state.removeError) return { text: state.removeError, source: 'remove' };
  if (state.uploadError) return { text: state.uploadError, source: 'upload' };
  if (state.sending) return null;
  if (state.stalled) return { text: state.stalled, source: 'stalled' };
  if (state.recording?.status === 'failed') return { text: state.recording.error ?? RECORDING_UNUSABLE, source: 'recording' };
  return null;
}

const RECORDING_UNUSABLE = 'This recording could not be used. Attach the file again.';
