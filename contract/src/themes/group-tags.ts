import type { TagGroup } from '../insight';
import { tagKey } from './tag-key';

export interface GroupTagsOptions {
  /**
   * A theme label for a tag when the caller knows one (the local analyser: the kind of statements behind the
   * tag; synthesis: the theme the tag had in its interviews). Tags without one are grouped by shared words.
   */
  labelOf?: (tag: string) => string | undefined;
}

/** Words too general to hold a theme together ("data tool" and "time tool" are not one theme because of "tool"). */
const WEAK_WORDS = new Set([
  'a', 'an', 'the', 'of', 'and', 'or', 'for', 'to', 'in', 'on', 'with', 'thing', 'stuff', 'way', 'lot', 'kind', 'part',
  'time', 'other', 'new', 'good', 'big', 'small', 'first', 'last', 'same', 'different', 'whole', 'main',
]);

interface Word {
  /** Lower case, crude singular: what is compared. */
  key: string;
  /** As spelled in the tag: what a theme is named after. */
  surface: string;
}

function words(tag: string): Word[] {
  return tag
    .trim()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((surface) => surface.length > 1 && !WEAK_WORDS.has(surface.toLowerCase()))
    .map((surface) => ({ key: singular(surface.toLowerCase()), surface }));
}

/** A crude singular so "plot" and "plots" meet; good enough for grouping, never shown. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** "plot" → "Plot"; "AI", "GitHub" and "iPhone" keep their spelling. */
function capitalise(text: string): string {
  return text === text.toLowerCase() ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/**
 * Groups tags into themes. Duplicates (same tag ignoring case and surrounding spaces) are kept once, as first
 * spelled; blank tags are dropped. A tag with a label from `labelOf` goes under that label. The others are grouped
 * by the word they share with most other unlabelled tags (ties: the later word, usually the head noun), the theme
 * named after that word ("ICE plot", "scatter plot" → "Plot"); a tag sharing no word is a theme of its own, named
 * after itself. Groups are ordered by the first appearance of their tags. Deterministic.
 */
export function groupTags(tags: readonly string[], options: GroupTagsOptions = {}): TagGroup[] {
  const unique: string[] = [];
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tagKey(tag);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    unique.push(tag);
  }

  const groups = new Map<string, { label: string; tags: string[] }>();
  const place = (groupKey: string, label: string, tag: string): void => {
    const group = groups.get(groupKey) ?? { label, tags: [] };
    group.tags.push(tag);
    groups.set(groupKey, group);
  };

  const unlabelled: string[] = [];
  const labelled = new Map<string, string>();
  for (const tag of unique) {
    const label = options.labelOf?.(tag)?.trim();
    if (label) labelled.set(tag, label);
    else unlabelled.push(tag);
  }

  const frequency = new Map<string, number>();
  /** The first spelling of each word: a theme named after a word is spelled one way for all its tags. */
  const spelling = new Map<string, string>();
  for (const tag of unlabelled) {
    for (const word of words(tag)) if (!spelling.has(word.key)) spelling.set(word.key, word.surface);
    for (const key of new Set(words(tag).map((word) => word.key))) frequency.set(key, (frequency.get(key) ?? 0) + 1);
  }
  const sharedWordOf = new Map<string, Word>();
  for (const tag of unlabelled) {
    let best: Word | undefined;
    let bestCount = 1;
    for (const word of words(tag)) {
      const count = frequency.get(word.key) ?? 0;
      if (count > bestCount || (count === bestCount && count > 1)) {
        best = word;
        bestCount = count;
      }
    }
    if (best) sharedWordOf.set(tag, best);
  }

  for (const tag of unique) {
    const label = labelled.get(tag);
    const word = sharedWordOf.get(tag);
    const name = label ?? capitalise(word ? (spelling.get(word.key) ?? word.surface) : tag);
    // Keyed by the label itself, so a labelled theme and a word theme spelled alike are one theme.
    place(tagKey(name), name, tag);
  }

  return [...groups.values()].map((group) => ({
    groupLabel: group.label,
    tags: group.tags.map((tag) => ({ originalTag: tag, refinedTag: tag })),
  }));
}
