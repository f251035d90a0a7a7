/**
 * Quotation marks mean verbatim: whatever a deliverable shows inside quotation marks must be words a participant
 * said. These read the spans a text shows in marks (“…”, ‘…’, «…», "…") and keep those that are not in any of the
 * given texts (the project's quotes or transcripts). A title, tag, description or summary wrapped in marks is one.
 */

const PAIRS: readonly RegExp[] = [
  /“([^“”]*)”/g,
  /«([^«»]*)»/g,
  // An apostrophe inside a word (don’t) does not close a single quotation mark.
  /‘([\s\S]*?)’(?![\p{L}\p{N}])/gu,
  /"([^"]*)"/g,
];

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The spans a text shows inside quotation marks, innermost pair of each kind. */
export function quotedSpans(text: string): string[] {
  return PAIRS.flatMap((pair) => [...text.matchAll(pair)].map((m) => m[1]));
}

/**
 * The spans in quotation marks that are not words of `sources` (whitespace aside). A quote shortened to a
 * verbatim prefix and marked "…" (the deck does this) counts as its words.
 */
export function unverbatimQuotedSpans(text: string, sources: readonly string[]): string[] {
  const verbatim = sources.map(flat);
  const said = (span: string) => span !== '' && verbatim.some((source) => source.includes(span));
  return quotedSpans(text).filter((raw) => {
    const span = flat(raw);
    return !said(span) && !said(span.replace(/\s*…$/, ''));
  });
}
