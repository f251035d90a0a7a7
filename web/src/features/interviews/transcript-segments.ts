/**
 * How a turn is cut for display: every anchored quote, every find match and the linked passage are ranges of
 * the stored text; a turn [start, end) is cut at each of their edges into segments, each knowing which ranges
 * cover it. Each segment is rendered as one element holding exactly `text.slice(start, end)`, which is what lets
 * a DOM selection be mapped back to offsets into the stored text.
 */

export interface TextRange {
  start: number;
  end: number;
}

/** An anchored quote to highlight: `key` names the quote (and through it, its insight). */
export interface QuoteMark extends TextRange {
  key: string;
}

/** A find match; `index` is its place among all matches of the transcript. */
export interface FindMark extends TextRange {
  index: number;
}

export interface Segment extends TextRange {
  /** Keys of the quotes covering this segment (empty: none). */
  quotes: string[];
  /** The find match covering it, or null. */
  find: number | null;
  /** Inside the linked passage (`#q-<start>-<end>`). */
  linked: boolean;
}

/**
 * The segments of turn [turnStart, turnEnd): consecutive, covering the turn exactly, cut wherever a range begins
 * or ends. Ranges are clipped to the turn; empty or outside ones are ignored.
 */
export function segmentTurn(
  turnStart: number,
  turnEnd: number,
  quotes: readonly QuoteMark[],
  finds: readonly FindMark[] = [],
  linked: TextRange | null = null,
): Segment[] {
  if (turnEnd <= turnStart) return [];
  const clip = <T extends TextRange>(r: T): T | null => {
    const start = Math.max(r.start, turnStart);
    const end = Math.min(r.end, turnEnd);
    return end > start ? { ...r, start, end } : null;
  };
  const q = quotes.map(clip).filter((r): r is QuoteMark => r !== null);
  const f = finds.map(clip).filter((r): r is FindMark => r !== null);
  const l = linked ? clip(linked) : null;
  const cuts = new Set<number>([turnStart, turnEnd]);
  for (const r of [...q, ...f, ...(l ? [l] : [])]) {
    cuts.add(r.start);
    cuts.add(r.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const start = points[i];
    const end = points[i + 1];
    const covering = (r: TextRange) => r.start <= start && end <= r.end;
    segments.push({
      start,
      end,
      quotes: q.filter(covering).map((r) => r.key),
      find: f.find(covering)?.index ?? null,
      linked: l !== null && covering(l),
    });
  }
  return segments;
}

/**
 * One character folded for find: lower case, without accents, curly quotes as straight ones. Always one UTF-16
 * unit for one, so offsets in the folded text are offsets in the original.
 */
function foldChar(c: string): string {
  const lower = c.toLowerCase();
  const base = (lower.length === 1 ? lower : c).normalize('NFD')[0] ?? c;
  if (base === '’' || base === '‘') return "'";
  if (base === '“' || base === '”') return '"';
  return base.length === 1 ? base : c;
}

/** The text folded for find, the same length as the original. */
export function foldForFind(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += foldChar(text[i]);
  return out;
}

/** At most this many matches are marked (a one-letter search in a long interview). */
export const MAX_FIND_MATCHES = 2_000;

/**
 * Where `query` occurs in the turns of the text (`folded` is `foldForFind(text)`; case, accents and quote styles ignored), in reading order. A match
 * must lie inside one turn: the labels and line breaks between turns are not the transcript's words.
 */
export function findMatches(folded: string, turns: readonly TextRange[], query: string): TextRange[] {
  const needle = foldForFind(query.trim());
  if (needle.length === 0) return [];
  const matches: TextRange[] = [];
  for (const turn of turns) {
    let from = turn.start;
    while (from < turn.end) {
      const at = folded.indexOf(needle, from);
      if (at < 0 || at + needle.length > turn.end) break;
      matches.push({ start: at, end: at + needle.length });
      if (matches.length >= MAX_FIND_MATCHES) return matches;
      from = at + needle.length;
    }
  }
  return matches;
}
