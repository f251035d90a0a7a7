import { type RecordingErrorCode, type RecordingLimits } from '@verbatim/contract/recording';
import { RECORDING_MESSAGES } from '@verbatim/contract/recording-messages';
import { mp4MovieSeconds } from './mp4-movie';
import { codecVerdict, isMp4Family, servedContentType } from './playable-codecs';
import type { RecordingBytes } from './read-bytes';
import { DEFAULT_CONTAINER_BOUNDS, readContainer, type ContainerBounds } from './read-container';
import { measureSound, type SoundCheckOptions } from './sound-check';
import { wavLayout } from './wav-layout';

/**
 * Reads what a stored recording is from its own bytes, never its name: container, sound codec, picture track and
 * length (music-metadata in a worker bounded in memory and time, read-container.ts, from a stream of the stored bytes:
 * headers and indexes, the file streamed through where the format keeps its length nowhere else, never held in memory
 * whole); then its sound is decoded (sound-check.ts): heard, and counted, so the length kept and charged on is the
 * sound's own. Refuses, with the sentence a researcher reads: a file that is no recording, a damaged or cut-off one
 * (its sound much shorter than its header says), one over the size or length limit (declared or decoded), one whose
 * structure or sound is past the bounds of reading it, a sound browsers cannot play, and a silent one.
 */

export interface ProbedRecording {
  /** The content type it is served with, from what was read. */
  contentType: string;
  container: string;
  codec: string;
  durationSeconds: number;
  hasVideo: boolean;
}

export type ProbeOutcome = { ok: true; recording: ProbedRecording } | { ok: false; code: RecordingErrorCode; message: string };

export interface ProbeSource extends RecordingBytes {
  fileName: string;
  /** The interview it belongs to, for the log (never its file name, which can name a participant). */
  documentId?: string;
}

/** The bounds of reading one: the container reader's (read-container.ts) and the sound check's (sound-check.ts). */
export interface ProbeOptions extends SoundCheckOptions {
  container?: ContainerBounds;
}

/**
 * A header that promises more sound than the file holds (its length times its bit rate) was cut off: beyond this share
 * of the promised bytes missing, plus room for tags and indexes, it is refused as incomplete.
 */
const MISSING_SHARE = 0.1;

/** Decoded sound this much shorter than the header's length (a share, and seconds of priming and rounding) was cut off. */
const DECODED_SHORT_SHARE = 0.1;
const DECODED_SHORT_SECONDS = 2;
/** Decoded sound may run this far past the length limit (priming, a last frame) before it is over it. */
const DECODED_LIMIT_GRACE_SECONDS = 2;

/** The names music-metadata gives a picture track's codec. */
const VIDEO_CODEC = /avc|hevc|hvc1|hev1|vp8|vp9|av1|mp4v|jpeg/i;

