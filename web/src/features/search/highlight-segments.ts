import type { HighlightRange } from '@verbatim/contract/search';

export interface Segment {
  text: string;
  marked: boolean;
}

/** A text cut into plain and highlighted pieces; ranges out of order, overlapping or out of bounds are tolerated. */
export function highlightSegments(text: string, ranges: readonly HighlightRange[]): Segment[] {
  const sorted = ranges
    .map((r) => ({ start: Math.max(0, r.start), end: Math.min(text.length, r.end) }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let at = 0;
  for (const r of sorted) {
    const start = Math.max(r.start, at);
    if (r.end <= start) continue;
    if (start > at) segments.push({ text: text.slice(at, start), marked: false });
    segments.push({ text: text.slice(start, r.end), marked: true });
    at = r.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), marked: false });
  return segments;
}
