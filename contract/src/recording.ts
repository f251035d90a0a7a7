/**
 * An interview's recording (audio or video): what is stored about one and the API's wire types for recordings
 * (its formats, sentences and the consent to send its sound are recording-formats.ts, recording-messages.ts and
 * sound-consent.ts). Pure TypeScript, shared by the
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

/** Bounds a deployment sets (functions/src/config/server-limits.ts); the web app reads them from the server config. */
export interface RecordingLimits {
  /** Largest recording stored straight to Cloud Storage (production). */
  maxBytes: number;
  /** Longest recording accepted, in seconds. */
  maxSeconds: number;
  /** Largest recording sent through the API (on the emulators, where no Storage emulator runs). */
  apiMaxBytes: number;
}

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
