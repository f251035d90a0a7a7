/** TXT transcripts: one line per line as written; labels such as `Name:`, `[id1]`, `>> Name:`. */
import { segmentLines, type LineSegments } from './line-segments';
import { cleanLine, splitLines } from './normalize-text';

/** `text` is the decoded, normalised document with entities decoded. */
export function readPlainText(text: string): LineSegments {
  return segmentLines(splitLines(text).map(cleanLine), { lineJoin: 'line' });
}
