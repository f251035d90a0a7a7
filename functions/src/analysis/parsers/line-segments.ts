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
import { hasBareLeadingStamp, takeBareLeadingStamp, takeLeadingStamp, takeLoneStamp } from './timestamps';
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
  options: LineSegmentOptions & { bareStamps: boolean },
  sink: SegmentSink,
): void {
  const leadingStamp = options.bareStamps ? takeBareLeadingStamp : takeLeadingStamp;
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
    const stamp = leadingStamp(line);
    addPiece(stamp.rest, join, stamp.ts);
  });
}

/**
 * Whether the file writes a bare time before the words of its lines (`0:04 words`, Otter's export with times on):
 * most lines that are not a label start so (at least three). Then such a time is a time, not words; in any other file
 * a line starting with a clock ("10:30 is when we met") keeps it as words.
 */
function writesTimeBeforeEveryLine(lines: readonly string[], labelAt: readonly (LabelCandidate | null)[]): boolean {
  let spoken = 0;
  let stamped = 0;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === '' || labelAt[i]) continue;
    spoken++;
    if (hasBareLeadingStamp(lines[i])) stamped++;
  }
  return stamped >= 3 && stamped >= spoken * 0.6;
}

/** A line that lists who took part (`Participants: …`, `Participantes: …`, `Attendees: …`). */
const ATTENDEE_LIST = /^(?:participants?|participantes|attendees|asistentes|teilnehmer(?:innen)?|partecipanti|présents|deelnemers)\s*[:：]/iu;
/** A heading is a few short lines: a meeting's title, its date, who took part. */
const HEADING_LINES = 3;
const HEADING_WORDS = 16;

/**
 * In a file where speakers are labelled, unlabelled lines before the first label that read as a heading (a title, a
 * date, an attendee list: a few short lines, none ending a spoken sentence) are the tool's or writer's, not speech:
 * they are left out and returned (joined with "; ") for the parse note. Anything longer, or said as sentences, stays.
 */
function leaveOutHeading(segments: Segment[], labelled: boolean): string | null {
  const first = segments[0];
  if (!labelled || !first || first.speaker !== null || segments.length < 2 || first.pieces.length > HEADING_LINES) return null;
  const lines = first.pieces.map((piece) => piece.text.trim());
  const heading = lines.every((line) => ATTENDEE_LIST.test(line) || (line.split(/\s+/).length <= HEADING_WORDS && !/[.?!…]["”’)]?$/u.test(line)));
  if (!heading) return null;
  segments.shift();
  return lines.join('; ');
}

/** Seconds from which a clock's times (a time of day: Zoom's saved captions) are counted: the first time at or past 1 h. */
const CLOCK_FROM_SECONDS = 3600;

/**
 * Times that are a clock's rather than a recording's (the first said at 19:29:05) are counted from the first one, so the
 * conversation starts at 0:00 as its recording does; returns the first time as written, or null when nothing moved.
 */
function countFromFirstTime(segments: Segment[]): string | null {
  let first: number | undefined;
  for (const segment of segments) {
    first = segment.ts ?? segment.pieces.find((piece) => piece.ts !== undefined)?.ts;
    if (first !== undefined) break;
  }
  if (first === undefined || first < CLOCK_FROM_SECONDS) return null;
  const from = first;
  const shift = (ts: number | undefined) => (ts === undefined ? undefined : Math.max(0, Math.round((ts - from) * 1000) / 1000));
  for (const segment of segments) {
    if (segment.ts !== undefined) segment.ts = shift(segment.ts);
    for (const piece of segment.pieces) {
      if (piece.ts !== undefined) piece.ts = shift(piece.ts);
      if (piece.end !== undefined) piece.end = shift(piece.end);
    }
  }
  const hh = Math.floor(from / 3600);
  const mm = Math.floor((from % 3600) / 60);
  const ss = Math.floor(from % 60);
  return `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
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

  const walk = { ...options, bareStamps: writesTimeBeforeEveryLine(lines, labelAt) };
  const words = new WordTally();
  walkLines(lines, labelAt, labels, walk, { open: () => undefined, piece: (text) => words.add(text) });
  words.assertWithinLimit();

  const segments: Segment[] = [];
  let current: Segment | null = null;
  walkLines(lines, labelAt, labels, walk, {
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
  if (walk.bareStamps) notes.push('The time written before each line was taken as the time its words were said, not as words.');
  const heading = leaveOutHeading(segments, labels.found);
  if (heading) notes.push(`The heading before the conversation was left out, as nobody said it: ${heading}`);
  const clock = countFromFirstTime(segments);
  if (clock) notes.push(`The times are a clock’s (the first is ${clock}); they are counted from the first, as a recording of the conversation would be.`);
  const silent = new Set<string>();
  for (const segment of segments) if (segment.speaker && segment.pieces.length === 0) silent.add(segment.speaker);
  const speaking = new Set(segments.filter((s) => s.pieces.length > 0).map((s) => s.speaker));
  for (const label of silent) {
    if (speaking.has(label)) continue;
    notes.push(`The speaker label ${label} had no words after it and was left out.`);
  }
  return { segments, labels, notes };
}
