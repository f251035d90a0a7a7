import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { serveOnLoopback } from './loopback-bytes';
import type { RecordingBytes } from './read-bytes';

/**
 * A recording's container read by music-metadata (headers, index, the length it declares) inside a worker thread of
 * its own, with a bound on its memory and its time that depends on nothing the file says: a file whose structure makes
 * the reader grow without end (hundreds of thousands of nested boxes) or take without end stops the worker at the
 * bound, not the instance. The worker reads the stored bytes through the loopback link (loopback-bytes.ts), a stream,
 * never the whole file. What comes back is plain data: what music-metadata read of the format.
 */

export interface ContainerFormat {
  container?: string;
  codec?: string;
  duration?: number;
  bitrate?: number;
  hasVideo?: boolean;
  hasAudio?: boolean;
  sampleRate?: number;
  numberOfChannels?: number;
  trackCodecs: string[];
}

export type ContainerRead =
  | { ok: true; format: ContainerFormat }
  /** Not a recording (no format music-metadata knows), damaged, or past the bounds on memory or time. */
  | { ok: false; reason: 'not-media' | 'corrupt' | 'over-memory' | 'over-time' };

export interface ContainerBounds {
  /** The worker's heap (V8's old generation), in MB. */
  maxHeapMb: number;
  /** The longest the reading may take, in ms (a 2 GiB file streamed through from Cloud Storage takes tens of seconds). */
  timeoutMs: number;
}

/** A header and index take a few MB of the reader's heap; 800,000 nested boxes took 860 MB before this bound. */
export const DEFAULT_CONTAINER_BOUNDS: ContainerBounds = { maxHeapMb: 96, timeoutMs: 150_000 };

/** The worker: loads music-metadata (an ES module) by its path and reads the bytes served at `url`. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { pathToFileURL } = require('node:url');
(async () => {
  const mm = await import(pathToFileURL(workerData.modulePath).href);
  const stream = await new Promise((resolve, reject) => http.get(workerData.url, resolve).on('error', reject));
  try {
    const { format } = await mm.parseStream(stream, { size: workerData.size }, { duration: true, skipCovers: true });
    parentPort.postMessage({ ok: true, format: {
      container: format.container, codec: format.codec, duration: format.duration, bitrate: format.bitrate,
      hasVideo: format.hasVideo, hasAudio: format.hasAudio, sampleRate: format.sampleRate, numberOfChannels: format.numberOfChannels,
      trackCodecs: (format.trackInfo || []).map((t) => t.codecName || '').filter(Boolean),
    } });
  } catch (err) {
    const notMedia = err instanceof mm.CouldNotDetermineFileTypeError || err instanceof mm.UnsupportedFileTypeError;
    parentPort.postMessage({ ok: false, reason: notMedia ? 'not-media' : 'corrupt' });
  } finally {
    stream.destroy();
  }
})().catch(() => parentPort.postMessage({ ok: false, reason: 'corrupt' }));
`;

let modulePath: string | null = null;

/** Where music-metadata's Node entry is (it is an ES module only: `require.resolve` cannot name it from this CommonJS build). */
function musicMetadataPath(): string {
  if (modulePath) return modulePath;
  for (const dir of require.resolve.paths('music-metadata') ?? []) {
    const candidate = join(dir, 'music-metadata', 'lib', 'index.js');
    if (existsSync(candidate)) return (modulePath = candidate);
  }
  throw new Error('music-metadata is not installed');
}

export async function readContainer(source: RecordingBytes, bounds: ContainerBounds = DEFAULT_CONTAINER_BOUNDS): Promise<ContainerRead> {
  const link = await serveOnLoopback(source);
  try {
    return await new Promise<ContainerRead>((resolve, reject) => {
      let settled = false;
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { url: link.url, size: source.size, modulePath: musicMetadataPath() },
        resourceLimits: { maxOldGenerationSizeMb: bounds.maxHeapMb, maxYoungGenerationSizeMb: 16 },
        stdout: true,
        stderr: true,
      });
      const finish = (outcome: ContainerRead | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const timer = setTimeout(() => finish({ ok: false, reason: 'over-time' }), bounds.timeoutMs);
      worker.on('message', (message: ContainerRead) => finish(message));
      worker.on('error', (err: Error & { code?: string }) => finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { ok: false, reason: 'over-memory' } : err));
      worker.on('exit', () => finish(new Error('the container reader stopped without an answer')));
    });
  } finally {
    await link.close();
  }
}
