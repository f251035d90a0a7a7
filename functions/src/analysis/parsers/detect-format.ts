/**
 * Which parser reads an upload. Content wins over the name: a PDF called `.txt` is read as a PDF, a `.vtt` holding
 * SubRip is read as SubRip, and binary files are refused with a message naming the accepted types.
 */
import { ACCEPTED_EXTENSIONS_TEXT, ParseError, type TranscriptFormat } from '@verbatim/contract/transcript';
import {
  describeKnownBinary,
  guessBomlessUtf16,
  isEncryptedOfficeFile,
  looksBinary,
  sniffContainer,
} from './byte-sniff';
import { unsupportedType } from './parse-errors';
import { isMicroDvdLine, isSubViewerTiming } from './subviewer-cues';
import { isTimingLine } from './webvtt-cues';

export interface FormatDetection {
  format: TranscriptFormat;
  /** Set when the name said one thing and the content another. */
  note?: string;
}

const EXTENSION_FORMATS: Readonly<Record<string, TranscriptFormat>> = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  docx: 'docx',
  pdf: 'pdf',
  vtt: 'vtt',
  webvtt: 'vtt',
  srt: 'srt',
  sub: 'sub',
};

const CONTENT_TYPE_FORMATS: Readonly<Record<string, TranscriptFormat>> = {
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/vtt': 'vtt',
  'application/x-subrip': 'srt',
  'text/srt': 'srt',
};

const FORMAT_NAMES: Readonly<Record<TranscriptFormat, string>> = {
  txt: 'plain text',
  md: 'Markdown',
  docx: 'a Word document',
  pdf: 'a PDF',
  vtt: 'WebVTT captions',
  srt: 'SubRip captions',
  sub: 'SubViewer captions',
};

function lookup(table: Readonly<Record<string, TranscriptFormat>>, key: string): TranscriptFormat | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The first few KB as text, for spotting caption timing lines (ASCII-compatible; UTF-16 by BOM or zero pattern). */
function peekText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, 8192);
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    return new TextDecoder(head[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(head);
  }
  const bomless = guessBomlessUtf16(head);
  if (bomless) return new TextDecoder(bomless).decode(head);
  return new TextDecoder('latin1').decode(head);
}

function sniffCaptions(peek: string): TranscriptFormat | null {
  const lines = peek.replace(/^\uFEFF/, '').replace(/^ï»¿/, '').split(/\r\n|\r|\n/);
  const first = lines.find((line) => line.trim() !== '') ?? '';
  if (/^WEBVTT(\s|$)/.test(first)) return 'vtt';
  if (isMicroDvdLine(first)) return 'sub';
  for (const line of lines.slice(0, 200)) {
    if (isTimingLine(line)) return 'srt';
    if (isSubViewerTiming(line)) return 'sub';
  }
  return null;
}

function mismatchNote(extension: string, format: TranscriptFormat): string | undefined {
  const named = lookup(EXTENSION_FORMATS, extension);
  if (!named || named === format) return undefined;
  return `The file is named “.${extension}” but contains ${FORMAT_NAMES[format]}; it was read as ${FORMAT_NAMES[format]}.`;
}

/** Detects the format, or throws `unsupported-type` / `encrypted` / `corrupt` for files no parser can read. */
export function detectFormatDetailed(fileName: string, contentType: string | undefined, bytes: Uint8Array): FormatDetection {
  const extension = extensionOf(fileName);
  const container = sniffContainer(bytes);
  const withNote = (format: TranscriptFormat): FormatDetection => {
    const note = mismatchNote(extension, format);
    return note ? { format, note } : { format };
  };

  if (container === 'pdf') return withNote('pdf');
  if (container === 'zip') return withNote('docx');
  if (container === 'cfb') {
    if (isEncryptedOfficeFile(bytes)) {
      throw new ParseError(
        'encrypted',
        'This document is password-protected; remove the password in Word (File › Info › Protect Document) and upload it again.',
      );
    }
    throw unsupportedType(
      'This is an old Word (.doc) or other Office 97–2003 file',
      `save it as .docx in Word, or upload a transcript as ${ACCEPTED_EXTENSIONS_TEXT}`,
    );
  }
  const known = describeKnownBinary(bytes);
  if (known) throw unsupportedType(`This file is ${known}, not a transcript`);

  const hasUtf16Bom = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!hasUtf16Bom && !guessBomlessUtf16(bytes) && looksBinary(bytes)) {
    if (extension === 'pdf' || extension === 'docx') {
      throw new ParseError(
        'corrupt',
        `This file is named .${extension} but is not a readable ${extension === 'pdf' ? 'PDF' : 'Word document'}; export it again and upload the new file.`,
      );
    }
    throw unsupportedType('This file is not a text document or transcript');
  }

  const captions = sniffCaptions(peekText(bytes));
  const named = lookup(EXTENSION_FORMATS, extension);
  if (captions) {
    // A .vtt whose header is missing still reads as WebVTT; other caption content follows its own format.
    if (captions === 'srt' && named === 'vtt') return { format: 'vtt' };
    return withNote(captions);
  }
  if (named === 'txt' || named === 'md') return { format: named };
  if (named === 'pdf' || named === 'docx' || named === 'vtt' || named === 'srt' || named === 'sub') {
    return { format: 'txt', note: `The file is named “.${extension}” but contains plain text; it was read as text.` };
  }
  const fromType = contentType ? lookup(CONTENT_TYPE_FORMATS, contentType.split(';')[0].trim().toLowerCase()) : undefined;
  if (extension === '' && (fromType === 'txt' || fromType === 'md')) return { format: fromType };
  if (extension === '' && (fromType === undefined || contentType?.startsWith('text/'))) return { format: 'txt' };
  throw unsupportedType(`Files of type “${extension ? `.${extension}` : contentType}” are not accepted`);
}

/** The format a parser will read the upload as. Throws `ParseError` for files that no parser can read. */
export function detectFormat(fileName: string, contentType: string | undefined, bytes: Uint8Array): TranscriptFormat {
  return detectFormatDetailed(fileName, contentType, bytes).format;
}