export async function probeRecording(
  source: ProbeSource,
  limits: Pick<RecordingLimits, 'maxBytes' | 'maxSeconds'>,
  options: ProbeOptions = {},
): Promise<ProbeOutcome> {
  const refuse = (code: RecordingErrorCode, message: string): ProbeOutcome => ({ ok: false, code, message });
  if (source.size > limits.maxBytes) return refuse('too-large', RECORDING_MESSAGES.tooLarge(source.size, limits.maxBytes));
  if (source.size === 0) return refuse('not-media', RECORDING_MESSAGES.notMedia(source.fileName));

  const read = await readContainer(source, options.container ?? DEFAULT_CONTAINER_BOUNDS);
  if (!read.ok) {
    if (read.reason === 'not-media') return refuse('not-media', RECORDING_MESSAGES.notMedia(source.fileName));
    if (read.reason === 'corrupt') return refuse('corrupt', RECORDING_MESSAGES.corrupt(source.fileName));
    return refuse('too-complex', RECORDING_MESSAGES.tooComplex(source.fileName));
  }

  const format = read.format;
  const container = format.container;
  const trackCodecs = format.trackCodecs;
  const hasVideo = format.hasVideo === true || trackCodecs.some((c) => VIDEO_CODEC.test(c));
  const soundCodec = await wavSubFormat(source, container, format.codec ?? trackCodecs.find((c) => !VIDEO_CODEC.test(c)));
  const contentType = container ? servedContentType(container, hasVideo) : null;
  if (!container || (!soundCodec && !hasVideo)) return refuse('not-media', RECORDING_MESSAGES.notMedia(source.fileName));
  // A video without a sound track has nothing to hear.
  if (!soundCodec || format.hasAudio === false) return refuse('silent', RECORDING_MESSAGES.silent(source.fileName));

  let durationSeconds = format.duration ?? null;
  if (!durationSeconds && isMp4Family(container)) durationSeconds = await mp4MovieSeconds(source);
  if (!durationSeconds || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return refuse('corrupt', RECORDING_MESSAGES.corrupt(source.fileName));
  if (await cutOff(source, container, format.bitrate, durationSeconds)) return refuse('corrupt', RECORDING_MESSAGES.corrupt(source.fileName));
  if (durationSeconds > limits.maxSeconds) return refuse('too-long', RECORDING_MESSAGES.tooLong(durationSeconds, limits.maxSeconds));

  const verdict = codecVerdict(container, soundCodec);
  if (!verdict.playable || !contentType) return refuse('unsupported-codec', RECORDING_MESSAGES.unsupportedCodec(verdict.name));
  // The sound decoded: heard, and (but for a WAV file, whose header and size fix its length) measured to its end.
  const lengthFromHeader = /WAVE/i.test(container);
  const sound = await measureSound(source.documentId ?? '(unknown)', source, container, { ...options, maxSeconds: limits.maxSeconds + DECODED_LIMIT_GRACE_SECONDS, untilHeard: lengthFromHeader });
  if (sound.kind === 'too-long') return refuse('too-long', RECORDING_MESSAGES.longerThanLimit(limits.maxSeconds));
  if (sound.kind === 'too-heavy') return refuse('too-heavy', RECORDING_MESSAGES.tooHeavy(source.fileName));
  if (sound.kind === 'measured') {
    if (sound.silent) return refuse('silent', RECORDING_MESSAGES.silent(source.fileName));
    if (sound.seconds !== null) {
      if (sound.seconds < durationSeconds * (1 - DECODED_SHORT_SHARE) - DECODED_SHORT_SECONDS) return refuse('corrupt', RECORDING_MESSAGES.corrupt(source.fileName));
      // The length it is kept, checked against transcripts and charged on: the sound's own.
      durationSeconds = sound.seconds;
    }
  }

  return { ok: true, recording: { contentType, container, codec: verdict.name, durationSeconds, hasVideo } };
}

/** Whether the file's own header promises more sound than the file holds: it was cut off. */
async function cutOff(source: RecordingBytes, container: string, bitrate: number | undefined, durationSeconds: number): Promise<boolean> {
  if (/WAVE/i.test(container)) {
    const layout = await wavLayout(source);
    return layout !== null && layout.declaredEnd > source.size;
  }
  return bitrate !== undefined && bitrate > 0 && (bitrate / 8) * durationSeconds * (1 - MISSING_SHARE) > source.size + 64 * 1024;
}

/**
 * A WAV file written as WAVE_FORMAT_EXTENSIBLE (24-bit and multichannel sound, as recorders and editors write it)
 * names its real format in a sub-format that music-metadata does not read ("non-PCM (65534)"): read it from the header.
 */
async function wavSubFormat(source: RecordingBytes, container: string | undefined, codec: string | undefined): Promise<string | undefined> {
  if (!container || !/WAVE/i.test(container) || !codec || !/65534/.test(codec)) return codec;
  const layout = await wavLayout(source);
  if (layout?.format === 1) return 'PCM';
  if (layout?.format === 3) return 'IEEE_FLOAT';
  return codec;
}
