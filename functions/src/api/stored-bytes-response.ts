import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseRange } from '../storage/byte-range';
import type { ApiRequest } from './request-context';

/** A stored file as far as sending it goes: its size, content type and any range of its bytes. */
export interface StoredBytes {
  size: number;
  contentType: string;
  read(start: number, end: number): Readable;
}

/**
 * Sends a stored file as a media element asks for it: the whole file, or the one byte range its Range header names
 * (206 with `Content-Range`; 416 saying `outside` for a range past its end), `Accept-Ranges` either way; a HEAD request
 * gets the headers alone. The caller sets the caching.
 */
export async function sendStoredBytes(req: ApiRequest, res: Response, file: StoredBytes, outside: string): Promise<void> {
  const range = parseRange(req.headers.range, file.size);
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Content-Type', file.contentType);
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${file.size}`);
    res.setHeader('Cache-Control', 'no-store');
    res.status(416).json({ error: { code: 'range-not-satisfiable', message: outside } });
    return;
  }
  const [start, end] = range ?? [0, file.size];
  res.setHeader('Content-Length', String(end - start));
  if (range) {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${start}-${end - 1}/${file.size}`);
  }
  if (req.method === 'HEAD' || end === start) {
    res.end();
    return;
  }
  await pipeline(file.read(start, end), res);
}
