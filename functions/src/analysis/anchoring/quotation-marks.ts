/**
 * Quotation marks mean a participant's exact words. Whatever an analyser writes (a title, a description, a summary),
 * words it sets in quotation marks stay so only when they are a span of what the participants said (case, spacing,
 * quote and apostrophe style aside; an ellipsis inside splits the span into parts that must each be said); else the
 * marks go and the words stay, so a paraphrase never passes for a quote. Pure: the caller says what was said.
 */

/** “…”, "…", «…», „…“ and ‘…’ (the last only where it cannot be an apostrophe). */
const QUOTED = /“([^“”]+)”|"([^"]+)"|«\s?([^«»]+?)\s?»|„([^„“”]+)[“”]|(?<=^|[\s([{—–-])‘([^‘’]+)’(?=$|[\s.,;:!?)\]}—–-])/gu;

/** Joins texts into one `said` so that no span runs from one into the next. */
export const SAID_APART = '\u0000';

/** Text as compared: compatibility forms, one kind of quote and apostrophe, single spaces, lower case. */
export function comparable(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02BC\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u00AB\u00BB\u2033]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Whether every part of a quoted span (split at an ellipsis) is in `said` (already `comparable`; texts joined by
 * `SAID_APART` are apart: no span is said across two of them).
 */
export function isSaid(span: string, said: string): boolean {
  const parts = span
    .split(/…|\.\.\./)
    .map((part) => comparable(part).replace(/^[\s,.;:!?'"-]+|[\s,.;:!?'"-]+$/g, ''))
    .filter(Boolean);
  return parts.length > 0 && parts.every((part) => said.includes(part));
}

/** `text` with the quotation marks taken off every span that is not in `said` (what the participants said, `comparable`). */
export function keepVerbatimMarks(text: string, said: string): string {
  return text.replace(QUOTED, (whole: string, ...groups: Array<string | undefined>) => {
    const span = groups.slice(0, 5).find((group) => group !== undefined) ?? '';
    return isSaid(span, said) ? whole : span;
  });
}

/** Every span `text` sets in quotation marks. */
export function quotedSpans(text: string): string[] {
  return [...text.matchAll(QUOTED)].map((match) => match.slice(1, 6).find((group) => group !== undefined) ?? '');
}
