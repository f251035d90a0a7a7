/** The sentences a researcher reads about a recording (what went wrong and what to do), built from the limits they state. Pure. */

import { LOCAL_ANALYSIS_CLAUSE, choiceName } from './analysis-choice';
import { byteSizeText } from './byte-size';
import { RECORDING_EXTENSIONS_LIST } from './recording-formats';
import { ALLOWANCE_MESSAGES } from './allowance-messages';

export { allowanceRenewalText } from './allowance-messages';

/** "2 hours", "90 minutes", "1 hour 30 minutes"; under a minute in seconds ("42 seconds"), never "1 minute" for 42 s. */
export function durationText(seconds: number): string {
  if (seconds < 59.5) {
    const whole = Math.max(1, Math.round(seconds));
    return `${whole} second${whole === 1 ? '' : 's'}`;
  }
  const total = Math.round(seconds / 60);
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const h = hours === 0 ? '' : `${hours} hour${hours === 1 ? '' : 's'}`;
  const m = minutes === 0 && hours > 0 ? '' : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return [h, m].filter(Boolean).join(' ');
}

/** The sentences a researcher reads when a recording cannot be used: each says what to do. */
export const RECORDING_MESSAGES = {
  notMedia: (fileName: string) =>
    `The file ${fileName} is not an audio or video recording. Upload one of: ${RECORDING_EXTENSIONS_LIST}.`,
  corrupt: (fileName: string) =>
    `The file ${fileName} could not be read as a recording: the file is damaged or incomplete. Export it again from the recorder or meeting tool and upload it again.`,
  silent: (fileName: string) =>
    `The file ${fileName} has no speech we can hear: its sound is silent throughout. Check that the right file was exported, with its audio track.`,
  tooLarge: (sizeBytes: number, limitBytes: number) =>
    `This recording is ${byteSizeText(sizeBytes)}; the limit is ${byteSizeText(limitBytes)}. Export it with a lower bit rate, or as audio only (.m4a or .mp3).`,
  tooLong: (seconds: number, limitSeconds: number) =>
    `This recording is ${durationText(seconds)} long; the limit is ${durationText(limitSeconds)}. Split it into parts and upload each as its own interview.`,
  /** Decoding found more sound than the limit (decoding stopped there). */
  longerThanLimit: (limitSeconds: number) =>
    `This recording is longer than ${durationText(limitSeconds)}, the limit. Split it into parts and upload each as its own interview.`,
  tooComplex: (fileName: string) =>
    `The file ${fileName} could not be read within the memory and time a recording may take: its structure is far larger or deeper than any recorder writes. Export it again from the recorder or meeting tool (or convert it to .m4a or .mp3) and upload it again.`,
  tooHeavy: (fileName: string) =>
    `The sound of ${fileName} takes far more work to decode than speech needs (a very high sample rate or many channels). Export it as .m4a (AAC) or .mp3, 48 kHz or less, mono or stereo, and upload it again.`,
  unsupportedCodec: (codec: string) =>
    `This recording's sound is encoded as ${codec}, which browsers cannot play. Export it as .m4a (AAC), .mp3 or .webm (Opus) and upload it again.`,
  pastEnd: (transcriptEnd: number, recordingEnd: number) =>
    `The transcript's timestamps run to ${clock(transcriptEnd)}, past the recording's end at ${clock(recordingEnd)}: they belong to another recording. Attach the recording of this interview.`,
  noTimestamps:
    'This transcript has no timestamps, so a recording cannot be synced to it. Upload the transcript with timestamps (a .vtt or .srt from Zoom, Teams or Meet, or a file with [mm:ss] stamps) and attach the recording to it.',
  needsTranscript:
    `This project has its ${LOCAL_ANALYSIS_CLAUSE}: recordings are not sent anywhere to be transcribed. Upload the interview’s transcript with timestamps (a .vtt or .srt from Zoom, Teams or Meet), then attach the recording to it.`,
  transcriptionFailed:
    'Gemini could not transcribe this recording. Your credit was returned; upload it again, or upload its transcript and attach the recording to it.',
  transcriptionEmpty:
    'Gemini heard no speech in this recording. Your credit was returned; check that the file has its audio track.',
  soundNotConfirmed:
    'This project redacts names, emails and phone numbers, but only from text: a recording reaches Gemini (Google) as spoken, names and all. Confirm that it may be sent to Gemini to transcribe, or upload the interview’s transcript with timestamps and attach the recording to it, which sends nothing anywhere.',
  /**
   * The project began to redact after the recording was reserved without a confirmation: it was not sent. Said when the
   * credit had been spent on it (and so was returned) or not yet.
   */
  redactedSinceUpload: (creditReturned: boolean) =>
    'This project now redacts names, emails and phone numbers, which works on text only, so this recording was not sent to Gemini: ' +
    'it was uploaded before redaction was turned on, without your confirmation that its sound may go as spoken. ' +
    `${creditReturned ? 'Your credit was returned.' : 'No credit was spent.'} ` +
    'Upload it again and confirm that it may be sent, or upload the interview’s transcript with timestamps and attach the recording to it, which sends nothing anywhere.',
  /** The project's analysis was set to "Verbatim only" after the recording was reserved: it was not sent anywhere. */
  privateSinceUpload: (creditReturned: boolean) =>
    `This project’s analysis was set to ${choiceName('local')} after this recording was uploaded, so it was not sent anywhere to be transcribed. ` +
    `${creditReturned ? 'Your credit was returned.' : 'No credit was spent.'} ` +
    'Upload the interview’s transcript with timestamps (a .vtt or .srt from Zoom, Teams or Meet), then attach the recording to it.',
} as const;

/** "1:02:03" or "12:05" for seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/**
 * The sentences a researcher reads when a monthly Gemini allowance (`gemini-ceiling`) stops a recording's transcription
 * before anything was sent: the project's own, or the account's over all its projects (allowance-messages.ts).
 */
export const RECORDING_CEILING_MESSAGES = {
  project: (ceilingTokens: number, at: Date) => ALLOWANCE_MESSAGES.transcription('project', ceilingTokens, at),
  account: (ceilingTokens: number, at: Date) => ALLOWANCE_MESSAGES.transcription('account', ceilingTokens, at),
} as const;
