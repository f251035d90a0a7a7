/** A text upload (TXT, Markdown, captions) decoded, newline-normalised and checked for content. */
import { decodeText } from './decode-text';
import { decodeHtmlEntities } from './html-entities';
import { isBlank, normalizeDocument } from './normalize-text';
import { emptyTranscript, whitespaceOnly } from './parse-errors';

export interface TextSource {
  text: string;
  encoding: string;
  notes: string[];
}

const ENCODING_NAMES: Readonly<Record<string, string>> = {
  shift_jis: 'Shift_JIS (Japanese)',
  'euc-jp': 'EUC-JP (Japanese)',
  'iso-2022-jp': 'ISO-2022-JP (Japanese)',
  gbk: 'GBK (Chinese)',
  gb18030: 'GB18030 (Chinese)',
  big5: 'Big5 (Chinese)',
  'euc-kr': 'EUC-KR (Korean)',
  'windows-1252': 'Windows-1252 (Western European)',
  'windows-1250': 'Windows-1250 (Central European)',
  'windows-1251': 'Windows-1251 (Cyrillic)',
  'koi8-r': 'KOI8-R (Cyrillic)',
  'utf-16le': 'UTF-16',
  'utf-16be': 'UTF-16',
};

export function readTextSource(bytes: Uint8Array): TextSource {
  const decoded = decodeText(bytes);
  const text = normalizeDocument(decoded.text);
  if (text.length === 0) throw emptyTranscript();
  if (isBlank(text)) throw whitespaceOnly();
  const notes: string[] = [];
  if (decoded.detected) {
    const name = ENCODING_NAMES[decoded.encoding] ?? decoded.encoding;
    notes.push(`The file was not saved as UTF-8; it was read as ${name}.`);
  }
  return { text, encoding: decoded.encoding, notes };
}

/** Decodes HTML character references and says so in a note when there were any. */
export function decodeEntitiesNoted(text: string, notes: string[]): string {
  const decoded = decodeHtmlEntities(text);
  if (decoded.count > 0) {
    const what = decoded.count === 1 ? 'One HTML character code' : `${decoded.count.toLocaleString('en')} HTML character codes`;
    notes.push(`${what} (such as &#39; or &quot;) ${decoded.count === 1 ? 'was' : 'were'} turned into the characters they stand for.`);
  }
  return decoded.text;
}
