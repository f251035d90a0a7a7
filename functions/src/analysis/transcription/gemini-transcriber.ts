/**
 * A recording transcribed by Gemini into the transcript model, pure of Firebase:
 * 1. uploaded to the Files API from the store, a chunk at a time (range-blob.ts, files-api.ts), within a deadline
 *    that grows with its size;
 * 2. waited for until Google has processed it (ACTIVE);
 * 3. transcribed in parts (windows.ts): the first alone (and the next, until somebody is heard), so the voices it heard
 *    can be given to the others, which run `maxConcurrency` at a time; each part is one generateContent call with the file and a prompt naming the part
 *    (transcription-prompt.ts), with the analyses' retries (HTTP 429/5xx, network, one more try after a timeout); an
 *    unusable answer is asked for once more; a part whose answer reached the output limit is asked as its two halves;
 *    one whose answer stops well before the part ends is asked once more, then kept with a note naming what is missing;
 * 4. deleted from Google, whether the transcription succeeded or not;
 * 5. the parts stitched (stitch.ts), written as WebVTT and read by the transcript parser, so turns, speakers, time
 *    marks, word count, language and who asks are found as for an uploaded caption file.
 * Every call and the tokens of every answer are added to `usage`.
 */
import { AnalysisError, type TokenUsage } from '@verbatim/contract/insight';
import { ParseError, type ParsedTranscript } from '@verbatim/contract/transcript';
import { parseTranscript } from '../parsers';
import { BLOCKING_FINISH_REASONS, MALFORMED_ATTEMPTS } from '../gemini/chunk-analysis';
import { mapWithConcurrency } from '../gemini/concurrency';
import { countedCall } from '../gemini/counted-call';
import { remainingMs, withDeadline } from '../gemini/deadline';
import type { GenAiClient } from '../gemini/gemini-client';
import type { MediaPart } from '../gemini/gemini-call';
import { withRetries, type RetryPolicy } from '../gemini/retry';
import { createTranscriptionClient, deleteFile, uploadFile, waitUntilActive, type GeminiFile } from './files-api';
import { rangeBlob, type ReadRange } from './range-blob';
import { renderWebVtt } from './render-webvtt';
import { stitchParts } from './stitch';
import { readPartAnswer, type HeardPart } from './transcription-answer';
import { TranscriptionError } from './transcription-error';
import { recordingPart, TRANSCRIPTION_JSON_SCHEMA, TRANSCRIPTION_SYSTEM_INSTRUCTION, transcriptionPrompt, type HeardSpeaker } from './transcription-prompt';
import { UPLOAD_RETRIES, type TranscriptionSettings } from './transcription-settings';
import { clockTime, halve, planWindows, type TimeWindow } from './windows';

/** One stretch of the recording's sound cut into a file of its own (an MP3), deleted by `dispose`. */
export interface AudioCut {
  blob: Blob;
  size: number;
  mimeType: string;
  dispose(): Promise<void>;
}

export interface RecordingSource {
  /** Names the upload at Google (never the file's name, which can name a participant). */
  documentId: string;
  fileName: string;
  contentType: string;
  size: number;
  durationSeconds: number;
  hasVideo: boolean;
  readRange: ReadRange;
  /**
   * Cuts [from, to) seconds of the recording's sound (recordings/transcription-audio.ts). With it, a recording without
   * pictures is never sent whole: each part sends its own stretch (and the overlap), in a format Google documents.
   */
  cutAudio?: (from: number, to: number, signal?: AbortSignal) => Promise<AudioCut>;
  /**
   * The run's deadline (epoch ms), from the time its task has left: every upload, wait, cut, call and retry ends by
   * it, and the run then fails as timed out (its files are still deleted from Google).
   */
  deadlineAtMs?: number;
  /** Told each call's attempts and tokens as soon as it is settled (the run records them as it goes). */
  onSpent?: (spent: TokenUsage) => void;
  /**
   * Told each file's name as soon as Google has it, and again once it is deleted there (awaited), so whoever keeps the
   * names can delete what a stopped run left (recordings/gemini-file-ledger.ts).
   */
  onFileStored?: (name: string) => Promise<void>;
  onFileDeleted?: (name: string) => Promise<void>;
  /** Told when the uploaded file could not be deleted from Google (it expires there after 48 hours). */
  onFileNotDeleted?: (name: string) => void;
}

