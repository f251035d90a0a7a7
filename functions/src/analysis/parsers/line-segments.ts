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
import { takeLeadingStamp } from './timestamps';
import type { Piece, PieceJoin, Segment } from './turn-assembly';

export interface LineSegmentOptions {
  lineJoin: Exclude<PieceJoin, 'paragraph'>;
  /** Applied to every piece of speech after labels and leading stamps are taken off (Markdown inline syntax). */
  cleanPiece?: (text: string) => string;
}

export interface LineSegments {
  segments: Segment[];
  labels: ResolvedLabels;
  notes: string[];
}

function quote(label: string): string {
  return `“${label}”`;
}

/** `lines` must already be cleaned with `cleanLine` (blank lines are ''). */
export function segmentLines(lines: readonly string[], options: LineSegmentOptions): LineSegments {
  const clean = options.cleanPiece ?? ((text: string) => text);
  // Only the label candidates are kept, not a record per line: a 20 MB file has millions of lines.
  const labelAt: (LabelCandidate | null)[] = lines.map((line) => (line === '' ? null : readLineStart(line).label));
  const candidates: LabelCandidate[] = [];
  for (const label of labelAt) if (label) candidates.push(label);
  const labels = resolveLabels(candidates, 'text');

  const segments: Segment[] = [];
  let current: Segment | null = null;
  let paragraphBreak = false;
  let pendingTs: number | undefined;

  const addPiece = (raw: string, join: PieceJoin, ts: number | undefined) => {
    if (!current) return;
    const text = clean(raw).trim();
    if (text.length === 0) {
      if (ts !== undefined) pendingTs = ts;
      return;
    }
    const piece: Piece = { text, join };
    const time = ts ?? pendingTs;
    if (time !== undefined) piece.ts = time;
    pendingTs = undefined;
    current.pieces.push(piece);
  };

  lines.forEach((line, index) => {
    if (line === '') {
      if (current && current.pieces.length > 0) paragraphBreak = true;
      return;
    }
    const label = labelAt[index];
    const canonical = label ? labels.canonical(label.name) : null;
    if (label && canonical) {
      current = { speaker: canonical, pieces: [] };
      if (label.ts !== undefined) current.ts = label.ts;
      segments.push(current);
      paragraphBreak = false;
      pendingTs = undefined;
      if (label.rest) addPiece(label.rest, 'line', undefined);
      return;
    }
    const atParagraphStart = !current || paragraphBreak || current.pieces.length === 0;
    if (!current || (!labels.found && paragraphBreak)) {
      current = { speaker: null, pieces: [] };
      segments.push(current);
    }
    const join: PieceJoin = current.pieces.length === 0 ? 'line' : paragraphBreak ? 'paragraph' : options.lineJoin;
    paragraphBreak = false;
    if (atParagraphStart) {
      const stamp = takeLeadingStamp(line);
      addPiece(stamp.rest, join, stamp.ts);
    } else {
      addPiece(line, join, undefined);
    }
  });

  const notes: string[] = [];
  const silent = new Set<string>();
  for (const segment of segments) if (segment.speaker && segment.pieces.length === 0) silent.add(segment.speaker);
  const speaking = new Set(segments.filter((s) => s.pieces.length > 0).map((s) => s.speaker));
  for (const label of silent) {
    if (speaking.has(label)) continue;
    notes.push(`The label ${quote(label)} had no words after it and was left out.`);
  }
  return { segments, labels, notes };
}
