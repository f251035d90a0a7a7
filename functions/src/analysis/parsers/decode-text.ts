/** Bytes of a text upload → a JavaScript string, with the encoding it was read as. */
import chardet from 'chardet';
import { ParseError } from '@verbatim/contract/transcript';
import { guessBomlessUtf16 } from './byte-sniff';

export interface DecodedText {
  text: string;
  /** WHATWG encoding name, e.g. 'utf-8', 'utf-16le', 'shift_jis', 'windows-1252'. */
  encoding: string;
  /** Set when the file was not UTF-8 and its encoding was detected. */
  detected: boolean;
}

/** chardet confidence (0–100) below which a guess is not trusted. */
const MIN_CONFIDENCE = 30;
/** chardet reads at most this much: enough to detect, cheap on a 20 MB file. */
const SAMPLE_BYTES = 256 * 1024;

function decodeWith(label: string, bytes: Uint8Array, fatal: boolean): { text: string; encoding: string } | null {
  try {
    const decoder = new TextDecoder(label, { fatal });
    return { text: decoder.decode(bytes), encoding: decoder.encoding };
  } catch {
    return null; // unknown label (RangeError) or invalid bytes (TypeError)
  }
}

/** Share of characters that signal a wrong guess: replacement characters and C1 controls. */
function garbageRatio(text: string): number {
  if (text.length === 0) return 0;
  let bad = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0xfffd || (c >= 0x80 && c <= 0x9f)) bad++;
  }
  return bad / text.length;
}

const INVALID_ENCODING_MESSAGE =
  'The text in this file is not UTF-8 and its encoding could not be recognised; save it as UTF-8 text and upload it again.';

/**
 * UTF-8 (BOM stripped), UTF-16 LE/BE with a BOM (or an unmistakable zero-byte pattern), UTF-8, else the encoding chardet
 * finds with enough confidence. Throws `invalid-encoding` when none fits.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    const utf8 = decodeWith('utf-8', bytes.subarray(3), true);
    if (utf8) return { ...utf8, detected: false };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le', detected: false };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be', detected: false };
  }
  // Before UTF-8: ASCII text in UTF-16 is also valid UTF-8, with a NUL after every character.
  const utf16 = guessBomlessUtf16(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16, detected: true };

  const utf8 = decodeWith('utf-8', bytes, true);
  if (utf8) return { ...utf8, detected: false };

  const matches = chardet.analyse(bytes.subarray(0, SAMPLE_BYTES)).sort((a, b) => b.confidence - a.confidence);
  for (const match of matches) {
    if (match.confidence < MIN_CONFIDENCE) break;
    if (/^(utf-8|ascii)$/i.test(match.name)) continue; // already failed as UTF-8
    const decoded = decodeWith(match.name, bytes, false);
    if (decoded && garbageRatio(decoded.text) < 0.01) return { ...decoded, detected: true };
  }
  throw new ParseError('invalid-encoding', INVALID_ENCODING_MESSAGE);
}