/** Shares of the progress bar: the upload, Google's processing, the parts. */
const UPLOAD_SHARE = 0.4;
const ACTIVE_AT = 0.45;

export type ProgressReport = (fraction: number) => void;

/** The note every machine-made transcript carries. */
export function machineNote(model: string): string {
  return `Transcribed from the recording by Gemini (${model}): the words, speakers and times are machine-made. Check them against the recording and correct what was misheard.`;
}

function partsNote(parts: number, windowSeconds: number): string {
  return `Gemini listened in ${parts} parts of up to ${Math.round(windowSeconds / 60)} minutes; the voices of the first part were described to the others, so each speaker keeps one label throughout.`;
}

/** The file's name kept (before anything else is done with it); one that cannot be kept is said in the log. */
async function named(source: RecordingSource, file: GeminiFile): Promise<void> {
  await source.onFileStored?.(file.name).catch(() => source.onFileNotDeleted?.(file.name));
}

/** Deletes the file from Google, then its kept name; one not deleted keeps its name for the sweeper. */
async function removeFile(client: GenAiClient, source: RecordingSource, file: GeminiFile): Promise<void> {
  if (!(await deleteFile(client, file))) {
    source.onFileNotDeleted?.(file.name);
    return;
  }
  await source.onFileDeleted?.(file.name).catch(() => undefined);
}

/** What is uploaded: a size, a type, a name at Google, and a Blob made afresh for each attempt. */
interface Upload {
  size: number;
  mimeType: string;
  displayName: string;
  blob(onBytes: (bytes: number) => void): { blob: Blob; abort?(error: Error): void };
}

/**
 * The type a file is sent to Gemini as: one of the audio and video types Google documents (an alias named as Google
 * names it), or null for a sound Gemini does not take as it is (AAC in MP4, .m4a; Opus in WebM), which must be cut to
 * MP3 first.
 */
export function geminiMediaType(contentType: string): string | null {
  const type = contentType.toLowerCase().split(';')[0]!.trim();
  const alias: Record<string, string> = {
    'audio/mpeg': 'audio/mp3',
    'audio/x-wav': 'audio/wav',
    'audio/wave': 'audio/wav',
    'application/ogg': 'audio/ogg',
    'audio/x-flac': 'audio/flac',
    'audio/x-aiff': 'audio/aiff',
    'audio/x-aac': 'audio/aac',
  };
  if (alias[type]) return alias[type]!;
  if (['audio/mp3', 'audio/wav', 'audio/aiff', 'audio/aac', 'audio/ogg', 'audio/flac'].includes(type)) return type;
  return type.startsWith('video/') ? type : null;
}

/** The whole recording, read from the store a chunk at a time as it is sent. */
function wholeRecording(source: RecordingSource, mimeType: string): Upload {
  return {
    size: source.size,
    mimeType,
    displayName: `verbatim-${source.documentId}`,
    blob: (onBytes) => rangeBlob({ size: source.size, type: source.contentType, read: source.readRange, onBytes }),
  };
}

/**
 * Uploads a file, sent again from its start once after a failure of the service's. Each attempt has a deadline:
 * `uploadGraceMs` and a second for each `uploadMinBytesPerSecond` of it; past it every request of the upload is cut
 * off and the recording fails.
 */
