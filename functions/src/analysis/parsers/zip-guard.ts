/**
 * Opens a .docx (a zip archive) safely before mammoth reads it, so a zip bomb or a crafted archive is refused
 * instead of filling memory.
 *
 * 1. The directory alone (nothing inflated): more than MAX_ENTRIES entries, more than MAX_TOTAL_UNCOMPRESSED
 *    declared bytes, or an absurd declared compression ratio is refused.
 * 2. Names: a name that a zip reader would rewrite (`./`, `..`, `\`, `//`, a leading `/`), that differs between the
 *    local header and the directory, or that meets another name is refused (zip-names.ts); then an archive without
 *    parts under word/ (another kind of file) or with an encrypted entry.
 * 3. Every entry, whatever its name or declared size, is inflated under a running byte cap: the output may never
 *    pass the bytes left of MAX_TOTAL_UNCOMPRESSED nor its declared size; a part that inflates past what it
 *    declares, or to an absurd ratio, is refused, and one that inflates to less is damaged.
 * 4. The main document named by `_rels/.rels` must lie under `word/` (docx-main-part.ts).
 *
 * The result is the package as mammoth will read it: only the XML parts it reads (content types, relationships,
 * the parts under `word/`), already inflated and checked, so mammoth never inflates anything itself.
 */
import { inflateRawSync } from 'node:zlib';
import { ParseError } from '@verbatim/contract/transcript';
import { mainDocumentPart } from './docx-main-part';
import { unsupportedType } from './parse-errors';
import { corruptDocx, docxTooBig, entryData, readZipDirectory, type ZipEntry } from './zip-directory';
import { assertDistinctCanonicalNames } from './zip-names';

export const MAX_TOTAL_UNCOMPRESSED = 100 * 1024 * 1024;
/** Deflated XML rarely beats 20:1; a run of zeros reaches 1000:1. */
export const MAX_RATIO = 200;
/** Entries smaller than this are not ratio-checked (tiny files compress oddly). */
const RATIO_CHECK_MIN_BYTES = 1024 * 1024;

/** The checked parts of a Word document that mammoth reads, by part name, with the main document's name. */
export interface DocxPackage {
  parts: ReadonlyMap<string, Uint8Array>;
  mainDocument: string;
}

/** The parts mammoth reads: content types, package relationships, and the XML and relationships under word/. */
function isReadByMammoth(name: string): boolean {
  return name === '[Content_Types].xml' || name === '_rels/.rels' || (name.startsWith('word/') && /\.(xml|rels)$/.test(name));
}

function describeOtherZip(names: ReadonlySet<string>): string {
  const has = (prefix: string) => [...names].some((name) => name.startsWith(prefix));
  if (has('xl/')) return 'This is an Excel workbook, not a Word document';
  if (has('ppt/')) return 'This is a PowerPoint presentation, not a Word document';
  if (names.has('content.xml') && names.has('mimetype')) return 'This is an OpenDocument file, not a Word .docx document';
  return 'This is a zip archive, not a Word document';
}

function isExpansionAbsurd(size: number, compressedSize: number): boolean {
  return size >= RATIO_CHECK_MIN_BYTES && size > compressedSize * MAX_RATIO;
}

function expansionTooBig(size: number, compressedSize: number): ParseError {
  return docxTooBig(`contains a part that expands ${Math.round(size / Math.max(1, compressedSize))} times`);
}

/** Refusals that need only the directory's sizes: too many bytes declared, absurd declared ratios. */
function checkDeclaredSizes(entries: readonly ZipEntry[]): void {
  let total = 0;
  let compressed = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    compressed += entry.compressedSize;
    if (total > MAX_TOTAL_UNCOMPRESSED) throw docxTooBig('would expand to more than 100 MB');
    if (isExpansionAbsurd(entry.uncompressedSize, entry.compressedSize)) throw expansionTooBig(entry.uncompressedSize, entry.compressedSize);
  }
  if (total >= RATIO_CHECK_MIN_BYTES && total > compressed * MAX_RATIO) throw docxTooBig('expands to an implausible size');
}

/** A Word document has parts under word/ and no encrypted entry. */
function checkIsPlainWord(entries: readonly ZipEntry[]): void {
  const names = new Set(entries.map((entry) => entry.name));
  if (![...names].some((name) => name.startsWith('word/'))) throw unsupportedType(describeOtherZip(names));
  if (entries.some((entry) => (entry.flags & 0x1) !== 0)) {
    throw new ParseError('encrypted', 'This document is password-protected; remove the password in Word and upload it again.');
  }
}

/** An entry's content, inflated with at most `budget` bytes of output; refused when it is not what it declares. */
function inflateEntry(bytes: Uint8Array, entry: ZipEntry, budget: number): Uint8Array {
  const data = entryData(bytes, entry);
  let content: Uint8Array;
  if (entry.method === 0) {
    content = data;
  } else if (entry.method === 8) {
    // One byte over the smaller of the two limits tells "larger than it may be" from "exactly as large".
    const cap = Math.min(entry.uncompressedSize, budget) + 1;
    try {
      content = inflateRawSync(data, { maxOutputLength: cap });
    } catch (error) {
      if (error instanceof RangeError) throw overflow(entry, budget);
      throw corruptDocx();
    }
    if (content.byteLength >= cap) throw overflow(entry, budget);
  } else {
    throw corruptDocx();
  }
  if (content.byteLength > budget) throw docxTooBig('would expand to more than 100 MB');
  if (content.byteLength !== entry.uncompressedSize) throw content.byteLength > entry.uncompressedSize ? overflow(entry, budget) : corruptDocx();
  if (isExpansionAbsurd(content.byteLength, data.byteLength)) throw expansionTooBig(content.byteLength, data.byteLength);
  return content;
}

function overflow(entry: ZipEntry, budget: number): ParseError {
  return entry.uncompressedSize <= budget ? docxTooBig('contains a part larger than it declares') : docxTooBig('would expand to more than 100 MB');
}

/** Checks a Word document and returns the parts mammoth reads. Throws `ParseError` for anything unsafe. */
export function openSafeDocx(bytes: Uint8Array): DocxPackage {
  const entries = readZipDirectory(bytes);
  checkDeclaredSizes(entries);
  assertDistinctCanonicalNames(entries);
  checkIsPlainWord(entries);

  const parts = new Map<string, Uint8Array>();
  let budget = MAX_TOTAL_UNCOMPRESSED;
  for (const entry of entries) {
    const isFolder = entry.name.endsWith('/');
    if (isFolder && entry.compressedSize === 0 && entry.uncompressedSize === 0) continue;
    const content = inflateEntry(bytes, entry, budget);
    budget -= content.byteLength;
    if (!isFolder && isReadByMammoth(entry.name)) parts.set(entry.name, content);
  }

  const names = new Set(entries.map((entry) => entry.name));
  const packageRelationships = parts.get('_rels/.rels');
  const mainDocument = mainDocumentPart(packageRelationships && new TextDecoder('utf-8').decode(packageRelationships), (name) => names.has(name));
  if (!parts.has(mainDocument)) throw corruptDocx();
  return { parts, mainDocument };
}
