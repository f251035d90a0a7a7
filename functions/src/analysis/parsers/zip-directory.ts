/**
 * Reading a zip archive's structure without inflating anything: the End Of Central Directory record, the central
 * directory entry headers (ZIP64 included), and where each entry's data lies after its local header.
 */
import { ParseError } from '@verbatim/contract/transcript';

export interface ZipEntry {
  name: string;
  /** The name's bytes as the central directory stores them. */
  rawName: Uint8Array;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

/** Entries in the directory beyond which an archive is refused before its entries are read. */
export const MAX_ENTRIES = 10_000;

export function corruptDocx(): ParseError {
  return new ParseError('corrupt', 'This Word document is damaged and cannot be opened; save it again from Word and upload the new file.');
}

export function docxTooBig(detail: string): ParseError {
  return new ParseError(
    'decompression-limit',
    `This Word document ${detail}, far beyond any transcript; if it is genuine, copy its text into a new document and upload that.`,
  );
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

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
  if (bytes.byteLength < 22) throw corruptDocx();
  const eocd = findEocd(view);
  if (eocd < 0) throw corruptDocx();

  let entryCount = view.getUint16(eocd + 10, true);
  let directoryOffset = view.getUint32(eocd + 16, true);
  if (entryCount === 0xffff || directoryOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE) throw corruptDocx();
    const zip64 = u64(view, locator + 8);
    if (zip64 + 56 > bytes.byteLength || view.getUint32(zip64, true) !== ZIP64_EOCD_SIGNATURE) throw corruptDocx();
    entryCount = u64(view, zip64 + 32);
    directoryOffset = u64(view, zip64 + 48);
  }
  if (entryCount > MAX_ENTRIES) throw docxTooBig(`holds ${entryCount.toLocaleString('en')} files`);

  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder('utf-8');
  let at = directoryOffset;
  for (let i = 0; i < entryCount; i++) {
    if (at + 46 > bytes.byteLength || view.getUint32(at, true) !== CENTRAL_SIGNATURE) throw corruptDocx();
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength + extraLength > bytes.byteLength) throw corruptDocx();
    const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      name: decoder.decode(rawName),
      rawName,
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
          if (field + 8 > extra + 4 + size) throw corruptDocx();
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

/**
 * Where an entry's data lies. Throws `corrupt` when the local header is missing, names another entry than the
 * directory does (zip readers disagree on which name counts, so such an archive could show each reader another
 * part) or the data runs off the end of the file.
 */
export function entryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== LOCAL_SIGNATURE) throw corruptDocx();
  const nameLength = view.getUint16(local + 26, true);
  const nameStart = local + 30;
  const dataStart = nameStart + nameLength + view.getUint16(local + 28, true);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > bytes.byteLength) throw corruptDocx();
  if (!sameBytes(bytes.subarray(nameStart, nameStart + nameLength), entry.rawName)) throw namesRewritten();
  return bytes.subarray(dataStart, dataEnd);
}

export function namesRewritten(): ParseError {
  return new ParseError('corrupt', 'This Word document names its parts in a way Word never does; save it again from Word and upload the new file.');
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
