/**
 * An interview's recording (audio or video): which files are accepted, what is stored about one, the sentences a
 * researcher reads when one cannot be used, and the API's wire types for recordings. Pure TypeScript, shared by the
 * server and the web client.
 *
 * Two ways a recording joins an interview:
 * - `transcribed`: in a project analysed by Gemini, a recording uploaded as a new interview is transcribed by Gemini
 *   into the same transcript model as an uploaded file (turns, speakers, timestamps); the transcript is machine-made
 *   and the researcher can correct it.
 * - `attached`: the researcher attaches a recording to an interview whose transcript they uploaded with timestamps
 *   (Zoom, Teams, Meet captions, or any file with `[mm:ss]` stamps); nothing is sent anywhere, the two are synced by
 *   the transcript's timestamps. The only way in a private ("Built-in") project.
 */

import type { ProjectSettings } from './project';
import { byteSizeText } from './byte-size';
import { extensionOf } from './transcript-formats';

/** One accepted recording format. */
interface RecordingFormatRow {
  /** The ending an upload carries, lower case with its dot. */
  extension: string;
  /** Content types an upload of it declares (the first is the one the web app declares); storage.rules accept these. */
  contentTypes: readonly string[];
  /** Whether the container usually holds pictures too (the player then shows a video). */
  video: boolean;
}

const RECORDING_TABLE = [
  { extension: '.mp3', contentTypes: ['audio/mpeg', 'audio/mp3'], video: false },
  { extension: '.m4a', contentTypes: ['audio/mp4', 'audio/x-m4a', 'audio/m4a'], video: false },
  { extension: '.wav', contentTypes: ['audio/wav', 'audio/x-wav', 'audio/wave'], video: false },
  { extension: '.ogg', contentTypes: ['audio/ogg', 'application/ogg'], video: false },
  { extension: '.webm', contentTypes: ['video/webm', 'audio/webm'], video: true },
  { extension: '.mp4', contentTypes: ['video/mp4'], video: true },
  { extension: '.mov', contentTypes: ['video/quicktime'], video: true },
] as const satisfies readonly RecordingFormatRow[];

export const RECORDING_FORMATS: readonly RecordingFormatRow[] = RECORDING_TABLE;

/** Endings a recording upload may carry, in the order shown to researchers. */
export const RECORDING_EXTENSIONS: readonly string[] = RECORDING_TABLE.map((row) => row.extension);

/** ".mp3, .m4a, .wav, .ogg, .webm, .mp4 and .mov". */
export const RECORDING_EXTENSIONS_LIST = `${RECORDING_EXTENSIONS.slice(0, -1).join(', ')} and ${RECORDING_EXTENSIONS.at(-1)}`;

/** Every content type a recording upload may declare (and `application/octet-stream`, which says nothing). */
export const RECORDING_CONTENT_TYPES: readonly string[] = RECORDING_TABLE.flatMap((row) => row.contentTypes);

/** Whether a file is named as a recording (".m4a", ".MP4", …). Its bytes are still read before it is believed. */
export function isRecordingFileName(fileName: string): boolean {
  const ext = extensionOf(fileName);
  return ext !== null && RECORDING_EXTENSIONS.includes(ext);
}

/** The content type a recording upload of `fileName` declares. */
export function recordingContentTypeOf(fileName: string): string {
  const ext = extensionOf(fileName);
  return RECORDING_TABLE.find((row) => row.extension === ext)?.contentTypes[0] ?? 'application/octet-stream';
}

/** How a recording relates to its interview's transcript (see the module comment). */
export type RecordingOrigin = 'transcribed' | 'attached';

/**
 * A recording's life: `uploading` (reserved, bytes not yet arrived) → `checking` (its bytes are read: format,
 * duration, sound) → for a `transcribed` one `transcribing` → `ready`; or `failed` with a sentence saying why (the
 * interview's transcript, when it has one, is untouched). Written by the server only.
 */
export type RecordingStatus = 'uploading' | 'checking' | 'transcribing' | 'ready' | 'failed';

