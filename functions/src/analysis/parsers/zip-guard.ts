/**
 * Checks a .docx (a zip archive) before mammoth opens it, so a zip bomb is refused instead of filling memory.
 *
 * Reads only the End Of Central Directory record and the central directory entry headers (ZIP64 included) and
 * refuses: more than MAX_ENTRIES entries, more than MAX_TOTAL_UNCOMPRESSED declared bytes, or an absurd compression
 * ratio. Declared sizes can lie, so the XML parts mammoth will read are then inflated with node:zlib under a hard
 * output cap of their declared size: a part that inflates past it is refused too.
 */
import { inflateRawSync } from 'node:zlib';
import { ParseError } from '../../domain/transcript';
import { unsupportedType } from './parse-errors';

export const MAX_ENTRIES = 10_000;
export const MAX_TOTAL_UNCOMPRESSED = 100 * 1024 * 1024;
/** Deflated XML rarely beats 20:1; a run of zeros reaches 1000:1. */
export const MAX_RATIO = 200;
/** Entries smaller than this are not ratio-checked (tiny files compress oddly). */
const RATIO_CHECK_MIN_BYTES = 1024 * 1024;

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

export interface ZipEntry {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

function corrupt(): ParseError {
  return new ParseError('corrupt', 'This Word document is damaged and cannot be opened; save it again from Word and upload the new file.');
}

function tooBig(detail: string): ParseError {
  return new ParseError(
    'decompression-limit',
    `This Word document ${detail}, far beyond any transcript; if it is genuine, copy its text into a new document and upload that.`,
  );
}

function findEocd(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  return -1;
}

function u64(view: DataView, at: number): number {
  const value = view.getBigUint64(at, true);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
}

/** Reads the central directory. Throws `corrupt` when it is missing or runs off the end of the file. */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 22) throw corrupt();
  const eocd = findEocd(view);
  if (eocd < 0) throw corrupt();

  let entryCount = view.getUint16(eocd + 10, true);
  let directoryOffset = view.getUint32(eocd + 16, true);
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE) throw corrupt();
    const zip64 = u64(view, locator + 8);
    if (zip64 + 56 > bytes.byteLength || view.getUint32(zip64, true) !== ZIP64_EOCD_SIGNATURE) throw corrupt();
    entryCount = u64(view, zip64 + 32);
    directoryOffset = u64(view, zip64 + 48);
  }
  if (entryCount > MAX_ENTRIES) throw tooBig(`holds ${entryCount.toLocaleString('en')} files`);

  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder('utf-8');
  let at = directoryOffset;
  for (let i = 0; i < entryCount; i++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw corrupt();
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength + extraLength > bytes.byteLength) throw corrupt();
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    };
    // ZIP64 extra field: 64-bit values for the 32-bit fields set to 0xFFFFFFFF, in this order.
    let extra = at + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = view.getUint16(extra, true);
      const size = view.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let field = extra + 4;
        const take = () => {
          if (field + 8 > extra + 4 + size) throw corrupt();
          const value = u64(view, field);
          field += 8;
          return value;
        };
        if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = take();
        if (entry.compressedSize === 0xffffffff) entry.compressedSize = take();
        if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take();
      }
      extra += 4 + size;
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The parts mammoth reads: content types, relationships and the XML under word/. */
function isReadByMammoth(name: string): boolean {
  return name === '[Content_Types].xml' || name.endsWith('.rels') || (name.startsWith('word/') && name.endsWith('.xml'));
}

function describeOtherZip(names: ReadonlySet<string>): string {
  const has = (prefix: string) => [...names].some((name) => name.startsWith(prefix));
  if (has('xl/')) return 'This is an Excel workbook, not a Word document';
  if (has('ppt/')) return 'This is a PowerPoint presentation, not a Word document';
  if (names.has('content.xml') && names.has('mimetype')) return 'This is an OpenDocument file, not a Word .docx document';
  return 'This is a zip archive, not a Word document';
}

/** Throws unless `bytes` is a Word document that is safe to hand to mammoth. */
export function assertSafeDocx(bytes: Uint8Array): void {
  const entries = readZipDirectory(bytes);
  let total = 0;
  let compressed = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    compressed += entry.compressedSize;
    if (total > MAX_TOTAL_UNCOMPRESSED) throw tooBig('would expand to more than 100 MB');
    if (entry.uncompressedSize >= RATIO_CHECK_MIN_BYTES && entry.uncompressedSize > entry.compressedSize * MAX_RATIO) {
      throw tooBig(`contains a part that expands ${Math.round(entry.uncompressedSize / Math.max(1, entry.compressedSize))} times`);
    }
  }
  if (total >= RATIO_CHECK_MIN_BYTES && total > compressed * MAX_RATIO) throw tooBig('expands to an implausible size');

  const names = new Set(entries.map((entry) => entry.name));
  if (!names.has('word/document.xml') && ![...names].some((name) => name.startsWith('word/'))) {
    throw unsupportedType(describeOtherZip(names));
  }
  if (entries.some((entry) => (entry.flags & 0x1) !== 0)) {
    throw new ParseError('encrypted', 'This document is password-protected; remove the password in Word and upload it again.');
  }

  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of entries) {
    if (!isReadByMammoth(entry.name)) continue;
    const local = entry.localHeaderOffset;
    if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== LOCAL_SIGNATURE) throw corrupt();
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > bytes.byteLength) throw corrupt();
    if (entry.method === 0) continue; // stored: its size is its size
    if (entry.method !== 8) throw corrupt();
    try {
      inflateRawSync(bytes.subarray(dataStart, dataEnd), { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      if (error instanceof RangeError) throw tooBig('contains a part larger than it declares');
      throw corrupt();
    }
  }
}
