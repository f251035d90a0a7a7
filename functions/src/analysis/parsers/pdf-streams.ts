/**
 * Measures a PDF's streams before pdf.js reads any of it, so that neither a decompression bomb nor a flood of page
 * content reaches pdf.js (which inflates a page's streams whole, then spends about 0.3 s per MB of content on text
 * layout, visible or not).
 *
 * Every stream that pdf.js may inflate to read text (page contents, forms, fonts, object and cross-reference streams;
 * not images, embedded files or metadata) and whose first filter is FlateDecode is inflated here under a running byte
 * cap, whatever its declared length: past MAX_PDF_INFLATED_BYTES in all, the file is refused. The decoded size of the
 * streams that draw pages (everything but fonts and object or cross-reference streams) is bounded by
 * MAX_PDF_CONTENT_BYTES. A stream this scan cannot measure (damaged, or behind another filter) is left to pdf.js and
 * the text bounds of pdf-parser.ts.
 */
import { constants, inflateSync } from 'node:zlib';
import { ParseError } from '@verbatim/contract/transcript';

/** Bytes that the compressed streams of one PDF may inflate to, in all. */
export const MAX_PDF_INFLATED_BYTES = 100 * 1024 * 1024;
/**
 * Bytes of decoded page content (text drawing operators). pdf.js spends 0.35 s per MB of it on ordinary pages and up
 * to about 1.1 s per MB when every word is a text item of its own (`npm run bench -- parse`), so 4 MB keeps the
 * slowest PDF under 5 s. Real transcripts take 30 to 180 bytes a word, as the PDF positions words or single glyphs, so
 * a densely laid-out PDF reaches the bound at about 23,000 words (a two-hour interview is about 18,000); the same
 * transcript as plain text has no such bound.
 */
export const MAX_PDF_CONTENT_BYTES = 4 * 1024 * 1024;

/** How far before a `stream` keyword its dictionary is looked for. */
const DICTIONARY_WINDOW = 4096;

export function pdfBomb(): ParseError {
  return new ParseError(
    'decompression-limit',
    `This PDF's compressed contents unpack to more than ${MAX_PDF_INFLATED_BYTES / 1024 / 1024} MB, far beyond any transcript; if it is genuine, export the transcript as text and upload that.`,
  );
}

export function pdfContentTooLarge(): ParseError {
  return new ParseError(
    'too-large',
    `This PDF holds more than ${MAX_PDF_CONTENT_BYTES / 1024 / 1024} MB of page content, more than Verbatim reads from one PDF; export the transcript as plain text (.txt), or split the PDF into several files, and upload that.`,
  );
}

type StreamKind = 'content' | 'structure' | 'skipped';

/** What a stream is for, from its dictionary: drawing (content), reading the file (structure), or neither. */
function kindOf(dictionary: string): StreamKind {
  if (/\/Subtype\s*\/Image\b|\/Type\s*\/(?:EmbeddedFile|Metadata)\b/.test(dictionary)) return 'skipped';
  if (/\/Length[123]\b|\/Subtype\s*\/(?:Type1C|CIDFontType0C|OpenType)\b|\/Type\s*\/(?:ObjStm|XRef)\b/.test(dictionary)) {
    return 'structure';
  }
  return 'content';
}

/** The stream's first filter, as named in its dictionary (`/Filter /FlateDecode` or `/Filter [/FlateDecode …]`). */
function firstFilter(dictionary: string): string | null {
  const m = /\/Filter\s*\[?\s*\/([A-Za-z0-9]+)/.exec(dictionary);
  return m ? m[1] : null;
}

/** The dictionary before the `stream` keyword at `at`: from its object's `obj` keyword, within a window. */
function dictionaryBefore(text: string, at: number): string {
  const from = Math.max(0, at - DICTIONARY_WINDOW);
  const obj = text.lastIndexOf('obj', at);
  return text.slice(obj >= from ? obj : from, at);
}

function isWhitespace(code: number | undefined): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c || code === 0x00;
}

/** Where a stream's data ends: at its direct /Length when `endstream` follows there, else before the next `endstream`. */
function dataEnd(text: string, dictionary: string, start: number): number {
  const length = /\/Length\s+(\d+)\b(?!\s+\d+\s+R)/.exec(dictionary);
  if (length) {
    const end = start + Number(length[1]);
    let after = end;
    while (after < text.length && isWhitespace(text.charCodeAt(after))) after++;
    if (end <= text.length && text.startsWith('endstream', after)) return end;
  }
  const endstream = text.indexOf('endstream', start);
  return endstream === -1 ? text.length : endstream;
}

/** Inflated size of a Flate stream, at most `cap + 1` (past the cap); null when the data cannot be inflated at all. */
function inflatedSize(data: Uint8Array, cap: number): number | null {
  try {
    return inflateSync(data, { maxOutputLength: cap + 1, finishFlush: constants.Z_SYNC_FLUSH }).byteLength;
  } catch (error) {
    if (error instanceof RangeError) return cap + 1; // the output passed the cap
    return null; // damaged: what came out before the damage stayed under the cap (it was being counted)
  }
}

/** Throws `decompression-limit` or `too-large` as described above; returns quietly otherwise. */
export function checkPdfStreams(bytes: Uint8Array): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  let inflated = 0;
  let content = 0;
  for (let at = text.indexOf('stream'); at !== -1; at = text.indexOf('stream', at + 6)) {
    if (text.startsWith('end', at - 3)) continue;
    // The data starts after the keyword's end of line (CR LF, LF, or a lone CR in damaged files).
    let start = at + 6;
    if (text.charCodeAt(start) === 0x0d) start++;
    if (text.charCodeAt(start) === 0x0a) start++;
    if (start === at + 6) continue; // a word that merely contains "stream"
    const dictionary = dictionaryBefore(text, at);
    const end = dataEnd(text, dictionary, start);
    const kind = kindOf(dictionary);
    if (kind === 'skipped') {
      at = end;
      continue;
    }
    const filter = firstFilter(dictionary);
    let size: number | null = end - start;
    if (filter === 'FlateDecode' || filter === 'Fl') {
      size = inflatedSize(buffer.subarray(start, end), MAX_PDF_INFLATED_BYTES - inflated);
      if (size === null) size = 0;
      inflated += size;
      if (inflated > MAX_PDF_INFLATED_BYTES) throw pdfBomb();
    }
    if (kind === 'content') {
      content += size;
      if (content > MAX_PDF_CONTENT_BYTES) throw pdfContentTooLarge();
    }
    at = end;
  }
}
