/**
 * An interview's searchable passages in the form they are stored once and merged on a cold instance: its text, each
 * passage's offsets, speaker (by index, so a renamed speaker or a changed role needs no rewrite) and timestamp, the
 * BM25 terms of each passage exactly as the word index counts them (so nothing is tokenised or stemmed again) and
 * each passage's meaning vector at 8 bits a dimension. Cut into chunks that each stay well under Firestore's 1 MiB
 * a document. Pure.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { WordVectors } from '../analysis/meaning';
import type { SearchEntry } from './search-entries';
import { MEANING_MIN_WORDS, meaningOf, tokensOf } from './search-index';
import { termOf } from './text-terms';

/** Changes whenever what is stored, or how terms and meanings are derived, changes: older data is then rebuilt. */
export const STORED_FORMAT = 2;
/** A chunk is closed once its estimated size passes this many bytes (Firestore's limit is 1 MiB). */
export const CHUNK_BYTES = 700_000;

/** One stored chunk, as written to Firestore (the binary fields are Buffers there). */
export interface StoredChunk {
  format: number;
  /** What the passages were cut from (see `passageSource`); a different source means the chunk is stale. */
  source: string;
  /** The word-vector table the meanings come from ("none" without one). */
  vectors: string;
  chunk: number;
  chunks: number;
  /** Where this chunk's slice of the interview's text starts; the chunks' slices joined are the whole text. */
  textStart: number;
  /** The slice of text, deflated (raw DEFLATE of its UTF-8). */
  text: Uint8Array;
  /**
   * The word index's part, deflated in one piece (see `packIndex`): per passage its offsets, speaker and timestamp,
   * its meaning's scale, its BM25 postings and lengths, and the chunk's distinct terms.
   */
  index: Uint8Array;
  /** Per passage: the meaning vector, each dimension as a signed byte of its largest magnitude (not deflated: it would not shrink). */
  meanings: Uint8Array;
}

/** A chunk's word-index part before it is deflated. */
export interface ChunkIndex {
  /** 64-bit floats, per passage: start, end, speaker index, timestamp (NaN for none). */
  passages: Float64Array;
  /** 32-bit floats, per passage: the meaning vector's largest magnitude (0: no meaning vector). */
  scales: Float32Array;
  /** 16-bit numbers, per passage: how many distinct terms, then (index into `terms`, frequency) pairs. */
  postings: Uint16Array;
  /** 16-bit numbers, per passage: the word index's length of its text and of its (empty) extra field. */
  lengths: Uint16Array;
  /** The chunk's distinct terms. */
  terms: string[];
}

/** A passage group ready to merge into the word index without reading its text again. */
export interface PreparedGroup {
  group: string;
  entries: SearchEntry[];
  /** The distinct terms of the group's passages. */
  vocabulary: string[];
  /** Per entry, in order: how many distinct terms its text has, then (index into `vocabulary`, frequency) pairs. */
  postings: Uint16Array | Uint32Array;
  /** Per entry: the word index's lengths of its text and of its (empty) extra field. */
  lengths: Uint16Array;
  meanings: Array<Float32Array | undefined>;
}

export interface Speaker {
  label: string;
  role: string;
}

/** The identity of a word-vector table (or none). */
export function vectorsStamp(vectors: WordVectors | null): string {
  return vectors ? `${vectors.dims}x${vectors.count}` : 'none';
}

