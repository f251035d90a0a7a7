/**
 * DOCX transcripts: opened by the zip guard, then mammoth's `extractRawText` (runs joined into words, one paragraph
 * per block separated by a blank line), then read like a TXT transcript.
 *
 * mammoth reads the guard's checked parts, never the upload's bytes: mammoth 1.13 also takes `{ file }`, an opened
 * zip with `exists(name)` and `read(name, encoding)` (lib/unzip.js `openZip`), so it cannot see a part or a name the
 * guard did not, and inflates nothing itself.
 */
import mammoth from 'mammoth';
import { ParseError } from '@verbatim/contract/transcript';
import { normalizeDocument } from './normalize-text';
import { openSafeDocx, type DocxPackage } from './zip-guard';

/**
 * The most XML mammoth may read from one document (main part, styles, numbering, notes, comments, their
 * relationships). mammoth builds a full tree of every element: 4 MB of the densest markup (a paragraph per word)
 * takes about 3 s and 550 MB, 10 MB took 1.3 GB, more than a function has. A real transcript under the word limit
 * stays well below it (its markup is mostly words); a larger one can be saved as plain text, which has no such limit.
 */
export const MAX_DOCX_MARKUP_BYTES = 4 * 1024 * 1024;

function markupTooLarge(): ParseError {
  return new ParseError(
    'too-large',
    `This Word document holds more than ${MAX_DOCX_MARKUP_BYTES / 1024 / 1024} MB of text markup, more than Verbatim reads from a .docx; save it as plain text (.txt) and upload that.`,
  );
}

interface OpenedZip {
  exists(name: string): boolean;
  read(name: string, encoding?: string): Promise<Uint8Array | string>;
}

const extractRawText = mammoth.extractRawText as unknown as (input: { file: OpenedZip }) => Promise<{ value: string }>;

function openedZip({ parts }: DocxPackage): OpenedZip {
  let markup = 0;
  return {
    exists: (name) => parts.has(name),
    read: async (name, encoding) => {
      const bytes = parts.get(name);
      if (!bytes) throw new Error(`No part ${name}`);
      markup += bytes.byteLength;
      if (markup > MAX_DOCX_MARKUP_BYTES) throw markupTooLarge();
      if (encoding === 'base64') return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
      return encoding ? new TextDecoder(encoding).decode(bytes) : bytes;
    },
  };
}

/** The document's text, normalised. Throws `corrupt`, `encrypted`, `decompression-limit`, `too-large` or `unsupported-type`. */
export async function extractDocxText(bytes: Uint8Array): Promise<string> {
  const docx = openSafeDocx(bytes);
  let value: string;
  try {
    ({ value } = await extractRawText({ file: openedZip(docx) }));
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw new ParseError('corrupt', 'This Word document is damaged and cannot be opened; save it again from Word and upload the new file.');
  }
  return normalizeDocument(value);
}
