/**
 * DOCX transcripts: checked by the zip guard, then mammoth's `extractRawText` (runs joined into words, one paragraph
 * per block separated by a blank line), then read like a TXT transcript.
 */
import mammoth from 'mammoth';
import { ParseError } from '../../domain/transcript';
import { normalizeDocument } from './normalize-text';
import { assertSafeDocx } from './zip-guard';

/** The document's text, normalised. Throws `corrupt`, `encrypted`, `decompression-limit` or `unsupported-type`. */
export async function extractDocxText(bytes: Uint8Array): Promise<string> {
  assertSafeDocx(bytes);
  let value: string;
  try {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    ({ value } = await mammoth.extractRawText({ buffer }));
  } catch {
    throw new ParseError('corrupt', 'This Word document is damaged and cannot be opened; save it again from Word and upload the new file.');
  }
  return normalizeDocument(value);
}
