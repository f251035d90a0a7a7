/** Whitespace and newline normalisation. Never changes a word: only line endings, spacing and invisible characters. */

/** CRLF and lone CR become LF. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

// Tabs, no-break and other Unicode spaces (incl. the ideographic space) count as one plain space.
const SPACES = /[\t\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000 ]+/g;
// Zero-width characters, BOMs, soft hyphens, C0/C1 controls other than newline: invisible, dropped.
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u200b\u2060\ufeff]/g;

/** One line of speech: invisible characters dropped, runs of spaces/tabs collapsed to one space, ends trimmed. */
export function cleanLine(line: string): string {
  return line.replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

// Below U+0300 (the combining marks) every character is its own NFC form and composes with nothing before it.
const MAY_CHANGE_UNDER_NFC = /[\u0300-\uffff]/;

/** Newlines normalised and Unicode composed (NFC), so offsets and quote matching are stable. */
export function normalizeDocument(text: string): string {
  const lines = normalizeNewlines(text);
  return MAY_CHANGE_UNDER_NFC.test(lines) ? lines.normalize('NFC') : lines;
}

export function splitLines(text: string): string[] {
  return text.split('\n');
}

// A character `cleanLine` keeps: neither whitespace (what `trim` and the space runs take) nor invisible.
// eslint-disable-next-line no-control-regex -- the control characters are what this pattern leaves out
const VISIBLE = /[^\s\u0000-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u200b\u2060\ufeff]/;

/** True when a string has no visible character (newlines included): `cleanLine(text) === ''`, without copying it. */
export function isBlank(text: string): boolean {
  return !VISIBLE.test(text);
}

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\u3000-\u303f\uff01-\uff0f]/;

/**
 * Separator used to join two wrapped lines of one utterance: nothing between two CJK characters (Japanese and
 * Chinese are written without spaces), one space otherwise.
 */
export function joinSeparator(before: string, after: string): string {
  const last = before.slice(-1);
  const first = after.slice(0, 1);
  return CJK.test(last) && CJK.test(first) ? '' : ' ';
}
