import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openAsBlob, promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveOnLoopback } from './loopback-bytes';
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

export class AudioCutFailed extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'AudioCutFailed';
  }
}

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
  if (!demuxer) throw new AudioCutFailed(`no demuxer for ${container}`);
  const out = join(tmpdir(), `transcription-${randomBytes(8).toString('hex')}.mp3`);
  const dispose = () => fs.rm(out, { force: true });
  const link = await serveOnLoopback(source, 'application/octet-stream', { windowBytes: READ_WINDOW_BYTES });
  try {
    await runFfmpeg(audioPartArguments(link.url, demuxer, from, to, out), options);
    const size = (await fs.stat(out).catch(() => null))?.size ?? 0;
    if (size < 1024) throw new AudioCutFailed(`no sound could be decoded from ${from.toFixed(0)} s to ${to.toFixed(0)} s`);
    return { blob: await openAsBlob(out, { type: 'audio/mp3' }), size, mimeType: 'audio/mp3', dispose };
  } catch (err) {
    await dispose();
    throw err instanceof AudioCutFailed ? err : new AudioCutFailed(err instanceof Error ? err.message : String(err));
  } finally {
    await link.close();
  }
}

function runFfmpeg(args: string[], options: AudioCutOptions): Promise<void> {
  const program = options.ffmpegPath ?? process.env.FFMPEG_PATH ?? 'ffmpeg';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new AudioCutFailed('the transcription ran out of time before its sound was cut'));
    let stderr = '';
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const stop = (reason: string) => {
      child.kill('SIGKILL');
      reject(new AudioCutFailed(reason));
    };
    const timer = setTimeout(() => stop(`cutting took longer than ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
    const onAbort = () => stop('the transcription ran out of time while its sound was cut');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
    child.on('error', (err) => {
      settle();
      reject(new AudioCutFailed(`${program} could not start: ${err.message}`));
    });
    child.on('close', (code) => {
      settle();
      if (code === 0) resolve();
      else reject(new AudioCutFailed(`${program} stopped (${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`));
    });
  });
}