/** `recording` on `projects/{p}/documents/{d}`: what was read from the file, never what its name claims. */
export interface InterviewRecording {
  status: RecordingStatus;
  origin: RecordingOrigin;
  fileName: string;
  /**
   * The one name its file may be stored under in the interview's folder (`storedRecordingName`, the path's last
   * segment): storage.rules allow an upload under it only; the upload trigger deletes a file under any other at once.
   */
  storedName?: string;
  /** Bytes, as stored. */
  size: number;
  /** The content type the recording is served with (from what was read, not from the name). */
  contentType: string;
  /** Read from the file's own headers (or by reading it through); null until it was read. */
  durationSeconds: number | null;
  /** Whether the file holds a picture track (the player shows it). */
  hasVideo: boolean;
  /** The container and sound codec as read ("MPEG-4", "AAC"); null until read. */
  container: string | null;
  codec: string | null;
  /** 0..1 progress of the current server step (checking, transcribing). */
  progress: number;
  error: string | null;
  errorCode: RecordingErrorCode | null;
  updatedAt: Date;
  /**
   * A `transcribed` recording: when the attempt transcribing it now started (absent while it waits in the queue). A
   * second delivery of its task finds it and leaves it alone; one past the attempt's deadline takes over.
   */
  transcriptionStartedAt?: Date | null;
  /**
   * A `transcribed` recording of a project that redacts personal details: when the researcher confirmed that it may
   * be sent to Gemini as spoken (redaction works on text only, see `soundConfirmation`). Absent where none was asked.
   */
  unredactedSoundConfirmedAt?: Date;
}

/**
 * Where a transcript came from: `file` (uploaded by the researcher, or imported) or `machine` (Gemini transcribed the
 * recording; the transcript page says so, and the researcher can correct words and speaker names).
 */
export type TranscriptOrigin = 'file' | 'machine';

export type RecordingErrorCode =
  | 'not-media'
  | 'corrupt'
  | 'silent'
  | 'too-large'
  | 'too-long'
  /** Its container's structure is past the bounds on the memory or time reading one may take. */
  | 'too-complex'
  /** Its sound costs more to decode than any interview's (a sample rate and channel count no voice needs). */
  | 'too-heavy'
  | 'unsupported-codec'
  | 'past-end'
  | 'no-timestamps'
  | 'needs-transcript'
  | 'transcription-failed'
  | 'transcription-empty'
  /** The account's or project's monthly Gemini allowance is used up (the transcription's own sentence says when it renews). */
  | 'gemini-ceiling'
  /** A project that redacts personal details: a recording is sent to Gemini only once the researcher confirmed it. */
  | 'sound-not-confirmed';

/**
 * Whether a recording uploaded to a project with `settings` waits for the researcher's confirmation before it is sent.
 * Redaction works on text only: names, emails and phone numbers said aloud reach Gemini as spoken. So where the project
 * redacts, a recording goes to Gemini only once the researcher confirmed it; where it does not, nothing is asked, and a
 * private project sends no recording at all.
 */
export function soundNeedsConfirmation(settings: ProjectSettings): boolean {
  return settings.analyser === 'gemini' && settings.redactPii;
}

/**
 * The server's decision on a recording reserved for a project with `settings`, given whether the researcher confirmed
 * it (`confirmed`, the request's `confirmUnredactedSound`): `refuse` where a confirmation is needed and missing,
 * `confirmed` where it was needed and given (to be recorded), `not-asked` elsewhere.
 */
export function soundConfirmation(settings: ProjectSettings, confirmed: boolean | undefined): 'not-asked' | 'refuse' | 'confirmed' {
  if (!soundNeedsConfirmation(settings)) return 'not-asked';
  return confirmed === true ? 'confirmed' : 'refuse';
}

/**
 * Whether a recording reserved to be transcribed may be sent to Gemini now, under its project's current `settings`
 * (the owner may have changed them since the reservation): `private` where the project no longer uses Gemini,
 * `unconfirmed` where it redacts now and the researcher never confirmed the recording's sound (it was reserved while
 * redaction was off), `send` otherwise. Asked again before anything is sent, not only at the reservation.
 */
export function transcriptionConsent(
  settings: ProjectSettings,
  recording: Pick<InterviewRecording, 'unredactedSoundConfirmedAt'>,
): 'send' | 'private' | 'unconfirmed' {
  if (settings.analyser !== 'gemini') return 'private';
  if (soundNeedsConfirmation(settings) && !recording.unredactedSoundConfirmedAt) return 'unconfirmed';
  return 'send';
}

