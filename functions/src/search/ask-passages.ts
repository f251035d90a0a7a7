/**
 * The passages an answer may be built from: the best-ranked stored verbatim spans (transcript passages and
 * insights' quotes) that participants said, relevant by their words or clearly by meaning, without two spans of
 * the same words, each given a short id the answer cites ("P1", "P2", …). Pure.
 */
import type { AskPassage } from '@verbatim/contract/search';
import type { SearchEntry } from './search-entries';
import type { IndexedMatch } from './search-index';
import type { Names } from './search-results';

/** Passages an answer is built from at most. */
export const ASK_PASSAGES = 12;
/** Without a word in common, a passage counts as relevant from this closeness of meaning. */
export const ASK_MEANING_MIN = 0.5;

function overlaps(a: SearchEntry, b: SearchEntry): boolean {
  return a.projectId === b.projectId && a.documentId === b.documentId && a.start! < b.end! && b.start! < a.end!;
}

/** The theme of a transcript passage: that of an insight quoting words of it, if any. */
export function passageTheme(entry: SearchEntry, quotes: readonly SearchEntry[]): string | null {
  if (entry.theme) return entry.theme;
  return quotes.find((q) => q.kind === 'quote' && overlaps(q, entry))?.theme ?? null;
}

export function askPassages(
  matches: readonly IndexedMatch[],
  names: Names,
  quotesOf: (projectId: string) => readonly SearchEntry[],
  limit = ASK_PASSAGES,
): AskPassage[] {
  const chosen: SearchEntry[] = [];
  for (const match of matches) {
    const e = match.entry;
    if (chosen.length >= limit) break;
    if (e.kind === 'insight' || !e.participant || e.start === null || e.end === null || e.speaker === null) continue;
    if (match.matchedBy === 'meaning' && match.meaning < ASK_MEANING_MIN) continue;
    if (chosen.some((c) => overlaps(c, e))) continue;
    chosen.push(e);
  }
  return chosen.map((e, k) => ({
    id: `P${k + 1}`,
    kind: e.kind as 'quote' | 'passage',
    projectId: e.projectId,
    projectName: names.project(e.projectId),
    documentId: e.documentId,
    documentName: names.document(e.projectId, e.documentId),
    speaker: e.speaker!,
    start: e.start!,
    end: e.end!,
    ts: e.ts,
    theme: passageTheme(e, quotesOf(e.projectId)),
    text: e.text,
  }));
}
