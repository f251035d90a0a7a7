/**
 * A project's search pack: every interview's stored search data (stored-passages.ts) and what the index needs of
 * the interview itself (name, speakers, themes) bundled into a few large documents, so a cold instance reads a
 * project in a handful of documents instead of two per interview (the interview and its chunk). A pack is a copy,
 * valid only for the interviews it was made from: its key is how many interviews the project had and when the
 * latest one changed, and a pack whose key is not the project's current one is not used. Pure.
 *
 * Bytes: a 32-bit length, the directory (JSON: the interviews and where each of their chunks' binary fields lies),
 * then those fields one after another; cut into parts that each stay under Firestore's 1 MiB a document.
 */
import type { TagGroup } from '@verbatim/contract/insight';
import { STORED_FORMAT, type Speaker, type StoredChunk } from './stored-passages';

/** A part is at most this many bytes (Firestore's limit is 1 MiB a document). */
export const PACK_PART_BYTES = 900_000;

/** One interview as a pack holds it. `chunks` is empty for an interview without a transcript (stamp "none"). */
export interface PackedInterview {
  id: string;
  name: string;
  /** What its passages depend on (account-index.ts's document stamp). */
  stamp: string;
  groupedTags: TagGroup[];
  speakers: Speaker[];
  /** What its passages were cut from (passageSource). */
  source: string;
  chunks: StoredChunk[];
}

/** One part, as written to Firestore (`bytes` is a Buffer there). */
export interface PackPart {
  format: number;
  /** The project's interviews when the pack was made (see `interviewsKey`). */
  key: string;
  /** One pack's parts share it: parts of two different packs are never read as one. */
  pack: string;
  part: number;
  parts: number;
  bytes: Uint8Array;
}

/** A chunk's binary fields, each kept in the pack's bytes after the directory. */
type Binary = 'text' | 'index' | 'meanings';
type Span = [number, number];

interface DirectoryChunk extends Omit<StoredChunk, Binary> {
  spans: Record<Binary, Span>;
}

interface DirectoryEntry extends Omit<PackedInterview, 'chunks'> {
  chunks: DirectoryChunk[];
}

/** The key of a project's interviews: how many, and when the latest changed (milliseconds). */
export function interviewsKey(count: number, latestChange: number): string {
  return `${count}|${latestChange}`;
}

/** The interviews as the parts of one pack. */
export function encodePack(key: string, pack: string, interviews: readonly PackedInterview[], partBytes = PACK_PART_BYTES): PackPart[] {
  const blobs: Uint8Array[] = [];
  let offset = 0;
  const directory: DirectoryEntry[] = interviews.map(({ chunks, ...interview }) => ({
    ...interview,
    chunks: chunks.map((chunk) => {
      const { text, index, meanings, ...rest } = chunk;
      const spans = {} as Record<Binary, Span>;
      for (const [field, bytes] of [['text', text], ['index', index], ['meanings', meanings]] as const) {
        spans[field] = [offset, bytes.byteLength];
        blobs.push(bytes);
        offset += bytes.byteLength;
      }
      return { ...rest, spans };
    }),
  }));
  const head = Buffer.from(JSON.stringify(directory), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.byteLength);
  const whole = Buffer.concat([length, head, ...blobs]);
  const parts: PackPart[] = [];
  for (let at = 0; at < whole.byteLength || parts.length === 0; at += partBytes) {
    parts.push({ format: STORED_FORMAT, key, pack, part: parts.length, parts: 0, bytes: whole.subarray(at, at + partBytes) });
  }
  return parts.map((p) => ({ ...p, parts: parts.length }));
}

/**
 * The interviews of a pack whose parts are all there, of one pack, of this format and made for `key`; null
 * otherwise (the caller then reads the interviews one by one).
 */
export function decodePack(parts: readonly PackPart[], key: string): PackedInterview[] | null {
  const sorted = [...parts].sort((a, b) => a.part - b.part);
  const first = sorted[0];
  if (!first || first.key !== key || first.format !== STORED_FORMAT || sorted.length !== first.parts) return null;
  if (!sorted.every((p, k) => p.part === k && p.pack === first.pack && p.parts === first.parts && p.key === key && p.format === first.format)) return null;
  const whole = sorted.length === 1 ? Buffer.from(first.bytes.buffer, first.bytes.byteOffset, first.bytes.byteLength) : Buffer.concat(sorted.map((p) => p.bytes));
  if (whole.byteLength < 4) return null;
  const headLength = whole.readUInt32LE(0);
  if (4 + headLength > whole.byteLength) return null;
  const directory = JSON.parse(whole.toString('utf8', 4, 4 + headLength)) as DirectoryEntry[];
  const blobs = whole.subarray(4 + headLength);
  const slice = ([at, length]: Span): Uint8Array => {
    if (at + length > blobs.byteLength) throw new Error('A search pack is shorter than its directory says.');
    return blobs.subarray(at, at + length);
  };
  return directory.map(({ chunks, ...interview }) => ({
    ...interview,
    chunks: chunks.map(({ spans, ...rest }) => ({ ...rest, text: slice(spans.text), index: slice(spans.index), meanings: slice(spans.meanings) })),
  }));
}
