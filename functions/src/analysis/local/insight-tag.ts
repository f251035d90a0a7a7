/**
 * An insight's tag: the phrase it is about. A reader sees the tag beside the title and in the description ("about
 * “ICE plot”"), so a phrase of the title counts most, then one of the statement the title is worded from, then one
 * that more of the quotes share; how telling a phrase is (rare in the interview and in English, longer) decides
 * between those. A phrase said once in a long aside ("higher churn probability" on "These models are very complex")
 * names a detail, not the finding, and a common word of the title ("team", "eye") less than the quotes' subject
 * ("ICE plot"). Tags are given out together, so that each insight keeps a phrase of its own quotes where they allow.
 */
import type { Keyphrase } from './keyphrases';
import { wordKey, type Statement } from './statements';

export interface TagChoice {
  tag: Keyphrase;
  /** Other phrases found in at least two members, most telling first, sharing no word with the tag. */
  related: Keyphrase[];
}

export interface TagCandidate {
  phrase: Keyphrase;
  /** Every word of it is in the title. */
  titled: boolean;
  /** In the central statement (the one the title is worded from). */
  central: boolean;
  /** Quoted statements it is in (the central one included). */
  quotedIn: number;
  /** Members it is in, quoted or not. */
  memberIn: number;
  /** How telling it is: rarer in the interview and in English, longer. */
  weight: number;
  /** How well it tags the insight (see `tagCandidates`). */
  score: number;
}

/** The words of a statement's quoted span, as spelled and as lemmas (lower case); undefined when it was not read. */
function wordsOfQuote(statement: Statement): Set<string> | undefined {
  const source = statement.source;
  if (!source) return undefined;
  const words = new Set<string>();
  const { tokens, from, to } = source;
  for (let i = from; i <= to; i++) {
    if (tokens.starts[i] < statement.start || tokens.ends[i] > statement.end) continue;
    words.add(tokens.normals[i]);
    words.add(tokens.lemmas[i].toLowerCase());
    for (const part of tokens.normals[i].split('-')) words.add(part);
  }
  return words;
}

/** A phrase's words, a compound written with hyphens in its parts ("two-way plot": two, way, plot). */
function phraseWords(key: string): string[] {
  return key.split(/[\s-]+/).filter(Boolean);
}

