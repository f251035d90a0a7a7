/**
 * A transcript parsed into speaker turns. Pure TypeScript, shared by the server and the web client.
 *
 * Every offset (`Turn.start`/`Turn.end`, `TimeMark.offset`) is a UTF-16 index into `ParsedTranscript.text`,
 * the normalised text that is stored; a quote is always `text.slice(start, end)` of one turn.
 */

import type { TranscriptFormat } from './transcript-formats';

// The formats, their extensions and the sentences naming them live in one table (transcript-formats.ts).
export type { TranscriptFormat } from './transcript-formats';
export { ACCEPTED_EXTENSIONS, ACCEPTED_EXTENSIONS_TEXT } from './transcript-formats';

export type SpeakerRole = 'interviewer' | 'participant' | 'unknown';

/** One speaker turn: `text.slice(start, end)` is exactly the words spoken (no label, no timestamp). */
export interface Turn {
  /** The speaker's canonical label (`SpeakerInfo.label`). */
  speaker: string;
  /** Offset of the first character of the turn in `text`. */
  start: number;
  /** Offset just past the last character of the turn (exclusive). */
  end: number;
  /** Source timestamp of the turn's start, in seconds, when the format has one. */
  ts?: number;
}

/**
 * A source timestamp at a point inside the text (one per caption cue, or per `[mm:ss]` stamp). A quote starting at
 * offset `o` takes the `ts` of the last mark whose `offset <= o`; more precise than the turn's `ts` inside long turns.
 */
export interface TimeMark {
  offset: number;
  ts: number;
  /**
   * When the words from this mark up to the next are done being said, in seconds: a caption cue's end time. Absent
   * when the source gives none (and in transcripts stored before it was kept).
   */
  end?: number;
}

export interface SpeakerInfo {
  /** The label shown for this speaker: as written in the source, or `UNKNOWN_SPEAKER` when there was none. */
  label: string;
  role: SpeakerRole;
  /** Other spellings of the label found in the source and merged into this speaker (without `label` itself). */
  aliases: string[];
  turnCount: number;
  wordCount: number;
}

export interface ParsedTranscript {
  format: TranscriptFormat;
  /** Normalised text: the turns' words, turns separated by a blank line. Labels are not part of it. */
  text: string;
  turns: Turn[];
  speakers: SpeakerInfo[];
  /** Sum of the turns' word counts (see `countWords`: whitespace-separated tokens, CJK characters two to a word). */
  wordCount: number;
  /** A cheap guess: 'en', 'pt', 'es', 'fr', 'de', 'ja', 'zh', 'ko' or 'und'. */
  language: string;
  /** Encoding the bytes were decoded from (WHATWG name, e.g. 'utf-8', 'shift_jis'); 'binary' for DOCX and PDF. */
  encoding: string;
  /** Sentences a researcher understands about what the parser did or could not do. */
  notes: string[];
  /**
   * Source timestamps inside the text, in offset order (one per caption cue or `[mm:ss]` stamp). The parser always
   * sets it (empty when the format has no times); optional so stored transcripts without it still type-check.
   */
  timeMarks?: TimeMark[];
  /**
   * Set when the speakers' roles are a guess that could quote the wrong person (nobody stands out as the one who asks):
   * one sentence saying why. The interview then waits for the researcher to check the roles before a credit is spent.
   */
  rolesQuestion?: string;
}

export type ParseErrorCode =
  | 'empty'
  | 'whitespace-only'
  | 'unsupported-type'
  | 'too-large'
  | 'too-many-words'
  | 'unreadable-text'
  | 'no-text-layer'
  | 'encrypted'
  | 'corrupt'
  | 'decompression-limit'
  | 'invalid-encoding';

/** A transcript that cannot be used. `message` is one sentence a researcher understands, saying what to do. */
export class ParseError extends Error {
  override readonly name = 'ParseError';

  constructor(
    readonly code: ParseErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isParseError(value: unknown): value is ParseError {
  return value instanceof ParseError;
}

/** Largest transcript accepted, in words (see `ParsedTranscript.wordCount`). */
export const MAX_TRANSCRIPT_WORDS = 200_000;

/** Label given to text whose speaker the source does not name. */
export const UNKNOWN_SPEAKER = 'Unknown speaker';