async function upload(what: Upload, settings: TranscriptionSettings, progress: ProgressReport, runDeadlineAtMs?: number): Promise<GeminiFile> {
  const policy: RetryPolicy = { maxRetries: UPLOAD_RETRIES, timeoutMs: 0, sleep: settings.sleep, random: settings.random, timeoutRetries: 0, ...(runDeadlineAtMs === undefined ? {} : { deadlineAtMs: runDeadlineAtMs }) };
  return withRetries(async () => {
    // Its own allowance for its size, never past the run's deadline.
    const deadlineMs = Math.min(settings.uploadGraceMs + (what.size / settings.uploadMinBytesPerSecond) * 1000, remainingMs(runDeadlineAtMs));
    let sent = 0;
    const handle = what.blob((bytes) => {
      sent += bytes;
      progress((UPLOAD_SHARE * sent) / what.size);
    });
    const deadline = new AbortController();
    const timer = setTimeout(() => {
      const error = new TranscriptionError('transcription-failed', `The upload to Gemini did not finish within ${Math.round(deadlineMs / 1000)} seconds (${sent} of ${what.size} bytes sent).`);
      handle.abort?.(error);
      deadline.abort(error);
    }, deadlineMs);
    try {
      const client = createTranscriptionClient(settings.apiKey, settings.baseUrl, deadline.signal);
      return await uploadFile(client, handle.blob, { mimeType: what.mimeType, displayName: what.displayName });
    } finally {
      clearTimeout(timer);
    }
  }, policy);
}

interface PartRun {
  client: GenAiClient;
  /** The whole recording at Google (a video, or a source that cannot be cut), else null: each part sends its own sound. */
  file: GeminiFile | null;
  source: RecordingSource;
  settings: TranscriptionSettings;
  policy: RetryPolicy;
  usage: TokenUsage;
}

/** What a part sends: its clip of the whole file, or its own stretch of sound uploaded (deleted by `release`). */
interface PartMedia {
  part: MediaPart;
  /** Where the sound the part sends begins in the recording (null: the whole recording is sent). */
  clipStart: number | null;
  clipEnd: number;
  release(): Promise<void>;
}

/** The seconds of sound a part sends: its window, a little before it and enough after it for a turn to end. */
export function partSpan(window: TimeWindow, durationSeconds: number, settings: Pick<TranscriptionSettings, 'partLeadSeconds' | 'partTailSeconds'>): TimeWindow {
  return { start: Math.max(0, window.start - settings.partLeadSeconds), end: Math.min(Math.ceil(durationSeconds), window.end + settings.partTailSeconds) };
}

async function partMedia(run: PartRun, window: TimeWindow): Promise<PartMedia> {
  const { source, settings } = run;
  if (run.file) {
    const clip = source.hasVideo;
    return { part: recordingPart(run.file, window, clip), clipStart: clip ? window.start : null, clipEnd: window.end, release: async () => {} };
  }
  const span = partSpan(window, source.durationSeconds, settings);
  const audio = await source.cutAudio!(span.start, span.end, run.policy.signal);
  let file: GeminiFile;
  try {
    file = await upload(
      { size: audio.size, mimeType: audio.mimeType, displayName: `verbatim-${source.documentId}-part-${Math.floor(span.start)}s-${Math.ceil(span.end)}s`, blob: () => ({ blob: audio.blob }) },
      settings,
      () => {},
      source.deadlineAtMs,
    );
  } finally {
    await audio.dispose();
  }
  await named(source, file);
  const release = () => removeFile(run.client, source, file);
  try {
    await waitUntilActive(run.client, file, { pollMs: settings.pollMs, maxWaitMs: Math.min(settings.maxProcessingMs, remainingMs(source.deadlineAtMs)), sleep: settings.sleep });
  } catch (error) {
    await release();
    throw error;
  }
  return { part: { fileData: { fileUri: file.uri, mimeType: file.mimeType || audio.mimeType } }, clipStart: span.start, clipEnd: span.end, release };
}

/** When the last sentence of a part's answer starts (null: nobody was heard). */
function lastHeard(part: HeardPart): number | null {
  const turn = part.turns.at(-1);
  return turn ? (turn.sentences?.at(-1)?.start ?? turn.start) : null;
}

/** An answer whose last sentence starts this far before its part's end stopped early: 3 minutes, or a fifth of the part. */
const incompleteGap = (window: TimeWindow) => Math.max(180, (window.end - window.start) / 5);

function missingNote(missing: TimeWindow): string {
  return `Gemini's transcript stops at ${clockTime(missing.start)}, though it was asked twice for the part to ${clockTime(missing.end)}: what is said from ${clockTime(missing.start)} to ${clockTime(missing.end)} (${Math.round((missing.end - missing.start) / 60)} minutes) may be missing. Check it against the recording.`;
}

