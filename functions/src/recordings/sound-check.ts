import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { logs } from '../lib/logs';
import { LoudnessMeter } from './loudness';
import { isMp4Family } from './playable-codecs';
import type { RecordingBytes } from './read-bytes';
import { serveOnLoopback } from './loopback-bytes';

/**
 * A recording's sound decoded and heard, whatever its codec (AAC, MP3, Opus, Vorbis, FLAC, PCM of any depth): ffmpeg
 * decodes its first sound track to 8 kHz mono, reading the stored bytes through a loopback link (loopback-bytes.ts:
 * never the whole file in memory); the loudness meter hears each second and the samples are counted, so the length is
 * the sound's own, not what a header claims (a header that says 12 s over 611 s of speech, a file cut to 30% of what
 * its header says). Decoding stops past the length limit, and when its CPU passes a budget set by the sound decoded so
 * far (`CpuBudget`): what a file declares (sample rate, channels, length) never sets the work done for it.
 *
 * ffmpeg is part of the Cloud Functions base image (Ubuntu 22.04's package) and of the machines npm start and the tests
 * run on (scripts/setup.sh). Where it is missing, fails or takes longer than `timeoutMs`, nothing is said (unchecked)
 * and the log says why: the recording is not refused for what was not checked.
 */

export interface SoundCheckOptions {
  /** The ffmpeg program (`FFMPEG_PATH`, else `ffmpeg` on the PATH). */
  ffmpegPath?: string;
  timeoutMs?: number;
  /** Stop decoding once this many seconds of sound were decoded: the recording is longer than the limit. */
  maxSeconds?: number;
  /** Stop at the first loud second (the length is known without decoding it all). */
  untilHeard?: boolean;
  cpu?: CpuBudget;
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

/**
 * What decoding a recording's sound found: `measured` (whether it is silent throughout, and its length in seconds as
 * decoded, null where decoding stopped at the first loud second because the length is known without it), `too-long`
 * (the decoded sound ran past `maxSeconds`: decoding stopped there), `too-heavy` (decoding spent more CPU than its
 * budget for the sound decoded so far: a sample rate and channel count no interview needs), or `unchecked` (ffmpeg
 * missing, failing, or past its time: nothing is said, and the log says why).
 */
export type SoundMeasure =
  | { kind: 'measured'; silent: boolean; seconds: number | null }
  | { kind: 'too-long'; seconds: number }
  | { kind: 'too-heavy'; seconds: number; cpuSeconds: number }
  | { kind: 'unchecked' };

/**
 * The CPU decoding may spend: `baseSeconds` plus `perDecodedSecond` for each second of sound decoded so far. Speech
 * codecs cost under 1 ms of one core per second of sound (AAC, Opus, MP3 at 48 kHz stereo); 192 kHz 7.1 FLAC costs
 * about 5 ms, and 3 hours of it (2.5 MB of silence) 58 s. Counted from the decoder's own CPU time (/proc), so a busy
 * machine does not stop a decode that a quiet one finishes.
 */
export interface CpuBudget {
  baseSeconds: number;
  perDecodedSecond: number;
}

export const DEFAULT_CPU_BUDGET: CpuBudget = { baseSeconds: 2, perDecodedSecond: 0.003 };

/** True when silent throughout, false when a second is loud enough to hold a voice, null when not checked. */
export async function isSilentRecording(documentId: string, source: RecordingBytes, container: string, options: SoundCheckOptions = {}): Promise<boolean | null> {
  const measure = await measureSound(documentId, source, container, { ...options, untilHeard: true });
  return measure.kind === 'measured' ? measure.silent : null;
}

/**
 * Decodes the first sound track (one decode at a time in this instance: a burst of uploads waits rather than
 * sharing the cores) and hears and counts it. With `untilHeard`, it stops at the first loud second (the caller knows
 * the length from elsewhere, a WAV file's header and size); otherwise it decodes to the end, or to `maxSeconds`.
 */
export async function measureSound(documentId: string, source: RecordingBytes, container: string, options: SoundCheckOptions = {}): Promise<SoundMeasure> {
  const demuxer = ffmpegDemuxer(container);
  if (!demuxer) return { kind: 'unchecked' };
  return oneDecodeAtATime(async () => {
    const link = await serveOnLoopback(source);
    try {
      return await decodeAndListen(documentId, link.url, demuxer, options);
    } finally {
      await link.close();
    }
  });
}

let decoding: Promise<unknown> = Promise.resolve();

function oneDecodeAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = decoding.then(work, work);
  decoding = run.catch(() => undefined);
  return run;
}

/** The CPU seconds a process has used so far (user and system), from /proc; null where there is no /proc. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The fields after the command name (which may hold spaces), from the third: utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Linux's clock ticks a second (`getconf CLK_TCK`), 100 on every kernel Cloud Functions and these machines run. */
const CLOCK_TICKS = 100;
const CPU_POLL_MS = 200;

function decodeAndListen(documentId: string, url: string, demuxer: string, options: SoundCheckOptions): Promise<SoundMeasure> {
  const program = options.ffmpegPath ?? process.env.FFMPEG_PATH ?? 'ffmpeg';
  const budget = options.cpu ?? DEFAULT_CPU_BUDGET;
  const maxSamples = options.maxSeconds !== undefined ? Math.ceil(options.maxSeconds * SAMPLE_RATE) : Infinity;
  const meter = new LoudnessMeter(SAMPLE_RATE);
  let bytes = 0;
  const seconds = () => Math.floor(bytes / 2) / SAMPLE_RATE;
  return new Promise((resolve) => {
    let settled = false;
    let stderr = '';
    const child = spawn(program, decodeArguments(url, demuxer), { stdio: ['ignore', 'pipe', 'pipe'] });
    const finish = (outcome: SoundMeasure, reason?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(cpuWatch);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (reason) logs.recordingSoundUnchecked(documentId, reason);
      resolve(outcome);
    };
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timer = setTimeout(() => finish({ kind: 'unchecked' }, `decoding took longer than ${Math.round(timeoutMs / 1000)} s`), timeoutMs);
    const overBudget = () => {
      const cpu = child.pid !== undefined ? processCpuSeconds(child.pid) : null;
      if (cpu !== null && cpu > budget.baseSeconds + budget.perDecodedSecond * seconds()) finish({ kind: 'too-heavy', seconds: seconds(), cpuSeconds: cpu });
    };
    const cpuWatch = setInterval(overBudget, CPU_POLL_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      const heard = meter.push(chunk);
      if (heard && options.untilHeard) return finish({ kind: 'measured', silent: false, seconds: null });
      if (bytes / 2 > maxSamples) finish({ kind: 'too-long', seconds: seconds() });
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (err) => finish({ kind: 'unchecked' }, `${program} could not start: ${err.message}`));
    child.on('close', (code) => {
      overBudget();
      const silent = meter.end();
      if (code !== 0 && silent !== false) return finish({ kind: 'unchecked' }, `${program} stopped (${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`);
      if (silent === null) return finish({ kind: 'unchecked' }, 'no sound was decoded');
      finish({ kind: 'measured', silent, seconds: options.untilHeard && !silent ? null : seconds() });
    });
  });
}
