/**
 * Merging the answers of a long interview's parts. Two insights of different parts are the same when their titles
 * match once normalised, when they quote the same words of the same speaker, or when they MEAN the same: the cosine
 * of their title-and-description meaning vectors (the built-in analyser's word vectors, `analysis/meaning/`, centred
 * on the interview's insights) is at least `MEANING_SIMILARITY` — "Onboarding was confusing" and "First steps in the
 * app are hard to follow" merge (0.48), "Exports are slow" and "Exports are trusted" do not (0.18), whatever words
 * their titles share. The threshold sits between the paraphrases (0.40–0.48) and the unrelated pairs (0.28 at most) of
 * a calibration set (functions/test/unit/analysis/gemini/chunking.test.ts). The first keeps its title, description and tag and gains the other's quotes (the same text from the
 * same speaker is kept once, at most `MAX_MERGED_QUOTES`). Tag groups with the same label are merged, and a tag is
 * listed once, in its first group.
 */
import type { ProposedInsight, ProposedQuote, TagGroup } from '@verbatim/contract/insight';
import { centre, cosine, plainWords, sentenceVector, type WordVectors } from '../meaning';
import type { ChunkAnswer } from './response-validation';

export const MEANING_SIMILARITY = 0.38;
export const MAX_MERGED_QUOTES = 10;

export function normaliseLabel(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** How alike two insights are in meaning, from -1 to 1 (given per pair of indices into the insights compared). */
export type InsightSimilarity = (a: number, b: number) => number;

/** Meaning vectors of the insights' titles and descriptions, centred on one another; cosine between two of them. */
export function meaningSimilarity(vectors: WordVectors, insights: readonly ProposedInsight[]): InsightSimilarity {
  const meanings = insights.map((insight) => sentenceVector(vectors, plainWords(`${insight.title} ${insight.description}`)));
  centre(meanings, vectors);
  return (a, b) => cosine(meanings[a], meanings[b]);
}

function sharesQuote(a: ProposedInsight, b: ProposedInsight): boolean {
  const keys = new Set(a.quotes.map(quoteKey));
  return b.quotes.some((quote) => keys.has(quoteKey(quote)));
}

function quoteKey(quote: ProposedQuote): string {
  return `${quote.text.replace(/\s+/g, ' ').trim()}\u0000${quote.speaker ?? ''}`;
}

function addQuotes(target: ProposedQuote[], quotes: readonly ProposedQuote[]): void {
  const seen = new Set(target.map(quoteKey));
  for (const quote of quotes) {
    if (target.length >= MAX_MERGED_QUOTES) return;
    const key = quoteKey(quote);
    if (seen.has(key)) continue;
    seen.add(key);
    target.push({ ...quote });
  }
}

/**
 * Merges insights of different chunks (insights of the same chunk are never merged with each other); `similarity`
 * compares insights by their index in the chunks' lists laid end to end.
 */
export function mergeInsights(lists: readonly (readonly ProposedInsight[])[], similarity: InsightSimilarity): ProposedInsight[] {
  const merged: { insight: ProposedInsight; first: ProposedInsight; index: number; chunks: Set<number> }[] = [];
  let index = 0;
  lists.forEach((list, chunk) => {
    for (const insight of list) {
      const same = (m: (typeof merged)[number]) =>
        normaliseLabel(m.first.title) === normaliseLabel(insight.title) || sharesQuote(m.first, insight) || similarity(m.index, index) >= MEANING_SIMILARITY;
      const existing = merged.find((m) => !m.chunks.has(chunk) && same(m));
      if (existing) {
        addQuotes(existing.insight.quotes, insight.quotes);
        existing.chunks.add(chunk);
      } else {
        const copy: ProposedInsight = { ...insight, quotes: [] };
        addQuotes(copy.quotes, insight.quotes);
        merged.push({ insight: copy, first: insight, index, chunks: new Set([chunk]) });
      }
      index += 1;
    }
  });
  return merged.map((m) => m.insight);
}

export function mergeTagGroups(lists: readonly (readonly TagGroup[])[]): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  const seenTags = new Set<string>();
  for (const list of lists) {
    for (const group of list) {
      const key = normaliseLabel(group.groupLabel);
      let target = groups.get(key);
      if (!target) {
        target = { groupLabel: group.groupLabel, tags: [] };
        groups.set(key, target);
      }
      for (const tag of group.tags) {
        const tagKey = normaliseLabel(tag.originalTag);
        if (seenTags.has(tagKey)) continue;
        seenTags.add(tagKey);
        target.tags.push({ ...tag });
      }
    }
  }
  return [...groups.values()].filter((g) => g.tags.length > 0);
}

/** One answer is returned as it is; several are merged, insights by meaning. */
export function mergeAnswers(answers: readonly ChunkAnswer[], vectors: WordVectors): ChunkAnswer {
  if (answers.length === 1) return answers[0] as ChunkAnswer;
  const lists = answers.map((a) => a.insights);
  return {
    insights: mergeInsights(lists, meaningSimilarity(vectors, lists.flat())),
    groupedTags: mergeTagGroups(answers.map((a) => a.groupedTags)),
  };
}
