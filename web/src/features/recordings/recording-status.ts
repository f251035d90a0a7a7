import { durationText, type InterviewRecording } from '@verbatim/contract/recording';
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
