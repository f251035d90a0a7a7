import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveOnLoopback } from './loopback-bytes';
import type { RecordingBytes } from './read-bytes';

/**
 * A stretch of a stored recording cut by ffmpeg into a file of its own (a public page's clip, a part of a transcription's
 * sound): ffmpeg reads the recording through the loopback link (loopback-bytes.ts) a window at a time, seeking before
 * it reads, within a time bound and the caller's deadline. The file is deleted by `dispose`.
 */

export class CutFailed extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CutFailed';
  }
}

export interface CutFile {
  path: string;
  size: number;
  /** Bytes of the recording ffmpeg read. */
  bytesRead: number;
  dispose(): Promise<void>;
}

export interface CutOptions {
  /** The ffmpeg program (`FFMPEG_PATH`, else `ffmpeg` on the PATH). */
  ffmpegPath?: string;
  timeoutMs: number;
  /** Cuts the cut off (a run's deadline), saying `abortReason`. */
  signal?: AbortSignal;
  abortReason?: string;
  /** The most of the recording one read asks for: a seek then leaves at most this much read and unused. */
  windowBytes: number;
  /** The output file's extension. */
  extension: string;
  /** Said when ffmpeg wrote nothing to hear or see (a header alone). */
  emptyReason: string;
}

/** Cuts with ffmpeg's `args(url, out)`; throws `CutFailed` when the recording cannot be cut there. */
export async function cutWithFfmpeg(source: RecordingBytes, args: (url: string, out: string) => string[], options: CutOptions): Promise<CutFile> {
  let bytesRead = 0;
  const counted: RecordingBytes = {
    size: source.size,
    readRange(start, end) {
      const stream = source.readRange(start, end);
      stream.on('data', (chunk: Buffer) => (bytesRead += chunk.length));
      return stream;
    },
  };
  const path = join(tmpdir(), `cut-${randomBytes(8).toString('hex')}.${options.extension}`);
  const dispose = () => fs.rm(path, { force: true });
  const link = await serveOnLoopback(counted, 'application/octet-stream', { windowBytes: options.windowBytes });
  try {
    await runFfmpeg(args(link.url, path), options);
    const size = (await fs.stat(path).catch(() => null))?.size ?? 0;
    // A file with no sound or picture in it is a header alone: nothing was cut.
    if (size < 1024) throw new CutFailed(options.emptyReason);
    return { path, size, bytesRead, dispose };
  } catch (err) {
    await dispose();
    throw err instanceof CutFailed ? err : new CutFailed(err instanceof Error ? err.message : String(err));
  } finally {
    await link.close();
  }
}

/** Runs ffmpeg with `args` within `options.timeoutMs` and its signal; throws `CutFailed` with its last error line. */
export function runFfmpeg(args: string[], options: Pick<CutOptions, 'ffmpegPath' | 'timeoutMs' | 'signal' | 'abortReason'>): Promise<void> {
  const program = options.ffmpegPath ?? process.env.FFMPEG_PATH ?? 'ffmpeg';
  const aborted = options.abortReason ?? 'the cut was stopped';
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new CutFailed(aborted));
    let stderr = '';
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const stop = (reason: string) => {
      child.kill('SIGKILL');
      reject(new CutFailed(reason));
    };
    const timer = setTimeout(() => stop(`cutting took longer than ${Math.round(options.timeoutMs / 1000)} s`), options.timeoutMs);
    const onAbort = () => stop(aborted);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-2000)));
    child.on('error', (err) => {
      settle();
      reject(new CutFailed(`${program} could not start: ${err.message}`));
    });
    child.on('close', (code) => {
      settle();
      if (code === 0) resolve();
      else reject(new CutFailed(`${program} stopped (${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`));
    });
  });
}
