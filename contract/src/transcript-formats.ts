/**
 * The transcript formats Verbatim reads: one row per format, the one place that says which files are accepted.
 * The upload checks (web and server), the Drive import (web and server), format detection and the landing page read
 * this table; storage.rules cannot import it, and a test holds its extensions and content types equal to it.
 * Pure TypeScript, shared by the server and the web client.
 */

/** How a format's bytes are read; the server maps each kind to its parser (functions/src/analysis/parsers). */
export type ParserKind = 'plain-text' | 'markdown' | 'docx' | 'pdf' | 'captions';

/** One format: how files of it are named and labelled, and which parser reads them. */
interface FormatRow<F extends string = string> {
  format: F;
  /** Endings accepted for upload, lower case with their dot; the first is the format's own. */
  extensions: readonly string[];
  /** Endings that also name the format when a file is read, though an upload must carry one of `extensions`. */
  alsoNamedBy: readonly string[];
  /** Content types an upload of the format declares (the first is the one the web app declares); storage.rules accept these. */
  contentTypes: readonly string[];
  /** Other content types that name the format, as Google Drive labels some files; read, never declared. */
  otherContentTypes: readonly string[];
  /** What the file holds, as a sentence names it: it was read as {label}. */
  label: string;
  parser: ParserKind;
}

const FORMAT_TABLE = [
  {
    format: 'txt',
    extensions: ['.txt'],
    alsoNamedBy: ['.text'],
    contentTypes: ['text/plain'],
    otherContentTypes: [],
    label: 'plain text',
    parser: 'plain-text',
  },
  {
    format: 'md',
    extensions: ['.md'],
    alsoNamedBy: ['.markdown'],
    contentTypes: ['text/markdown'],
    otherContentTypes: ['text/x-markdown'],
    label: 'Markdown',
    parser: 'markdown',
  },
  {
    format: 'docx',
    extensions: ['.docx'],
    alsoNamedBy: [],
    contentTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    otherContentTypes: [],
    label: 'a Word document',
    parser: 'docx',
  },
  {
    format: 'pdf',
    extensions: ['.pdf'],
    alsoNamedBy: [],
    contentTypes: ['application/pdf'],
    otherContentTypes: [],
    label: 'a PDF',
    parser: 'pdf',
  },
  {
    format: 'vtt',
    extensions: ['.vtt'],
    alsoNamedBy: ['.webvtt'],
    contentTypes: ['text/vtt'],
    otherContentTypes: [],
    label: 'WebVTT captions',
    parser: 'captions',
  },
  {
    format: 'srt',
    extensions: ['.srt'],
    alsoNamedBy: [],
    contentTypes: ['application/x-subrip', 'text/srt'],
    otherContentTypes: [],
    label: 'SubRip captions',
    parser: 'captions',
  },
  {
    format: 'sub',
    extensions: ['.sub'],
    alsoNamedBy: [],
    contentTypes: ['application/x-subviewer'],
    otherContentTypes: ['text/x-subviewer'],
    label: 'SubViewer captions',
    parser: 'captions',
  },
] as const satisfies readonly FormatRow[];

export type TranscriptFormat = (typeof FORMAT_TABLE)[number]['format'];

/** The formats read as caption cues. */
export type CaptionFormat = Extract<(typeof FORMAT_TABLE)[number], { parser: 'captions' }>['format'];

export type TranscriptFormatRow = FormatRow<TranscriptFormat>;

/** Every format, in the order shown to researchers. */
export const TRANSCRIPT_FORMATS: readonly TranscriptFormatRow[] = FORMAT_TABLE;

/** The table's row of a format. */
export function formatRow(format: TranscriptFormat): TranscriptFormatRow {
  const row = TRANSCRIPT_FORMATS.find((candidate) => candidate.format === format);
  if (!row) throw new Error(`No row for the format ${format}`);
  return row;
}

/** Whether the format is read as caption cues. */
export function isCaptionFormat(format: TranscriptFormat): format is CaptionFormat {
  return formatRow(format).parser === 'captions';
}

/** File extensions accepted for upload, in the order shown to researchers. */
export const ACCEPTED_EXTENSIONS: readonly string[] = TRANSCRIPT_FORMATS.flatMap((row) => row.extensions);

/** The accepted extensions as one phrase for messages: ".txt, .md, .docx, .pdf, .vtt, .srt, .sub". */
export const ACCEPTED_EXTENSIONS_TEXT = ACCEPTED_EXTENSIONS.join(', ');

/** Content types an upload may declare (storage.rules accept these, and `application/octet-stream`). */
export const UPLOAD_CONTENT_TYPES: readonly string[] = TRANSCRIPT_FORMATS.flatMap((row) => row.contentTypes);

/** Every content type that names a format, each with that format's extension, in the table's order. */
export const EXTENSION_BY_CONTENT_TYPE: Readonly<Record<string, string>> = Object.fromEntries(
  TRANSCRIPT_FORMATS.flatMap((row) => [...row.contentTypes, ...row.otherContentTypes].map((type) => [type, row.extensions[0]])),
);

/** ".txt" for "Interview 3.TXT" (lower case, with its dot); null without one. */
export function extensionOf(fileName: string): string | null {
  return fileName.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? null;
}

/** Whether `extension` (as `extensionOf` gives it) is one an upload may carry. */
export function isAcceptedExtension(extension: string | null): extension is string {
  return extension !== null && ACCEPTED_EXTENSIONS.includes(extension);
}

function findFormat(has: (row: TranscriptFormatRow) => boolean): TranscriptFormat | undefined {
  return TRANSCRIPT_FORMATS.find(has)?.format;
}

/** The format an extension (".txt", or one of the other names a file is read by) names, if any. */
export function formatOfExtension(extension: string): TranscriptFormat | undefined {
  return findFormat((row) => row.extensions.includes(extension) || row.alsoNamedBy.includes(extension));
}

/** The format a content type names (parameters and case ignored), if any. */
export function formatOfContentType(contentType: string): TranscriptFormat | undefined {
  const type = contentType.split(';')[0].trim().toLowerCase();
  return findFormat((row) => row.contentTypes.includes(type) || row.otherContentTypes.includes(type));
}

/** The content type a Storage upload of `fileName` declares (storage.rules accept exactly these). */
export function uploadContentTypeOf(fileName: string): string {
  const ext = extensionOf(fileName);
  return TRANSCRIPT_FORMATS.find((row) => row.extensions.includes(ext ?? ''))?.contentTypes[0] ?? 'application/octet-stream';
}

/** Why a file cannot be uploaded under its name (said by the web app before sending and by the server), or null. */
export function unsupportedFormatMessage(fileName: string): string | null {
  const ext = extensionOf(fileName);
  if (isAcceptedExtension(ext)) return null;
  return `${ext ? `Files ending in ${ext} are` : 'Files without an extension are'} not supported. Upload one of: ${ACCEPTED_EXTENSIONS_TEXT}.`;
}

/** `items` as a phrase: "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The accepted extensions as a sentence reads them: ".txt, .md, .docx, .pdf, .vtt, .srt and .sub". */
export const ACCEPTED_EXTENSIONS_LIST = listed(ACCEPTED_EXTENSIONS);
