/** Content sniffing on the first bytes of an upload: container magics, known binary formats, binary junk. */

export type ContainerKind = 'pdf' | 'zip' | 'cfb';

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[at + i] !== magic[i]) return false;
  return true;
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const ZIP_MAGICS = [
  [0x50, 0x4b, 0x03, 0x04], // local file header
  [0x50, 0x4b, 0x05, 0x06], // empty archive
  [0x50, 0x4b, 0x07, 0x08], // spanned archive
];
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Finds `%PDF-` in the first KB (the PDF spec lets junk precede the header). */
export function pdfHeaderOffset(bytes: Uint8Array): number {
  const limit = Math.min(bytes.length - PDF_MAGIC.length, 1024);
  for (let i = 0; i <= limit; i++) if (startsWith(bytes, PDF_MAGIC, i)) return i;
  return -1;
}

export function sniffContainer(bytes: Uint8Array): ContainerKind | null {
  if (pdfHeaderOffset(bytes) >= 0) return 'pdf';
  if (ZIP_MAGICS.some((magic) => startsWith(bytes, magic))) return 'zip';
  if (startsWith(bytes, CFB_MAGIC)) return 'cfb';
  return null;
}

/** True when an OLE compound file holds an encrypted Office document (a password-protected .docx). */
export function isEncryptedOfficeFile(bytes: Uint8Array): boolean {
  // Directory entries store stream names in UTF-16LE; encrypted OOXML has "EncryptedPackage" and "EncryptionInfo".
  const needle = utf16le('EncryptedPackage');
  const limit = bytes.length - needle.length;
  outer: for (let i = 0; i <= limit; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

function utf16le(text: string): number[] {
  const out: number[] = [];
  for (const ch of text) out.push(ch.charCodeAt(0), 0);
  return out;
}

interface KnownBinary {
  magic: readonly number[];
  at?: number;
  what: string;
}

/** Formats researchers plausibly upload by mistake, named so the message can say what the file is. */
const KNOWN_BINARIES: KnownBinary[] = [
  { magic: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { magic: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { magic: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { magic: [0x49, 0x44, 0x33], what: 'an MP3 audio file' },
  { magic: [0xff, 0xfb], what: 'an MP3 audio file' },
  { magic: [0x66, 0x74, 0x79, 0x70], at: 4, what: 'an audio or video file' },
  { magic: [0x52, 0x49, 0x46, 0x46], what: 'an audio or video file' },
  { magic: [0x4f, 0x67, 0x67, 0x53], what: 'an audio file' },
  { magic: [0x66, 0x4c, 0x61, 0x43], what: 'an audio file' },
  { magic: [0x1a, 0x45, 0xdf, 0xa3], what: 'a video file' },
  { magic: [0x00, 0x00, 0x01, 0xba], what: 'a video file' },
  { magic: [0x1f, 0x8b], what: 'a compressed (gzip) file' },
  { magic: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: 'a compressed (7z) file' },
  { magic: [0x52, 0x61, 0x72, 0x21], what: 'a compressed (RAR) file' },
  { magic: [0x7b, 0x5c, 0x72, 0x74, 0x66], what: 'an RTF document' },
];

export function describeKnownBinary(bytes: Uint8Array): string | null {
  for (const known of KNOWN_BINARIES) if (startsWith(bytes, known.magic, known.at ?? 0)) return known.what;
  return null;
}

export type Utf16Guess = 'utf-16le' | 'utf-16be' | null;

/** UTF-16 without a BOM: ASCII-range text has a zero in every other byte. */
export function guessBomlessUtf16(bytes: Uint8Array): Utf16Guess {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 8) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * True for bytes that are not text in any encoding: NUL bytes, or many C0 control characters other than
 * tab, newline, carriage return, form feed and escape. Call after ruling out UTF-16.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8192);
  let controls = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) controls++;
  }
  return n > 0 && controls / n > 0.01;
}
