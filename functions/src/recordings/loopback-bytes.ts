import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseRange } from '../storage/byte-range';
import type { RecordingBytes } from './read-bytes';

/**
 * A recording's bytes served to a program on this machine (ffmpeg) as an HTTP resource with range requests, so that
 * it reads the recording where it is stored (Cloud Storage, or the emulators' folder), seeking as its format needs
 * (an MP4 whose index is at its end), and never as a whole file in memory or on a disk. Listens on 127.0.0.1 only, at
 * a path nobody can guess; closed by `close()`.
 */

export interface LoopbackBytes {
  url: string;
  close(): Promise<void>;
}

export interface LoopbackOptions {
  /**
   * The most bytes one response carries: a reader asking from an offset to the end gets this much and asks again where
   * it stopped (ffmpeg with `-reconnect 1`), so a reader that seeks away leaves no read-ahead of megabytes behind.
   */
  windowBytes?: number;
}

export async function serveOnLoopback(source: RecordingBytes, contentType = 'application/octet-stream', options: LoopbackOptions = {}): Promise<LoopbackBytes> {
  const path = `/${randomBytes(16).toString('hex')}`;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url !== path || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    const range = parseRange(req.headers.range, source.size);
    if (range === 'unsatisfiable') {
      res.writeHead(416, { 'Content-Range': `bytes */${source.size}` }).end();
      return;
    }
    const [start, whole] = range ?? [0, source.size];
    const end = options.windowBytes ? Math.min(whole, start + options.windowBytes) : whole;
    res.writeHead(range || end < whole ? 206 : 200, {
      'Accept-Ranges': 'bytes',
      'Content-Type': contentType,
      'Content-Length': String(end - start),
      ...(range || end < whole ? { 'Content-Range': `bytes ${start}-${end - 1}/${source.size}` } : {}),
    });
    if (req.method === 'HEAD' || end === start) {
      res.end();
      return;
    }
    const body = source.readRange(start, end);
    // The reader seeks by dropping a request and making another: the store's stream goes with it.
    res.on('close', () => body.destroy());
    body.on('error', () => res.destroy());
    body.pipe(res);
  });
  // A reader that drops a connection mid-body leaves nothing waiting.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