/** One part: its answer read; halved when the answer reached the output limit. Parts come back in time order. */
async function transcribePart(run: PartRun, window: TimeWindow, known: readonly HeardSpeaker[]): Promise<HeardPart[]> {
  const media = await partMedia(run, window);
  try {
    return await askPart(run, window, known, media);
  } finally {
    await media.release();
  }
}

async function askPart(run: PartRun, window: TimeWindow, known: readonly HeardSpeaker[], media: PartMedia): Promise<HeardPart[]> {
  const { source, settings } = run;
  const clip = media.clipStart === null ? null : { start: media.clipStart, end: media.clipEnd };
  const request = {
    model: settings.model,
    systemInstruction: TRANSCRIPTION_SYSTEM_INSTRUCTION,
    userPrompt: transcriptionPrompt({ window, durationSeconds: source.durationSeconds, known, clipped: clip !== null, ...(clip ? { clip } : {}) }),
    mediaParts: [media.part],
    responseJsonSchema: TRANSCRIPTION_JSON_SCHEMA,
    thinkingBudget: settings.thinkingBudget,
    maxOutputTokens: settings.maxOutputTokens,
    timeoutMs: settings.timeoutMs,
    ...(run.policy.signal ? { signal: run.policy.signal } : {}),
  };
  let problem = '';
  let short: HeardPart | null = null;
  for (let attempt = 0; attempt < MALFORMED_ATTEMPTS; attempt++) {
    const result = await countedCall(run.client, request, run.policy, run.usage);
    if (result.blockReason) throw new AnalysisError('blocked', `Gemini blocked the transcription prompt (${result.blockReason}).`);
    if (result.finishReason && BLOCKING_FINISH_REASONS.has(result.finishReason)) throw new AnalysisError('blocked', `Gemini stopped its transcription (${result.finishReason}).`);
    if (result.finishReason === 'LANGUAGE') throw new AnalysisError('unsupported-language', 'Gemini stopped its transcription for a language it does not support (LANGUAGE).');
    if (result.finishReason === 'MAX_TOKENS') {
      const halves = halve(window);
      if (!halves) throw new AnalysisError('too-long', `Gemini's transcription of ${clockTime(window.start)}–${clockTime(window.end)} reached the limit of ${settings.maxOutputTokens} output tokens.`);
      const first = await transcribePart(run, halves[0], known);
      // The second half is told of the voices the first half met, as every part after the first is.
      const met = first.flatMap((part) => part.speakers).filter((s, i, all) => !known.some((k) => k.label === s.label) && all.findIndex((o) => o.label === s.label) === i);
      return [...first, ...(await transcribePart(run, halves[1], [...known, ...met]))];
    }
    const reading = readPartAnswer(result.text, window, source.durationSeconds, media.clipStart ?? window.start);
    if (reading.ok) {
      const heardTo = lastHeard(reading.part);
      if (heardTo === null || window.end - heardTo < incompleteGap(window)) return [reading.part];
      // The answer stops well before the part ends: asked once more; the one that reaches further is kept, with a note.
      if (!short || heardTo > (lastHeard(short) ?? 0)) short = reading.part;
      if (attempt > 0) break;
      continue;
    }
    problem = reading.problem;
  }
  if (short) {
    const heardTo = lastHeard(short) ?? window.start;
    return [{ ...short, missing: { start: heardTo, end: window.end } }];
  }
  throw new AnalysisError('malformed-response', `Gemini's transcription of ${clockTime(window.start)}–${clockTime(window.end)} could not be used, twice: ${problem}.`);
}

