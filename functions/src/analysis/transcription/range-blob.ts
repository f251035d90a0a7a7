/**
 * A Blob over a stored recording that never holds it: `slice(a, b)` is another view, and only `stream()` reads the
 * view's bytes from the store (`read(start, end)`, a Node stream of that range), once its reader starts pulling and
 * at most `READ_AHEAD_BYTES` ahead of it. The
 * Files API uploader of @google/genai sends a Blob in 8 MiB chunks, each `file.slice(offset, offset + 8 MiB)` given to
 * fetch as the body; fetch takes any object that says it is a Blob (`Symbol.toStringTag` 'Blob', `size`, `type`,
 * `stream()`), sets Content-Length from `size` and sends what `stream()` yields as the socket drains. So a 1 GB
 * recording is in memory a chunk's worth at most, and only while that chunk is sent (the uploader's fetch: see
 * gemini-files.ts).
 *
 * A range whose stream ends early, or runs past its end, fails the upload with a sentence naming the byte; `abort`
 * fails every read under way and every later one (an upload past its deadline).
 */
import type { Readable } from 'node:stream';

/** Bytes read from the store ahead of what the upload has taken (a few pieces: fewer waits, still no more held). */
export const READ_AHEAD_BYTES = 1024 * 1024;

/** The stored bytes [start, end) as a stream. */
export type ReadRange = (start: number, end: number) => Readable;

export interface RangeBlobSource {
  /** Bytes in the whole recording. */
  size: number;
  /** The content type the upload declares. */
  type: string;
  read: ReadRange;
  /** Told of every piece of the recording sent (its length), for progress. */
  onBytes?: (bytes: number) => void;
}

/** Reads of a blob and its slices, for the tests and the measurements: ranges opened, and the most open at once. */
export interface RangeReads {
  opened: Array<{ start: number; end: number }>;
  open: number;
  maxOpen: number;
}

/** What a blob and its slices share: the reads, the streams open now, and why reading stopped (once it has). */
interface ReadState {
  reads: RangeReads;
  live: Set<Readable>;
  abortedWith?: Error;
}

function toBytes(piece: unknown): Uint8Array {
  if (piece instanceof Uint8Array) return piece;
  if (typeof piece === 'string') return Buffer.from(piece);
  throw new Error('The stored recording was read as something other than bytes.');
}

/** Blob semantics of `slice`: negative positions count from the end; positions are clamped to the blob. */
function clampPosition(position: number | undefined, size: number, fallback: number): number {
  if (position === undefined) return fallback;
  const at = position < 0 ? size + position : position;
  return Math.min(Math.max(0, Math.trunc(at)), size);
}

class RangeBlob {
  constructor(
    private readonly source: RangeBlobSource,
    private readonly start: number,
    private readonly end: number,
    readonly type: string,
    private readonly state: ReadState,
  ) {}

  get [Symbol.toStringTag](): string {
    return 'Blob';
  }

  get size(): number {
    return this.end - this.start;
  }

  slice(start?: number, end?: number, contentType?: string): RangeBlob {
    const from = clampPosition(start, this.size, 0);
    const to = Math.max(from, clampPosition(end, this.size, this.size));
    return new RangeBlob(this.source, this.start + from, this.start + to, contentType ?? '', this.state);
  }

  /** The range's bytes, pulled from the store piece by piece as the reader asks; nothing is read before. */
  stream(): ReadableStream<Uint8Array> {
    const { start, end, state, source } = this;
    const { reads } = state;
    let input: Readable | undefined;
    let pieces: AsyncIterator<unknown> | undefined;
    let at = start;
    const close = () => {
      if (!input) return;
      input.destroy();
      state.live.delete(input);
      input = undefined;
      reads.open -= 1;
    };
    return new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (state.abortedWith) {
            close();
            controller.error(state.abortedWith);
            return;
          }
          if (!input) {
            input = source.read(start, end);
            state.live.add(input);
            pieces = input[Symbol.asyncIterator]();
            reads.opened.push({ start, end });
            reads.open += 1;
            reads.maxOpen = Math.max(reads.maxOpen, reads.open);
          }
          try {
            const next = await (pieces as AsyncIterator<unknown>).next();
            if (state.abortedWith) throw state.abortedWith;
            if (next.done) {
              close();
              if (at !== end) throw new Error(`The stored recording ended at byte ${at}, before byte ${end} of the range read.`);
              controller.close();
              return;
            }
            const bytes = toBytes(next.value);
            if (at + bytes.byteLength > end) throw new Error(`The stored recording gave more than the ${end - start} bytes of the range read from byte ${start}.`);
            at += bytes.byteLength;
            source.onBytes?.(bytes.byteLength);
            controller.enqueue(bytes);
          } catch (error) {
            close();
            controller.error(state.abortedWith ?? error);
          }
        },
        cancel() {
          close();
        },
      },
      { highWaterMark: READ_AHEAD_BYTES, size: (piece) => piece.byteLength },
    );
  }

  /** The range's bytes in memory (a chunk's worth: the uploader never asks for the whole recording). */
  async arrayBuffer(): Promise<ArrayBuffer> {
    const parts: Uint8Array[] = [];
    const reader = this.stream().getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
    const all = new Uint8Array(this.size);
    let offset = 0;
    for (const part of parts) {
      all.set(part, offset);
      offset += part.byteLength;
    }
    return all.buffer;
  }

  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(await this.arrayBuffer());
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.arrayBuffer());
  }
}

export interface RangeBlobHandle {
  /** What the SDK is given (a Blob to every reader of it). */
  blob: Blob;
  reads: RangeReads;
  /** Fails the read under way and every later one with `error`. */
  abort(error: Error): void;
}

export function rangeBlob(source: RangeBlobSource): RangeBlobHandle {
  const state: ReadState = { reads: { opened: [], open: 0, maxOpen: 0 }, live: new Set() };
  // The SDK only reads `size`, `type`, `slice` and `stream`; the class has the rest of Blob's reading methods too.
  const blob = new RangeBlob(source, 0, source.size, source.type, state) as unknown as Blob;
  return {
    blob,
    reads: state.reads,
    abort(error) {
      state.abortedWith ??= error;
      for (const input of state.live) input.destroy(error);
    },
  };
}