/** Passages with their terms counted (as the word index counts them) and their meanings: what a group needs in the index. */
export function preparePassages(group: string, entries: SearchEntry[], vectors: WordVectors | null): PreparedGroup {
  const emptyExtra = new Set(tokensOf('')).size;
  const vocabulary = new Map<string, number>();
  const postings: number[] = [];
  const lengths = new Uint16Array(entries.length * 2);
  entries.forEach((entry, i) => {
    const tokens = tokensOf(entry.text);
    const counts = new Map<number, number>();
    for (const token of tokens) {
      const term = termOf(token);
      if (!term) continue;
      let k = vocabulary.get(term);
      if (k === undefined) vocabulary.set(term, (k = vocabulary.size));
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    postings.push(counts.size);
    for (const [k, tf] of counts) postings.push(k, Math.min(tf, 0xffff));
    lengths[i * 2] = Math.min(new Set(tokens).size, 0xffff);
    lengths[i * 2 + 1] = emptyExtra;
  });
  return {
    group,
    entries,
    vocabulary: [...vocabulary.keys()],
    postings: Uint32Array.from(postings),
    lengths,
    meanings: entries.map((e) => (vectors ? meaningOf(vectors, `${e.text} ${e.extra}`, MEANING_MIN_WORDS) : undefined)),
  };
}

/** Where each entry's postings start in `postings` (and, last, their end). */
function postingOffsets(prepared: Pick<PreparedGroup, 'entries' | 'postings'>): Uint32Array {
  const offsets = new Uint32Array(prepared.entries.length + 1);
  let p = 0;
  for (let i = 0; i < prepared.entries.length; i++) {
    offsets[i] = p;
    p += 1 + 2 * prepared.postings[p];
  }
  offsets[prepared.entries.length] = p;
  return offsets;
}

const bytes = (view: ArrayBufferView) => new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
/** Bytes on a buffer of their own, starting at its beginning (so any typed array can view them). */
const aligned = (b: Uint8Array): ArrayBuffer => (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? (b.buffer as ArrayBuffer) : new Uint8Array(b).buffer);
/** The header of a packed index: passages, 16-bit postings numbers, bytes of terms, and one unused (keeps 8-byte alignment). */
const HEADER = 4;

/**
 * A chunk's word-index part as one deflated piece: a header of four 32-bit counts, then the passages (64-bit),
 * scales (32-bit), postings and lengths (16-bit), then the terms as UTF-8, one a line. One piece rather than a field
 * each: a third of the bytes (the postings' high bytes and most frequencies are alike) and one inflate a chunk.
 */
export function packIndex(part: ChunkIndex): Uint8Array {
  const count = part.scales.length;
  if (part.passages.length !== count * 4 || part.lengths.length !== count * 2) throw new Error('A chunk index needs 4 passage numbers and 2 lengths per scale.');
  const terms = Buffer.from(part.terms.join('\n'), 'utf8');
  const header = Uint32Array.of(count, part.postings.length, terms.byteLength, 0);
  return deflateRawSync(Buffer.concat([bytes(header), bytes(part.passages), bytes(part.scales), bytes(part.postings), bytes(part.lengths), terms]));
}

/** A packed index back to its parts (views on one inflated buffer). */
export function unpackIndex(packed: Uint8Array): ChunkIndex {
  const raw = inflateRawSync(packed);
  const buffer = aligned(raw);
  if (buffer.byteLength < HEADER * 4) throw new Error('A packed chunk index is shorter than its header.');
  const [count, postingsLength, termsBytes] = new Uint32Array(buffer, 0, HEADER);
  let at = HEADER * 4;
  const take = <T>(make: (b: ArrayBuffer, offset: number, length: number) => T, length: number, size: number): T => {
    const view = make(buffer, at, length);
    at += length * size;
    return view;
  };
  if (buffer.byteLength !== at + count * 36 + postingsLength * 2 + count * 4 + termsBytes) throw new Error('A packed chunk index does not match its header.');
  const passages = take((b, o, n) => new Float64Array(b, o, n), count * 4, 8);
  const scales = take((b, o, n) => new Float32Array(b, o, n), count, 4);
  const postings = take((b, o, n) => new Uint16Array(b, o, n), postingsLength, 2);
  const lengths = take((b, o, n) => new Uint16Array(b, o, n), count * 2, 2);
  const text = Buffer.from(buffer, at, termsBytes).toString('utf8');
  return { passages, scales, postings, lengths, terms: text === '' ? [] : text.split('\n') };
}

/**
 * The prepared passages of one interview as stored chunks. `labels` are its speakers' labels, in order. A stretch of
 * text outside every passage (a run longer than any word, left out of them) longer than a chunk's share of text goes
 * into chunks of its own, so no chunk outgrows `chunkBytes` by much.
 */
export function encodePassages(
  prepared: PreparedGroup,
  text: string,
  labels: readonly string[],
  source: string,
  vectors: WordVectors | null,
  chunkBytes = CHUNK_BYTES,
): StoredChunk[] {
  const n = prepared.entries.length;
  const dims = vectors?.dims ?? 0;
  const offsets = postingOffsets(prepared);
  // Characters of text a chunk holds at most outside its passages (UTF-8 takes at most 3 bytes for one).
  const maxText = Math.max(2, Math.floor(chunkBytes / 3));
  const chunks: StoredChunk[] = [];
  const textOnly = (start: number, end: number) => {
    for (let at = start; at < end; ) {
      let cut = Math.min(end, at + maxText);
      if (cut < end && isHighSurrogate(text.charCodeAt(cut - 1))) cut--; // never between a surrogate pair's halves
      chunks.push(encodeChunk(prepared, offsets, 0, 0, text.slice(at, cut), at, labels, dims));
      at = cut;
    }
  };
  let from = 0;
  let textStart = 0;
  while (from < n) {
    const first = prepared.entries[from].start!;
    if (first - textStart > maxText) {
      textOnly(textStart, first);
      textStart = first;
    }
    let to = from;
    let size = 0;
    while (to < n && (to === from || (size < chunkBytes && prepared.entries[to].start! - prepared.entries[to - 1].end! <= maxText))) {
      const e = prepared.entries[to];
      size += (e.end! - e.start!) * 3 + 40 + (offsets[to + 1] - offsets[to]) * 8 + dims;
      to++;
    }
    const next = to < n ? prepared.entries[to].start! : text.length;
    const lastEnd = prepared.entries[to - 1].end!;
    const textEnd = next - lastEnd > maxText ? lastEnd : next;
    chunks.push(encodeChunk(prepared, offsets, from, to, text.slice(textStart, textEnd), textStart, labels, dims));
    textStart = textEnd;
    from = to;
  }
  textOnly(textStart, text.length);
  if (chunks.length === 0) chunks.push(encodeChunk(prepared, offsets, 0, 0, '', 0, labels, dims));
  const stamp = vectorsStamp(vectors);
  return chunks.map((c, k) => ({ ...c, source, vectors: stamp, chunk: k, chunks: chunks.length }));
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

function encodeChunk(
  prepared: PreparedGroup,
  offsets: Uint32Array,
  from: number,
  to: number,
  text: string,
  textStart: number,
  labels: readonly string[],
  dims: number,
): StoredChunk {
  const count = to - from;
  const passages = new Float64Array(count * 4);
  const scales = new Float32Array(count);
  const meanings = new Int8Array(count * dims);
  const local = new Map<number, number>();
  const postings = new Uint16Array(offsets[to] - offsets[from]);
  for (let p = offsets[from], q = 0; p < offsets[to]; ) {
    const terms = prepared.postings[p++];
    postings[q++] = terms;
    for (let t = 0; t < terms; t++, p += 2) {
      let k = local.get(prepared.postings[p]);
      if (k === undefined) local.set(prepared.postings[p], (k = local.size));
      postings[q++] = k;
      postings[q++] = prepared.postings[p + 1];
    }
  }
  for (let i = 0; i < count; i++) {
    const e = prepared.entries[from + i];
    passages.set([e.start!, e.end!, labels.indexOf(e.speaker ?? ''), e.ts ?? NaN], i * 4);
    const v = prepared.meanings[from + i];
    if (!v) continue;
    let max = 0;
    for (const x of v) max = Math.max(max, Math.abs(x));
    scales[i] = max;
    for (let d = 0; d < dims && max > 0; d++) meanings[i * dims + d] = Math.round((v[d] / max) * 127);
  }
  return {
    format: STORED_FORMAT,
    source: '',
    vectors: '',
    chunk: 0,
    chunks: 0,
    textStart,
    text: deflateRawSync(Buffer.from(text, 'utf8')),
    index: packIndex({ passages, scales, postings, lengths: prepared.lengths.subarray(from * 2, to * 2), terms: [...local.keys()].map((k) => prepared.vocabulary[k]) }),
    meanings: bytes(meanings),
  };
}

/** Whether stored chunks are complete and current for `source` and the table in use. */
export function isCurrent(chunks: readonly Pick<StoredChunk, 'format' | 'source' | 'vectors' | 'chunk' | 'chunks'>[], source: string, vectors: WordVectors | null): boolean {
  if (chunks.length === 0 || chunks.length !== chunks[0].chunks) return false;
  const stamp = vectorsStamp(vectors);
  return chunks.every((c, k) => c.format === STORED_FORMAT && c.source === source && c.vectors === stamp && c.chunk === k && c.chunks === chunks.length);
}

export interface DecodeContext {
  projectId: string;
  documentId: string;
  speakers: readonly Speaker[];
  dims: number;
}

/** Stored chunks (current, in order) back to a prepared group and the interview's whole text. */
export function decodePassages(group: string, chunks: readonly StoredChunk[], context: DecodeContext): { prepared: PreparedGroup; text: string } {
  const text = chunks.map((c) => inflateRawSync(c.text).toString('utf8')).join('');
  const { projectId, documentId, speakers, dims } = context;
  const entries: SearchEntry[] = [];
  const meaningsOut: Array<Float32Array | undefined> = [];
  const single = chunks.length === 1;
  const vocabulary = new Map<string, number>();
  let singleTerms: string[] = [];
  const postingParts: Uint16Array[] = [];
  const lengthParts: Uint16Array[] = [];
  for (const chunk of chunks) {
    const { passages, scales, postings, lengths, terms } = unpackIndex(chunk.index);
    const meanings = new Int8Array(chunk.meanings.buffer, chunk.meanings.byteOffset, chunk.meanings.byteLength);
    lengthParts.push(lengths);
    if (single) singleTerms = terms;
    else {
      // Several chunks: their term lists merged into one, the postings renumbered.
      const global = terms.map((t) => vocabulary.get(t) ?? vocabulary.set(t, vocabulary.size).size - 1);
      for (let p = 0; p < postings.length; ) for (let n = postings[p++]; n > 0; n--, p += 2) postings[p] = global[postings[p]];
    }
    postingParts.push(postings);
    for (let i = 0; i < scales.length; i++) {
      const start = passages[i * 4];
      const end = passages[i * 4 + 1];
      const ts = passages[i * 4 + 3];
      const speaker = speakers[passages[i * 4 + 2]];
      entries.push({
        id: `t:${projectId}:${documentId}:${start}`,
        kind: 'passage',
        projectId,
        documentId,
        speaker: speaker?.label ?? null,
        participant: speaker?.role === 'participant',
        start,
        end,
        ts: Number.isNaN(ts) ? null : ts,
        insightId: null,
        insightTitle: null,
        theme: null,
        text: text.slice(start, end),
        extra: '',
      });
    }
    meaningsOut.push(...dequantiseAll(meanings, scales, dims));
  }
  return {
    prepared: { group, entries, vocabulary: single ? singleTerms : [...vocabulary.keys()], postings: joined(postingParts), lengths: joined(lengthParts), meanings: meaningsOut },
    text,
  };
}

function joined(parts: readonly Uint16Array[]): Uint16Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Vectors of `dims` dimensions from their bytes and scales, each of length 1, as views on one array (0 scale: none). */
function dequantiseAll(q: Int8Array, scales: Float32Array, dims: number): Array<Float32Array | undefined> {
  const all = new Float32Array(q.length);
  const out: Array<Float32Array | undefined> = [];
  for (let i = 0; i < scales.length; i++) {
    if (!(scales[i] > 0) || dims === 0) {
      out.push(undefined);
      continue;
    }
    const v = all.subarray(i * dims, (i + 1) * dims);
    let norm = 0;
    for (let d = 0; d < dims; d++) {
      v[d] = q[i * dims + d];
      norm += v[d] * v[d];
    }
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dims; d++) v[d] /= norm;
    out.push(v);
  }
  return out;
}
