import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { CutFailed, cutWithFfmpeg } from './ffmpeg-cut';
import type { RecordingBytes } from './read-bytes';
import { ffmpegDemuxer } from './sound-check';

/**
 * A stretch of a recording cut into a file of its own (a public page's quote: the visitor receives these bytes and
 * nothing else of the recording). ffmpeg reads the stored recording through the loopback link (loopback-bytes.ts),
 * seeking to the stretch's start before it reads (`-ss` before `-i`): only the bytes it needs are read, whatever the
 * recording's length. Sound is re-encoded to AAC (stream copy cannot start at any moment), a picture to H.264 at a
 * modest size; the result is an MP4 whose index comes first, so a browser plays it as its first bytes arrive.
 */

export interface ClipRequest {
  /** Seconds into the recording. */
  from: number;
  to: number;
  /** The container as read when the recording was checked ("M4A/isom/iso2", "MPEG", "WAVE"…). */
  container: string;
  hasVideo: boolean;
}

export interface CutClip {
  /** The clip's bytes, from a file that `dispose` deletes. */
  open(): Readable;
  size: number;
  contentType: 'audio/mp4' | 'video/mp4';
  /** Bytes of the recording ffmpeg read to cut it. */
  bytesRead: number;
  dispose(): Promise<void>;
}

/** A stretch that cannot be cut (damaged there, a codec ffmpeg cannot seek, ffmpeg missing or too slow). */
export { CutFailed as ClipCutFailed } from './ffmpeg-cut';

export interface ClipCutOptions {
  ffmpegPath?: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
/** The most of the recording one read asks for: a seek then leaves at most this much read and unused. */
export const READ_WINDOW_BYTES = 512 * 1024;
/** A picture no taller than this: enough to see who speaks, small enough to send. */
const MAX_VIDEO_HEIGHT = 360;

/** ffmpeg quiet, on one thread, never reading the terminal: every run's first arguments. */
export const FFMPEG_QUIET = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-threads', '1'];

/** The demuxer ffmpeg reads a recording's container with; throws `CutFailed` for a container it cannot read. */
export function recordingDemuxer(container: string): string {
  const demuxer = ffmpegDemuxer(container);
  if (!demuxer) throw new CutFailed(`no demuxer for ${container}`);
  return demuxer;
}

/**
 * ffmpeg's input arguments for a recording served at `url` (read as `demuxer`), from `from` seconds on. Only the
 * loopback link: a file cannot make ffmpeg open another file or address. It serves a window at a time
 * (`READ_WINDOW_BYTES`): ffmpeg asks again where a window ends. An MP3 seeks by its table of contents or bit rate, not
 * by reading up to the moment.
 */
export function recordingInputArguments(url: string, demuxer: string, from: number): string[] {
  return ['-protocol_whitelist', 'http,tcp', '-reconnect', '1', ...(demuxer === 'mp3' ? ['-fflags', '+fastseek'] : []), '-ss', from.toFixed(3), '-f', demuxer, '-i', url];
}

/** ffmpeg's arguments to cut [from, to) of `url` (read as `demuxer`) into an MP4 at `out`. */
function clipArguments(url: string, demuxer: string, clip: Pick<ClipRequest, 'from' | 'to' | 'hasVideo'>, out: string): string[] {
  const seconds = (n: number) => n.toFixed(3);
  const picture = clip.hasVideo
    ? ['-map', '0:v:0?', '-vf', `scale=-2:'min(${MAX_VIDEO_HEIGHT},ih)':flags=bilinear`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p']
    : ['-vn'];
  return [
    ...FFMPEG_QUIET,
    ...recordingInputArguments(url, demuxer, clip.from),
    '-t', seconds(Math.max(0.1, clip.to - clip.from)),
    '-map', '0:a:0?', ...picture, '-sn', '-dn', '-map_metadata', '-1', '-map_chapters', '-1',
    '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', '-f', 'mp4', '-y', out,
  ];
}

/** Cuts the stretch; throws `ClipCutFailed` when the recording cannot be cut there (damaged, a codec ffmpeg cannot seek). */
export async function cutClip(source: RecordingBytes, clip: ClipRequest, options: ClipCutOptions = {}): Promise<CutClip> {
  const demuxer = recordingDemuxer(clip.container);
  const cut = await cutWithFfmpeg(source, (url, out) => clipArguments(url, demuxer, clip, out), {
    ffmpegPath: options.ffmpegPath,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    windowBytes: READ_WINDOW_BYTES,
    extension: 'mp4',
    emptyReason: 'nothing could be decoded at that moment',
  });
  return { open: () => createReadStream(cut.path), size: cut.size, contentType: clip.hasVideo ? 'video/mp4' : 'audio/mp4', bytesRead: cut.bytesRead, dispose: cut.dispose };
}
