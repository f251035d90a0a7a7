/**
 * Which parser reads an upload. Content wins over the name: a PDF called `.txt` is read as a PDF, a `.vtt` holding
 * SubRip is read as SubRip, and binary files are refused with a message naming the accepted types.
 */
import { ParseError } from '@verbatim/contract/transcript';
import {
  ACCEPTED_EXTENSIONS_TEXT,
  extensionOf,
  formatOfContentType,
  formatOfExtension,
  formatRow,
  type TranscriptFormat,
} from '@verbatim/contract/transcript-formats';
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

/** What the file holds, as the note names it: it was read as {label}. */
function labelOf(format: TranscriptFormat): string {
  return formatRow(format).label;
}

/** Formats whose bytes are read as text (a named one of the others holding plain text is read as text, with a note). */
function readAsText(format: TranscriptFormat): boolean {
  const { parser } = formatRow(format);
  return parser === 'plain-text' || parser === 'markdown';
}

/** The name's extension without its dot ('' without one); a name that is all extension (.txt, a hidden file) has none. */
function extensionOfName(fileName: string): string {
  const extension = extensionOf(fileName);
  if (extension === null || fileName.split(/[\\/]/).pop()?.toLowerCase() === extension) return '';
  return extension.slice(1);
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
  const named = formatOfExtension(`.${extension}`);
  if (!named || named === format) return undefined;
  return `The file’s name ends in .${extension} but it contains ${labelOf(format)}; it was read as ${labelOf(format)}.`;
}

/** Detects the format, or throws `unsupported-type` / `encrypted` / `corrupt` for files no parser can read. */
export function detectFormatDetailed(fileName: string, contentType: string | undefined, bytes: Uint8Array): FormatDetection {
  const extension = extensionOfName(fileName);
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
  const named = extension ? formatOfExtension(`.${extension}`) : undefined;
  if (captions) {
    // A .vtt whose header is missing still reads as WebVTT; other caption content follows its own format.
    if (captions === 'srt' && named === 'vtt') return { format: 'vtt' };
    return withNote(captions);
  }
  if (named && readAsText(named)) return { format: named };
  if (named) return { format: 'txt', note: `The file’s name ends in .${extension} but it contains plain text; it was read as text.` };
  const fromType = contentType ? formatOfContentType(contentType) : undefined;
  if (extension === '' && fromType && readAsText(fromType)) return { format: fromType };
  if (extension === '' && (fromType === undefined || contentType?.startsWith('text/'))) return { format: 'txt' };
  throw unsupportedType(extension ? `Files ending in .${extension} are not accepted` : `Files of type ${contentType} are not accepted`);
}

/** The format a parser will read the upload as. Throws `ParseError` for files that no parser can read. */
export function detectFormat(fileName: string, contentType: string | undefined, bytes: Uint8Array): TranscriptFormat {
  return detectFormatDetailed(fileName, contentType, bytes).format;
}