/** Bounds a deployment sets (functions/src/config/server-limits.ts); the web app reads them from the server config. */
export interface RecordingLimits {
  /** Largest recording stored straight to Cloud Storage (production). */
  maxBytes: number;
  /** Longest recording accepted, in seconds. */
  maxSeconds: number;
  /** Largest recording sent through the API (on the emulators, where no Storage emulator runs). */
  apiMaxBytes: number;
}

export { byteSizeText } from './byte-size';

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
    'This project is private (the built-in analyser): recordings are not sent anywhere to be transcribed. Upload the interview’s transcript with timestamps (a .vtt or .srt from Zoom, Teams or Meet), then attach the recording to it.',
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
  /** The project was made private after the recording was reserved: it was not sent anywhere. */
  privateSinceUpload: (creditReturned: boolean) =>
    'This project was made private (the built-in analyser) after this recording was uploaded, so it was not sent anywhere to be transcribed. ' +
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

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const DAY_AND_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** The first day of the month after `at`'s (UTC), as a person reads it: "1 January" in December. */
export function allowanceRenewalText(at: Date): string {
  return DAY_AND_MONTH.format(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)));
}

/**
 * A monthly allowance used up before the transcription: whose (`whose`, with what its tokens cover), for which month
 * (UTC), that the credit came back, when it renews, and what works meanwhile (a transcript, the recording attached).
 */
function allowanceUsedUp(whose: string, tokens: string, at: Date): string {
  return (
    `${whose} has used its Gemini allowance for ${MONTH.format(at)} (${tokens}), so this recording was not transcribed. ` +
    `Your credit was returned. The allowance renews on ${allowanceRenewalText(at)}; upload the recording again then. ` +
    'Meanwhile, upload the interview’s transcript with timestamps (a .vtt or .srt from Zoom, Teams or Meet) and attach the recording to it.'
  );
}

/**
 * The sentences a researcher reads when a monthly Gemini allowance (`gemini-ceiling`) stops a recording's transcription
 * before anything was sent: the project's own, or the account's over all its projects.
 */
export const RECORDING_CEILING_MESSAGES = {
  project: (ceilingTokens: number, at: Date) => allowanceUsedUp('This project', `${ceilingTokens.toLocaleString('en-US')} tokens`, at),
  account: (ceilingTokens: number, at: Date) => allowanceUsedUp('Your account', `${ceilingTokens.toLocaleString('en-US')} tokens over all your projects`, at),
} as const;

// ─── API wire types ────────────────────────────────────────────────────────────────────────────────────────────────
// POST /projects/{p}/documents                     {fileName, size, kind: 'recording', confirmUnredactedSound?} → a new
//                                                  interview transcribed from the recording (Gemini projects; 400
//                                                  needs-transcript otherwise; 400 sound-not-confirmed in a project that
//                                                  redacts, without confirmUnredactedSound: true)
// POST /projects/{p}/documents/{d}/recording       {fileName, size} → attach a recording to the interview's transcript
// PUT  /projects/{p}/documents/{d}/recording/content  the bytes, on the emulators (uploadVia 'api')
// DELETE /projects/{p}/documents/{d}/recording     removes the attached recording (the transcript stays)
// GET  /projects/{p}/documents/{d}/recording/playback → RecordingPlayback (owner)
// GET  /public/interviews/{token}/clips/{clipId}   → a quote's clip (its bytes), only when the share link allows playing quotes

/** Answer to a recording reservation (a new interview or an attachment): where to send the bytes. */
export interface RecordingUploadTarget {
  documentId: string;
  /** Cloud Storage path (uploadVia 'storage'), under the owner's `recordings/` folder. */
  uploadPath: string;
  uploadVia: 'storage' | 'api';
}

/** A link that plays the recording, valid until `expiresAt` (ISO time); ask again for a new one after it. */
export interface RecordingPlayback {
  url: string;
  expiresAt: string;
  contentType: string;
  hasVideo: boolean;
  durationSeconds: number;
}

/** How long a playback link stays valid. */
export const PLAYBACK_LINK_SECONDS = 60 * 60;
