import { type RecordingLimits } from '@verbatim/contract/recording';
import { byteSizeText } from '@verbatim/contract/byte-size';
import { durationText, RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { LOCAL_ANALYSIS_CLAUSE } from '@verbatim/contract/analysis-choice';
import { isRecordingFileName, RECORDING_EXTENSIONS_LIST } from '@verbatim/contract/recording-formats';

/**
 * Why a recording cannot be uploaded, said before anything is sent (the server says the same when it reads it), or
 * null. The limit is the deployment's (`RecordingLimits`, from the server's capabilities): through the API (`via`
 * 'api', on the emulators) the smaller one; unknown limits let the server decide. An empty file goes through: the
 * server says it cannot be read.
 */
export function recordingRejection(fileName: string, size: number, limits: RecordingLimits | null, via?: 'storage' | 'api'): string | null {
  if (!isRecordingFileName(fileName)) return RECORDING_MESSAGES.notMedia(fileName);
  if (!limits) return null;
  const limit = via === 'api' ? limits.apiMaxBytes : limits.maxBytes;
  return size > limit ? RECORDING_MESSAGES.tooLarge(size, limit) : null;
}

/** Why a recording of `seconds` (as the browser read it) is too long, or null (unknown length or limit: the server reads it). */
export function durationRejection(seconds: number | null, limits: RecordingLimits | null): string | null {
  if (seconds === null || !limits || !Number.isFinite(seconds)) return null;
  return seconds > limits.maxSeconds ? RECORDING_MESSAGES.tooLong(seconds, limits.maxSeconds) : null;
}

/** What the upload zone says of recordings: transcribed by Gemini into interviews, or (analysis "Verbatim only") attached. */
export function recordingUploadHint(transcribe: boolean, limits: RecordingLimits | null): string {
  if (!transcribe) {
    return `Recordings: this project has its ${LOCAL_ANALYSIS_CLAUSE}, so they are not sent to be transcribed. Upload the transcript with timestamps, then attach the recording on its interview’s page.`;
  }
  const bounds = limits ? ` · up to ${byteSizeText(limits.maxBytes)} and ${durationText(limits.maxSeconds)}` : '';
  return `Recordings: ${RECORDING_EXTENSIONS_LIST}${bounds} · transcribed by Gemini, one credit each`;
}
