import { openAsBlob } from 'node:fs';
import { CutFailed, cutWithFfmpeg } from './ffmpeg-cut';
import type { RecordingBytes } from './read-bytes';
import { ffmpegDemuxer } from './sound-check';

/**
 * The sound of one stretch of a recording, cut for Gemini to transcribe: only that stretch is sent, so a recording
 * pays for each second of its sound once (plus the parts' overlap), and in a format Google documents for audio (MP3:
 * `audio/mp3`; an .m4a, .webm or .mp4's sound would otherwise go as `audio/mp4`/`audio/webm`, which it does not list).
 * ffmpeg reads the stored recording through the loopback link (loopback-bytes.ts), seeking to the stretch before it
 * reads (`-ss` before `-i`), and writes 16 kHz mono MP3 at a constant 32 kbit/s (Google hears audio at 16 kbit/s and
 * one channel: nothing it would hear is lost), without tags: 14 MB for an hour. The file is deleted by `dispose`.
 */

export interface AudioPart {
  blob: Blob;
  size: number;
  mimeType: 'audio/mp3';
  dispose(): Promise<void>;
}

/** A stretch that cannot be cut (the recording damaged there, ffmpeg missing or stopped, the deadline reached). */
export { CutFailed as AudioCutFailed } from './ffmpeg-cut';

export interface AudioCutOptions {
  ffmpegPath?: string;
  timeoutMs?: number;
  /** Cuts the cut off (the run's deadline). */
  signal?: AbortSignal;
}

/** A cut of half an hour takes a few seconds of one core; this bounds a stuck one. */
const DEFAULT_TIMEOUT_MS = 180_000;
const READ_WINDOW_BYTES = 1024 * 1024;
export const TRANSCRIPTION_AUDIO_BITRATE = 32_000;

/** ffmpeg's arguments to cut [from, to) of `url`'s first sound track (read as `demuxer`) into an MP3 at `out`. */
export function audioPartArguments(url: string, demuxer: string, from: number, to: number, out: string): string[] {
  const seconds = (n: number) => n.toFixed(3);
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error', '-threads', '1',
    '-protocol_whitelist', 'http,tcp', '-reconnect', '1', ...(demuxer === 'mp3' ? ['-fflags', '+fastseek'] : []),
    '-ss', seconds(Math.max(0, from)), '-f', demuxer, '-i', url, '-t', seconds(Math.max(0.1, to - from)),
    '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1', '-ac', '1', '-ar', '16000',
    '-c:a', 'libmp3lame', '-b:a', String(TRANSCRIPTION_AUDIO_BITRATE), '-write_xing', '0', '-id3v2_version', '0',
    '-f', 'mp3', '-y', out,
  ];
}

/** Cuts [from, to) seconds of the recording's sound; throws `AudioCutFailed` when it cannot be cut. */
export async function cutTranscriptionAudio(source: RecordingBytes, container: string, from: number, to: number, options: AudioCutOptions = {}): Promise<AudioPart> {
  const demuxer = ffmpegDemuxer(container);
  if (!demuxer) throw new CutFailed(`no demuxer for ${container}`);
  const cut = await cutWithFfmpeg(source, (url, out) => audioPartArguments(url, demuxer, from, to, out), {
    ffmpegPath: options.ffmpegPath,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    signal: options.signal,
    abortReason: 'the transcription ran out of time while its sound was cut',
    windowBytes: READ_WINDOW_BYTES,
    extension: 'mp3',
    emptyReason: `no sound could be decoded from ${from.toFixed(0)} s to ${to.toFixed(0)} s`,
  });
  return { blob: await openAsBlob(cut.path, { type: 'audio/mp3' }), size: cut.size, mimeType: 'audio/mp3', dispose: cut.dispose };
}
