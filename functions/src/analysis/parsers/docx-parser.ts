/**
 * DOCX transcripts: opened by the zip guard, then mammoth's `extractRawText` (runs joined into words, one paragraph
 * per block separated by a blank line), then read like a TXT transcript.
 *
 * mammoth reads the guard's checked parts, never the upload's bytes: mammoth 1.13 also takes `{ file }`, an opened
 * zip with `exists(name)` and `read(name, encoding)` (lib/unzip.js `openZip`), so it cannot see a part or a name the
 * guard did not, and inflates nothing itself.
 */
import mammoth from 'mammoth';
import { ParseError } from '../../domain/transcript';
import { normalizeDocument } from './normalize-text';
import { openSafeDocx, type DocxPackage } from './zip-guard';

interface OpenedZip {
  exists(name: string): boolean;
  read(name: string, encoding?: string): Promise<Uint8Array | string>;
}

const extractRawText = mammoth.extractRawText as unknown as (input: { file: OpenedZip }) => Promise<{ value: string }>;

function openedZip({ parts }: DocxPackage): OpenedZip {
  return {
    exists: (name) => parts.has(name),
    read: async (name, encoding) => {
      const bytes = parts.get(name);
      if (!bytes) throw new Error(`No part ${name}`);
      if (encoding === 'base64') return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
      return encoding ? new TextDecoder(encoding).decode(bytes) : bytes;
    },
  };
}

/** The document's text, normalised. Throws `corrupt`, `encrypted`, `decompression-limit` or `unsupported-type`. */
export async function extractDocxText(bytes: Uint8Array): Promise<string> {
  const docx = openSafeDocx(bytes);
  let value: string;
  try {
    ({ value } = await extractRawText({ file: openedZip(docx) }));
  } catch {
    throw new ParseError('corrupt', 'This Word document is damaged and cannot be opened; save it again from Word and upload the new file.');
  }
  return normalizeDocument(value);
}
