import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** `bytes=start-` or `bytes=start-end` (the only forms a media reader sends), within `size`; null when unsatisfiable. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'whole' | null {
  if (!header) return 'whole';
  const match = /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(size - 1, Number(match[2]));
  return start < size && start <= end ? { start, end } : null;
}

export async function serveOnLoopback(source: RecordingBytes, contentType = 'application/octet-stream'): Promise<LoopbackBytes> {
  const path = `/${randomBytes(16).toString('hex')}`;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url !== path || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404).end();
      return;
    }
    const range = byteRange(req.headers.range, source.size);
    if (range === null) {
      res.writeHead(416, { 'Content-Range': `bytes */${source.size}` }).end();
      return;
    }
    const { start, end } = range === 'whole' ? { start: 0, end: source.size - 1 } : range;
    res.writeHead(range === 'whole' ? 200 : 206, {
      'Accept-Ranges': 'bytes',
      'Content-Type': contentType,
      'Content-Length': String(end - start + 1),
      ...(range === 'whole' ? {} : { 'Content-Range': `bytes ${start}-${end}/${source.size}` }),
    });
    if (req.method === 'HEAD' || source.size === 0) {
      res.end();
      return;
    }
    const body = source.readRange(start, end + 1);
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
