import type { Readable } from 'node:stream';

/** Where a recording's bytes are read from: its size and any range of it as a stream. */
export interface RecordingBytes {
  size: number;
  /** The bytes [start, end) as a stream. */
  readRange(start: number, end: number): Readable;
}

/** The bytes [start, end) in memory: only for small reads (headers, index boxes, stretches of sound). */
export async function readBytes(source: RecordingBytes, start: number, end: number): Promise<Buffer> {
  const to = Math.min(end, source.size);
  if (to <= start) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of source.readRange(start, to)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
