/**
 * The passages an answer may be built from: the best-ranked stored verbatim spans (transcript passages and
 * insights' quotes) that participants said, about the question's subject by their words or clearly by meaning,
 * without two spans of the same words, each given a short id the answer cites ("P1", "P2", …) and the sentence in it
 * that speaks to the question. Pure.
 *
 * The subject is the question's rarest words among what could answer it: in "What did participants find hard about
 * ICE plots?" that is "ICE" and "plots", not "find", which a passage about anything may hold. A passage that matched
 * only by such a common word is off the subject and left out.
 */
import type { AskPassage } from '@verbatim/contract/search';
import type { SearchEntry } from './search-entries';
import type { IndexedMatch } from './search-index';
import type { Names } from './search-results';
import { termOf, wordsWithOffsets } from './text-terms';

/** Passages an answer is built from at most. */
export const ASK_PASSAGES = 12;
/** Without a word in common, a passage counts as relevant from this closeness of meaning. */
export const ASK_MEANING_MIN = 0.5;
/** A question's word is part of its subject when at most this many times as many passages hold it as its rarest word. */
export const SUBJECT_SPREAD = 2;

/**
 * The question's subject: of its terms (stems) with how many passages hold each, the rarest, and those held by at most
 * SUBJECT_SPREAD times as many. Terms no passage holds say nothing; with none held, every term is the subject.
 */
export function subjectTerms(terms: ReadonlyArray<{ term: string; passages: number }>): Set<string> {
  const held = terms.filter((t) => t.passages > 0);
  if (held.length === 0) return new Set(terms.map((t) => t.term));
  const rarest = Math.min(...held.map((t) => t.passages));
  return new Set(held.filter((t) => t.passages <= SUBJECT_SPREAD * rarest).map((t) => t.term));
}

/** Whether a match speaks to the subject: by one of its words, or (with none of them) clearly by meaning. */
function onSubject(match: IndexedMatch, subject: ReadonlySet<string> | null): boolean {
  if (subject === null) return match.matchedBy !== 'meaning' || match.meaning >= ASK_MEANING_MIN;
  if (match.terms.some((term) => subject.has(term))) return true;
  return match.matchedBy !== 'words' && match.meaning >= ASK_MEANING_MIN;
}

const SENTENCE = /[^.!?…]+(?:[.!?…]+["'”’)]*|$)/gu;

/**
 * The sentence of `text` that holds most of the question's terms (a subject term counting twice), as offsets in
 * `text`; null when none holds any.
 */
export function focusSentence(text: string, terms: ReadonlySet<string>, subject: ReadonlySet<string>): { start: number; end: number } | null {
  let best: { start: number; end: number; score: number } | null = null;
  for (const match of text.matchAll(SENTENCE)) {
    let score = 0;
    for (const { word } of wordsWithOffsets(match[0])) {
      const term = termOf(word);
      if (term && subject.has(term)) score += 2;
      else if (term && terms.has(term)) score += 1;
    }
    if (score === 0 || (best && best.score >= score)) continue;
    const lead = match[0].length - match[0].trimStart().length;
    best = { start: match.index + lead, end: match.index + match[0].trimEnd().length, score };
  }
  return best && { start: best.start, end: best.end };
}

function overlaps(a: SearchEntry, b: SearchEntry): boolean {
  return a.projectId === b.projectId && a.documentId === b.documentId && a.start! < b.end! && b.start! < a.end!;
}

/** The theme of a transcript passage: that of an insight quoting words of it, if any. */
export function passageTheme(entry: SearchEntry, quotes: readonly SearchEntry[]): string | null {
  if (entry.theme) return entry.theme;
  return quotes.find((q) => q.kind === 'quote' && overlaps(q, entry))?.theme ?? null;
}

/** The question's terms, and its subject (`subjectTerms`); null: every passage that matched by a word is on it. */
export interface AskQuestionTerms {
  terms: ReadonlySet<string>;
  subject: ReadonlySet<string> | null;
}

export function askPassages(
  matches: readonly IndexedMatch[],
  names: Names,
  quotesOf: (projectId: string) => readonly SearchEntry[],
  limit = ASK_PASSAGES,
  question: AskQuestionTerms = { terms: new Set(), subject: null },
): AskPassage[] {
  const chosen: SearchEntry[] = [];
  for (const match of matches) {
    const e = match.entry;
    if (chosen.length >= limit) break;
    if (e.kind === 'insight' || !e.participant || e.start === null || e.end === null || e.speaker === null) continue;
    if (!onSubject(match, question.subject)) continue;
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
    focus: focusSentence(e.text, question.terms, question.subject ?? question.terms),
  }));
}
