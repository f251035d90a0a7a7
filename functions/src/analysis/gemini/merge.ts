/**
 * Merging the answers of a document's chunks. Two insights are the same when their titles match once normalised,
 * or when they share a tag and their titles share at least half their words (Jaccard ≥ 0.5); the first keeps its
 * title, description and tag and gains the other's quotes (the same text from the same speaker is kept once, at most
 * `MAX_MERGED_QUOTES`). Only insights of different chunks merge. Tag groups with the same label are merged, and a tag is listed once, in its first group.
 */
import type { ProposedInsight, ProposedQuote, TagGroup } from '@verbatim/contract/insight';
import type { ChunkAnswer } from './response-validation';

export const TITLE_SIMILARITY = 0.5;
export const MAX_MERGED_QUOTES = 10;

export function normaliseLabel(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function wordSet(value: string): Set<string> {
  return new Set(normaliseLabel(value).split(' ').filter((w) => w.length > 0));
}

export function titleSimilarity(a: string, b: string): number {
  const wa = wordSet(a);
  const wb = wordSet(b);
  if (wa.size === 0 || wb.size === 0) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / (wa.size + wb.size - shared);
}

export function sameInsight(a: ProposedInsight, b: ProposedInsight): boolean {
  if (normaliseLabel(a.title) === normaliseLabel(b.title)) return true;
  return normaliseLabel(a.tag) === normaliseLabel(b.tag) && titleSimilarity(a.title, b.title) >= TITLE_SIMILARITY;
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

/** Merges insights of different chunks; insights of the same chunk are never merged with each other. */
export function mergeInsights(lists: readonly (readonly ProposedInsight[])[]): ProposedInsight[] {
  const merged: { insight: ProposedInsight; chunks: Set<number> }[] = [];
  lists.forEach((list, chunk) => {
    for (const insight of list) {
      const existing = merged.find((m) => !m.chunks.has(chunk) && sameInsight(m.insight, insight));
      if (existing) {
        addQuotes(existing.insight.quotes, insight.quotes);
        existing.chunks.add(chunk);
      } else {
        const copy: ProposedInsight = { ...insight, quotes: [] };
        addQuotes(copy.quotes, insight.quotes);
        merged.push({ insight: copy, chunks: new Set([chunk]) });
      }
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

/** One answer is returned as it is; several are merged. */
export function mergeAnswers(answers: readonly ChunkAnswer[]): ChunkAnswer {
  if (answers.length === 1) return answers[0] as ChunkAnswer;
  return {
    insights: mergeInsights(answers.map((a) => a.insights)),
    groupedTags: mergeTagGroups(answers.map((a) => a.groupedTags)),
  };
}
