import { spawn } from 'node:child_process';
import { logs } from '../lib/logs';
import { LoudnessMeter } from './loudness';
import { isMp4Family } from './playable-codecs';
import type { RecordingBytes } from './read-bytes';
import { serveOnLoopback } from './loopback-bytes';

/**
 * Whether a recording's sound is silent throughout, whatever its codec (AAC, MP3, Opus, Vorbis, FLAC, PCM of any
 * depth): ffmpeg decodes its first sound track to 8 kHz mono, reading the stored bytes through a loopback link
 * (loopback-bytes.ts: never the whole file in memory), and the loudness meter hears each second. Decoding stops at the
 * first second a voice could be in, so a recording with speech is settled in its first seconds; only a silent one is
 * decoded to its end (a 3-hour AAC file in about 4 s of one core).
 *
 * ffmpeg is part of the Cloud Functions base image (Ubuntu 22.04's package) and of the machines npm start and the tests
 * run on (scripts/setup.sh). Where it is missing, fails or takes longer than `timeoutMs`, nothing is said about the
 * silence (null) and the log says why: the recording is not refused for what was not checked.
 */

export interface SoundCheckOptions {
  /** The ffmpeg program (`FFMPEG_PATH`, else `ffmpeg` on the PATH). */
  ffmpegPath?: string;
  timeoutMs?: number;
}

/** Decoding for the check: 8 kHz mono is plenty to hear a voice, and little to measure. */
const SAMPLE_RATE = 8000;
const DEFAULT_TIMEOUT_MS = 180_000;

/** The demuxer ffmpeg must use for a container as music-metadata names it: never left to guess from the bytes. */
export function ffmpegDemuxer(container: string): string | null {
  if (isMp4Family(container)) return 'mov';
  if (/webm|matroska/i.test(container)) return 'matroska';
  if (/^MPEG$/i.test(container)) return 'mp3';
  if (/WAVE/i.test(container)) return 'wav';
  if (/^Ogg$/i.test(container)) return 'ogg';
  if (/FLAC/i.test(container)) return 'flac';
  return null;
}

/** The arguments that decode the first sound track of `url` (read as `demuxer`) to 16-bit 8 kHz mono on stdout. */
export function decodeArguments(url: string, demuxer: string): string[] {
  return [
    '-nostdin', '-hide_banner', '-loglevel', 'error', '-threads', '1',
    // Only the loopback link: a file cannot make ffmpeg open another file or address.
    '-protocol_whitelist', 'http,tcp', '-f', demuxer, '-i', url,
    '-map', '0:a:0', '-vn', '-sn', '-dn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', 'pipe:1',
  ];
}

/** True when silent throughout, false when a second is loud enough to hold a voice, null when not checked. */
export async function isSilentRecording(documentId: string, source: RecordingBytes, container: string, options: SoundCheckOptions = {}): Promise<boolean | null> {
  const demuxer = ffmpegDemuxer(container);
  if (!demuxer) return null;
  const link = await serveOnLoopback(source);
  try {
    return await decodeAndListen(documentId, link.url, demuxer, options);
  } finally {
    await link.close();
  }
}

function decodeAndListen(documentId: string, url: string, demuxer: string, options: SoundCheckOptions): Promise<boolean | null> {
  const program = options.ffmpegPath ?? process.env.FFMPEG_PATH ?? 'ffmpeg';
  const meter = new LoudnessMeter(SAMPLE_RATE);
  return new Promise((resolve) => {
    let settled = false;
    let stderr = '';
    const child = spawn(program, decodeArguments(url, demuxer), { stdio: ['ignore', 'pipe', 'pipe'] });
    const finish = (verdict: boolean | null, reason?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (reason) logs.recordingSoundUnchecked(documentId, reason);
      resolve(verdict);
    };
    const timer = setTimeout(() => finish(null, `decoding took longer than ${Math.round((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} s`), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      if (meter.push(chunk)) finish(false);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (err) => finish(null, `${program} could not start: ${err.message}`));
    child.on('close', (code) => {
      const silent = meter.end();
      if (code !== 0 && silent !== false) return finish(null, `${program} stopped (${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`);
      finish(silent, silent === null ? 'no sound was decoded' : undefined);
    });
  });
}
