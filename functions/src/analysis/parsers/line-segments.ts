/**
 * Lines of a text transcript (TXT, Markdown, DOCX, PDF) → speaker segments.
 *
 * A line that starts with an accepted label opens a segment for that speaker (the label alone on its line is fine:
 * the words follow on the next lines). Other lines continue the current segment: a blank line starts a new
 * paragraph, otherwise the line is joined as `lineJoin` says (`line` keeps the line break, `space` re-joins a line
 * wrapped by a PDF layout). Without any label, every paragraph is its own segment of the unknown speaker.
 */
import { readLineStart, type LabelCandidate } from './label-match';
import { resolveLabels, type ResolvedLabels } from './label-resolver';
import { takeLeadingStamp, takeLoneStamp } from './timestamps';
import { blankToolLines } from './tool-boilerplate';
import type { Piece, PieceJoin, Segment } from './turn-assembly';
import { countWordParts, type WordParts } from './word-count';
import { WordTally } from './word-limit';

export interface LineSegmentOptions {
  lineJoin: Exclude<PieceJoin, 'paragraph'>;
  /** Applied to every piece of speech after labels and leading stamps are taken off (Markdown inline syntax). */
  cleanPiece?: (text: string) => string;
  /** The words of a piece once cleaned by `cleanPiece`, counted without cleaning it when that gives the same count. */
  countCleanPiece?: (text: string) => WordParts;
}

export interface LineSegments {
  segments: Segment[];
  labels: ResolvedLabels;
  notes: string[];
}

/** Where the walk over the lines puts what it finds: a new segment, or a piece of speech for the current one. */
interface SegmentSink {
  open(speaker: string | null, ts: number | undefined): void;
  piece(text: string, join: PieceJoin, ts: number | undefined): void;
}

/** Walks the lines as segments and pieces of speech, telling `sink`; keeps only the state it needs itself. */
function walkLines(
  lines: readonly string[],
  labelAt: readonly (LabelCandidate | null)[],
  labels: ResolvedLabels,
  options: LineSegmentOptions,
  sink: SegmentSink,
): void {
  const clean = options.cleanPiece ?? ((text: string) => text);
  let open = false;
  let pieces = 0; // in the current segment
  let paragraphBreak = false;
  let pendingTs: number | undefined;

  const openSegment = (speaker: string | null, ts: number | undefined) => {
    sink.open(speaker, ts);
    open = true;
    pieces = 0;
  };
  const addPiece = (raw: string, join: PieceJoin, ts: number | undefined) => {
    if (!open) return;
    const text = clean(raw).trim();
    if (text.length === 0) {
      if (ts !== undefined) pendingTs = ts;
      return;
    }
    sink.piece(text, join, ts ?? pendingTs);
    pendingTs = undefined;
    pieces++;
  };

  lines.forEach((line, index) => {
    if (line === '') {
      if (open && pieces > 0) paragraphBreak = true;
      return;
    }
    const label = labelAt[index];
    const canonical = label ? labels.canonical(label.name) : null;
    if (label && canonical) {
      openSegment(canonical, label.ts ?? pendingTs);
      paragraphBreak = false;
      pendingTs = undefined;
      if (label.rest) addPiece(label.rest, 'line', undefined);
      return;
    }
    // A time alone on its line (`00:05:00`, `[12:34]`) marks where the next words were said.
    const lone = takeLoneStamp(line);
    if (lone !== null) {
      pendingTs = lone;
      return;
    }
    if (!open || (!labels.found && paragraphBreak)) openSegment(null, undefined);
    const join: PieceJoin = pieces === 0 ? 'line' : paragraphBreak ? 'paragraph' : options.lineJoin;
    paragraphBreak = false;
    const stamp = takeLeadingStamp(line);
    addPiece(stamp.rest, join, stamp.ts);
  });
}

/** Lines read between two checks of the running word count. */
const CHECK_EVERY_LINES = 4096;

/**
 * Each line's label candidate, read while refusing, before the labels are resolved, a file whose words certainly
 * pass the limit: the count is checked as it goes, so a file far over the limit stops after reading about as many
 * lines as the limit allows (its message estimates the whole file's words from the lines read). Each line gives at most one piece of speech, which is one of: the words after its label
 * (when the label is accepted), the line, or the line without a leading stamp (at a paragraph's start); the fewest
 * words (and the fewest Han and kana) of these bound what it says from below.
 */
function readLabelsWithinLimit(lines: readonly string[], count: (text: string) => WordParts): (LabelCandidate | null)[] {
  const atLeast = new WordTally();
  const labelAt: (LabelCandidate | null)[] = new Array(lines.length);
  let words = 0;
  let cjk = 0;
  const consider = (text: string) => {
    const parts = count(text);
    words = Math.min(words, parts.words);
    cjk = Math.min(cjk, parts.cjk);
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line === '') {
      labelAt[index] = null;
      continue;
    }
    // Only the label candidates are kept, not a record per line: a 20 MB file has millions of lines.
    const label = readLineStart(line).label;
    labelAt[index] = label;
    words = Number.POSITIVE_INFINITY;
    cjk = Number.POSITIVE_INFINITY;
    if (label) consider(label.rest);
    if (words + cjk > 0) consider(line);
    const stamp = takeLeadingStamp(line);
    if (words + cjk > 0 && stamp.rest !== line) consider(stamp.rest);
    atLeast.addParts({ words, cjk });
    if (index % CHECK_EVERY_LINES === 0) atLeast.assertWithinLimit((index + 1) / lines.length);
  }
  atLeast.assertWithinLimit();
  return labelAt;
}

/**
 * `lines` must already be cleaned with `cleanLine` (blank lines are ''). The words are counted in a first walk that
 * keeps nothing, so a file over the word limit is refused before millions of segments are built.
 */
export function segmentLines(written: readonly string[], options: LineSegmentOptions): LineSegments {
  const { lines, notes: toolNotes } = blankToolLines(written);
  const clean = options.cleanPiece;
  const labelAt = readLabelsWithinLimit(lines, options.countCleanPiece ?? (clean ? (text) => countWordParts(clean(text)) : countWordParts));
  const candidates: LabelCandidate[] = [];
  for (const label of labelAt) if (label) candidates.push(label);
  const labels = resolveLabels(candidates, 'text');

  const words = new WordTally();
  walkLines(lines, labelAt, labels, options, { open: () => undefined, piece: (text) => words.add(text) });
  words.assertWithinLimit();

  const segments: Segment[] = [];
  let current: Segment | null = null;
  walkLines(lines, labelAt, labels, options, {
    open(speaker, ts) {
      current = { speaker, pieces: [] };
      if (ts !== undefined) current.ts = ts;
      segments.push(current);
    },
    piece(text, join, ts) {
      const piece: Piece = { text, join };
      if (ts !== undefined) piece.ts = ts;
      current?.pieces.push(piece);
    },
  });

  const notes: string[] = [...toolNotes];
  const silent = new Set<string>();
  for (const segment of segments) if (segment.speaker && segment.pieces.length === 0) silent.add(segment.speaker);
  const speaking = new Set(segments.filter((s) => s.pieces.length > 0).map((s) => s.speaker));
  for (const label of silent) {
    if (speaking.has(label)) continue;
    notes.push(`The speaker label ${label} had no words after it and was left out.`);
  }
  return { segments, labels, notes };
}