/** The words of a title, crudely singular, as phrase words are compared with them ("plots" meets "plot"). */
function titleWords(title: string): Set<string> {
  return new Set((title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(wordKey));
}

export interface TagContext {
  /** The insight's title, when it is known: a phrase of it tags the insight first. */
  title?: string;
  /** How many of the interview's statements each phrase key is in, and how many statements there are. */
  frequency: ReadonlyMap<string, number>;
  total: number;
  /**
   * How rare a word is in English, 0 to 1 (from the word vectors' frequency ranks): "ICE plot" and "prediction plot"
   * tell more than "team" or "eye", however seldom the interview says them. Without it, every word counts as rare.
   */
  rarity?: (word: string) => number;
}

/** Bonus of a phrase of the title, and of one of the statement the title is worded from. */
const TITLE_BONUS = 2;
const CENTRAL_BONUS = 1.25;
/** A phrase said fewer times than this in the interview is no more telling for it (one said once is not the finding). */
const RARITY_FLOOR = 3;

/** The phrases that could tag a group of statements, best first: one the quotes hold before any other. */
export function tagCandidates(members: readonly Statement[], quoted: readonly Statement[], central: Statement, context: TagContext): TagCandidate[] {
  const { frequency, total } = context;
  const inTitle = titleWords(context.title ?? '');
  const candidates = new Map<string, TagCandidate>();
  for (const member of members) {
    for (const phrase of member.keyphrases) {
      if (candidates.has(phrase.key)) continue;
      const said = Math.max(RARITY_FLOOR, frequency.get(phrase.key) ?? 1);
      const english = context.rarity ? Math.max(...phraseWords(phrase.key).map(context.rarity)) : 1;
      const weight = Math.log(1 + total / said) * (1 + 0.3 * (phrase.words - 1)) * english;
      const titled = phraseWords(phrase.key).every((word) => inTitle.has(wordKey(word)));
      candidates.set(phrase.key, { phrase, titled, central: false, quotedIn: 0, memberIn: 0, weight, score: 0 });
    }
  }
  // A member has a phrase when one of its phrases holds it ("way ICE plot" holds "ICE plot"); a quoted member counts
  // as quoting it only when its quoted words do (a statement is read whole, its quote may leave an opener out).
  for (const member of members) {
    const keys = member.keyphrases.map((phrase) => ` ${phrase.key} `);
    const isQuoted = quoted.includes(member);
    const quotedWords = isQuoted ? wordsOfQuote(member) : undefined;
    for (const candidate of candidates.values()) {
      if (!keys.some((key) => key.includes(` ${candidate.phrase.key} `))) continue;
      candidate.memberIn++;
      if (isQuoted && (!quotedWords || phraseWords(candidate.phrase.key).every((word) => quotedWords.has(word)))) candidate.quotedIn++;
      if (member === central) candidate.central = true;
    }
  }
  for (const candidate of candidates.values()) {
    candidate.score =
      (candidate.quotedIn + 0.5 * (candidate.memberIn - candidate.quotedIn)) *
      candidate.weight *
      (candidate.titled ? TITLE_BONUS : 1) *
      (candidate.central ? CENTRAL_BONUS : 1);
  }
  return [...candidates.values()].sort(
    (a, b) => Number(b.quotedIn > 0) - Number(a.quotedIn > 0) || b.score - a.score || a.phrase.key.localeCompare(b.phrase.key),
  );
}

/**
 * One tag per insight, no two alike, and a phrase of its own quotes for as many insights as can have one: an insight
 * takes its best phrase still free, stronger insights first; one whose quoted phrases are all taken takes one from
 * an insight that can move to another of its own quoted phrases (an augmenting path, as in bipartite matching). Only
 * an insight left with no quoted phrase falls back to the best free phrase of its unquoted members; one with none
 * gets undefined. `candidates[k]` lists insight k's phrases best first (see `tagCandidates`).
 */
export function assignTags(candidates: readonly TagCandidate[][]): (TagChoice | undefined)[] {
  const chosen: (TagCandidate | undefined)[] = candidates.map(() => undefined);
  const owner = new Map<string, number>();
  const quotedOf = candidates.map((list) => list.filter((candidate) => candidate.quotedIn > 0));
  const take = (insight: number, candidate: TagCandidate): void => {
    chosen[insight] = candidate;
    owner.set(candidate.phrase.key, insight);
  };
  // Moves the insight holding a phrase to another quoted phrase of its own, freeing that one; false when it cannot.
  const moveAway = (insight: number, visited: Set<string>): boolean => {
    for (const candidate of quotedOf[insight]) {
      if (visited.has(candidate.phrase.key)) continue;
      visited.add(candidate.phrase.key);
      const holder = owner.get(candidate.phrase.key);
      if (holder === undefined || moveAway(holder, visited)) {
        take(insight, candidate);
        return true;
      }
    }
    return false;
  };
  const order = candidates.map((_, k) => k).sort((a, b) => (candidates[b][0]?.score ?? 0) - (candidates[a][0]?.score ?? 0) || a - b);
  for (const insight of order) {
    const free = quotedOf[insight].find((candidate) => !owner.has(candidate.phrase.key));
    if (free) {
      take(insight, free);
      continue;
    }
    for (const candidate of quotedOf[insight]) {
      const holder = owner.get(candidate.phrase.key) as number;
      const visited = new Set([candidate.phrase.key]);
      if (moveAway(holder, visited)) {
        take(insight, candidate);
        break;
      }
    }
  }
  for (const insight of order) {
    if (chosen[insight]) continue;
    const free = candidates[insight].find((candidate) => !owner.has(candidate.phrase.key));
    if (free) take(insight, free);
  }
  return chosen.map((tag, insight) => (tag ? { tag: tag.phrase, related: relatedPhrases(candidates[insight], tag.phrase) } : undefined));
}

/** Related phrases shown in a description at most. */
const MAX_RELATED = 2;

/** Phrases found in at least two members beside the tag, best first, sharing no word with it or one another. */
function relatedPhrases(candidates: readonly TagCandidate[], tag: Keyphrase): Keyphrase[] {
  const tagWords = new Set(tag.key.split(' '));
  return candidates
    .filter((candidate) => candidate.memberIn >= 2 && candidate.phrase.key !== tag.key && !candidate.phrase.key.split(' ').some((word) => tagWords.has(word)))
    .map((candidate) => candidate.phrase)
    .filter((phrase, i, list) => !list.slice(0, i).some((earlier) => earlier.key.includes(phrase.key) || phrase.key.includes(earlier.key)))
    .slice(0, MAX_RELATED);
}