/** Reads the stitched conversation as an uploaded WebVTT file would be read. */
async function parseHeard(vtt: string, fileName: string): Promise<ParsedTranscript> {
  try {
    return await parseTranscript({ bytes: Buffer.from(vtt, 'utf8'), fileName: `${fileName.replace(/\.[^.]+$/, '')}.vtt`, contentType: 'text/vtt' });
  } catch (error) {
    if (error instanceof ParseError && (error.code === 'empty' || error.code === 'whitespace-only')) {
      throw new TranscriptionError('transcription-empty', 'The transcript Gemini heard has no words.');
    }
    throw new TranscriptionError('transcription-failed', `The transcript Gemini heard could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The recording's transcript. Throws `TranscriptionError` (nothing heard, or the file refused or unprocessed) or the
 * analyses' `AnalysisError` (a call failed after its retries); `usage` holds what was spent either way.
 */
export async function transcribeWithGemini(source: RecordingSource, settings: TranscriptionSettings, usage: TokenUsage, progress: ProgressReport): Promise<ParsedTranscript> {
  // A recording without pictures is sent a part at a time, each its own sound; a video whole, each part its clip.
  const whole = !(source.cutAudio && !source.hasVideo);
  const mimeType = geminiMediaType(source.contentType);
  // A sound Gemini does not take as it is, with no way here to cut it to MP3: refused before anything is sent.
  if (whole && mimeType === null) throw new AnalysisError('unsupported-file', `Gemini does not take ${source.contentType} as it is, and this recording cannot be cut to MP3 here.`);
  const file = whole ? await upload(wholeRecording(source, mimeType!), settings, progress, source.deadlineAtMs) : null;
  if (file) await named(source, file);
  const client = createTranscriptionClient(settings.apiKey, settings.baseUrl);
  let parts: HeardPart[][];
  try {
    if (file) await waitUntilActive(client, file, { pollMs: settings.pollMs, maxWaitMs: Math.min(settings.maxProcessingMs, remainingMs(source.deadlineAtMs)), sleep: settings.sleep });
    progress(ACTIVE_AT);
    const controller = new AbortController();
    const run: PartRun = {
      client,
      file,
      source,
      settings,
      usage,
      policy: {
        maxRetries: settings.maxRetries,
        timeoutMs: settings.timeoutMs,
        sleep: settings.sleep,
        random: settings.random,
        signal: withDeadline(controller.signal, source.deadlineAtMs)!,
        ...(source.deadlineAtMs === undefined ? {} : { deadlineAtMs: source.deadlineAtMs }),
        ...(source.onSpent ? { onSpent: source.onSpent } : {}),
      },
    };
    const windows = planWindows(source.durationSeconds, settings.windowSeconds);
    let heardSeconds = 0;
    const heard = (window: TimeWindow) => {
      heardSeconds += window.end - window.start;
      progress(ACTIVE_AT + ((1 - ACTIVE_AT) * 0.95 * heardSeconds) / Math.max(1, source.durationSeconds));
    };
    // Alone, part after part, until somebody is heard: their voices are then described to all the other parts.
    const alone: HeardPart[][] = [];
    let known: HeardSpeaker[] = [];
    while (alone.length < windows.length && known.length === 0) {
      const window = windows[alone.length] as TimeWindow;
      alone.push(await transcribePart(run, window, []));
      heard(window);
      known = stitchParts(alone.flat()).speakers;
    }
    const rest = await mapWithConcurrency(
      windows.slice(alone.length),
      settings.maxConcurrency,
      async (window) => {
        const answer = await transcribePart(run, window, known);
        heard(window);
        return answer;
      },
      () => controller.abort(),
    );
    parts = [...alone, ...rest];
  } finally {
    // The recording leaves Google as soon as it is no longer needed; a file not deleted expires there after 48 hours.
    if (file) await removeFile(client, source, file);
  }
  const conversation = stitchParts(parts.flat());
  if (conversation.turns.length === 0) throw new TranscriptionError('transcription-empty', 'Gemini heard no speech in the recording.');
  const transcript = await parseHeard(renderWebVtt(conversation.turns, source.durationSeconds), source.fileName);
  const missing = parts.flat().flatMap((part) => (part.missing ? [missingNote(part.missing)] : []));
  const notes = [machineNote(settings.model), ...(parts.flat().length > 1 ? [partsNote(parts.flat().length, settings.windowSeconds)] : []), ...missing, ...transcript.notes];
  return { ...transcript, notes };
}
