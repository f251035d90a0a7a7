/**
 * Transcript parsing entry point: bytes of an upload → `ParsedTranscript` (speaker turns with character offsets into
 * the normalised text). Pure: no Firebase imports. Every bad input is refused with a `ParseError` whose message a
 * researcher can act on; library failures are wrapped, never passed through.
 */
import { ParseError, type ParsedTranscript, type TranscriptFormat } from '@verbatim/contract/transcript';
import { MAX_UPLOAD_BYTES, UPLOAD_SIZE_MESSAGES } from '@verbatim/contract/upload-size';
import { formatRow, isCaptionFormat, type ParserKind } from '@verbatim/contract/transcript-formats';
import { buildTranscript } from './build-transcript';
import { readCaptions } from './caption-parser';
import { detectFormatDetailed } from './detect-format';
import { extractDocxText } from './docx-parser';
import { segmentLines, type LineSegments } from './line-segments';
import { readMarkdown } from './markdown-parser';
import { isBlank } from './normalize-text';
import { emptyTranscript, whitespaceOnly } from './parse-errors';
import { extractPdfLines } from './pdf-parser';
import { readPlainText } from './plain-text-parser';
import { decodeEntitiesNoted, readTextSource } from './text-source';
import { assembleTurns, type AssembledText, type MergeOptions } from './turn-assembly';

export { detectFormat } from './detect-format';
export {
  ACCEPTED_EXTENSIONS,
  ACCEPTED_EXTENSIONS_TEXT,
  MAX_TRANSCRIPT_WORDS,
  ParseError,
  UNKNOWN_SPEAKER,
} from '@verbatim/contract/transcript';
export { MAX_UPLOAD_BYTES } from '@verbatim/contract/upload-size';
export type {
  ParsedTranscript,
  ParseErrorCode,
  SpeakerInfo,
  SpeakerRole,
  TimeMark,
  TranscriptFormat,
  Turn,
} from '@verbatim/contract/transcript';

export interface TranscriptUpload {
  bytes: Uint8Array;
  fileName: string;
  contentType?: string;
}

interface Parsed {
  assembled: AssembledText;
  aliases: ReadonlyMap<string, readonly string[]>;
  notes: string[];
  encoding: string;
}

/** `merge`: PDF layouts repeat no labels, so their turns stay as labelled; meeting tools' text exports merge. */
function fromLines(result: LineSegments, encoding: string, notes: string[], merge: MergeOptions['merge'] = 'labelled'): Parsed {
  return {
    assembled: assembleTurns(result.segments, { merge }),
    aliases: result.labels.aliases,
    notes: [...notes, ...result.labels.notes, ...result.notes],
    encoding,
  };
}

/** Decoded text with its encoding's notes, for the parsers that read text. */
function textOf(bytes: Uint8Array): { text: string; encoding: string; notes: string[] } {
  const source = readTextSource(bytes);
  return { text: source.text, encoding: source.encoding, notes: [...source.notes] };
}

/** The parser of each kind in the format table (@verbatim/contract/transcript-formats). */
const PARSERS: Readonly<Record<ParserKind, (bytes: Uint8Array, format: TranscriptFormat) => Promise<Parsed>>> = {
  pdf: async (bytes) => {
    const pdf = await extractPdfLines(bytes);
    const notes = [...pdf.notes];
    const lines = decodeEntitiesNoted(pdf.lines.join('\n'), notes).split('\n');
    return fromLines(segmentLines(lines, { lineJoin: 'space' }), 'binary', notes, 'none');
  },
  docx: async (bytes) => {
    const notes: string[] = [];
    const raw = await extractDocxText(bytes);
    if (isBlank(raw)) throw raw.length === 0 ? emptyTranscript() : whitespaceOnly();
    return fromLines(readPlainText(decodeEntitiesNoted(raw, notes)), 'binary', notes);
  },
  'plain-text': async (bytes) => {
    const { text, encoding, notes } = textOf(bytes);
    return fromLines(readPlainText(decodeEntitiesNoted(text, notes)), encoding, notes);
  },
  markdown: async (bytes) => {
    const { text, encoding, notes } = textOf(bytes);
    return fromLines(readMarkdown(decodeEntitiesNoted(text, notes)), encoding, notes);
  },
  captions: async (bytes, format) => {
    if (!isCaptionFormat(format)) throw new Error(`${format} is not read as captions`);
    const source = textOf(bytes);
    const notes = source.notes;
    // WebVTT/SRT character references are decoded by the cue parser; SubViewer has none of its own.
    const text = format === 'sub' ? decodeEntitiesNoted(source.text, notes) : source.text;
    const captions = readCaptions(format, text);
    return {
      assembled: assembleTurns(captions.segments, { merge: 'captions' }),
      aliases: captions.labels.aliases,
      notes: [...notes, ...captions.notes, ...captions.labels.notes],
      encoding: source.encoding,
    };
  },
};

function parseByFormat(format: TranscriptFormat, bytes: Uint8Array): Promise<Parsed> {
  return PARSERS[formatRow(format).parser](bytes, format);
}

/**
 * Parses an uploaded transcript. Throws `ParseError` (and nothing else) for any input it cannot use: too large,
 * empty, whitespace only, unsupported type, undecodable text, encrypted, corrupt, zip bomb, PDF without text,
 * too many words.
 */
export async function parseTranscript(input: TranscriptUpload): Promise<ParsedTranscript> {
  const { bytes, fileName, contentType } = input;
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new ParseError('too-large', UPLOAD_SIZE_MESSAGES.tooLarge(bytes.byteLength));
  }
  if (bytes.byteLength === 0) throw emptyTranscript();
  try {
    const detection = detectFormatDetailed(fileName, contentType, bytes);
    const parsed = await parseByFormat(detection.format, bytes);
    return buildTranscript({
      format: detection.format,
      encoding: parsed.encoding,
      assembled: parsed.assembled,
      aliases: parsed.aliases,
      notes: detection.note ? [detection.note, ...parsed.notes] : parsed.notes,
    });
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw new ParseError('corrupt', 'This file could not be read; check that it opens on your computer, save it again and upload the new file.');
  }
}
