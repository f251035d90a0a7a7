/**
 * Project synthesis: per-interview insights that say the same thing, grouped across interviews by meaning (their
 * titles' and quotes' word vectors, with the specific words they share, and what each claims said by the other; by
 * tag words when no vectors are given), the consolidated insights' tags grouped
 * into themes, and one sentence naming the strongest findings with how many interviews support each. Pure and
 * deterministic: the same documents in the same order give the same synthesis (ids included).
 */
import type { ConsolidatedInsight, Insight, ProjectSynthesis, Quote, TagGroup } from '@verbatim/contract/insight';
import { centre, centroid, cosine, plainWords, sentenceVector, type WordVectors } from '../meaning';
import { groupTags, OTHER_THEME, tagKey, themeOf } from '@verbatim/contract/themes';
import { stableHash as hash } from './stable-id';
import { tagSimilarity } from './tag-similarity';
import { queryTerms, termOf } from '../../search/text-terms';
import { INTENSIFIERS, NEGATORS, STANCE_ADVERBS } from '../local/modifier-words';
import { KIND_ORDER, KIND_THEMES } from '../local/statement-kinds';
import { standsAcrossInterviews, standsInInterview } from '../local/title-standing';
import { EVALUATIVE, JUDGING_WORDS, QUALIFIERS, sharedSpecificTerms, spoken, termCosine, termsOf, termVectors, type TermVector } from './shared-terms';

export interface SynthesisOptions {
  /** Word vectors: insights are compared by meaning. Without them, by their tags' words. */
  vectors?: WordVectors;
}

export interface SynthesisInterview {
  documentId: string;
  documentName: string;
  insights: Insight[];
  groupedTags: TagGroup[];
}

/** Tags at least this alike (word overlap) put two insights in one consolidated insight (without vectors). */
export const SIMILAR_TAGS = 0.5;
/**
 * Insights at least this close in meaning (centred cosine) say the same thing, when they also share a specific word:
 * averaged word vectors of vague insights ("It's because they went through so much information") are close to those
 * of many others that share nothing with them.
 */
export const SAME_MEANING = 0.5;
/** …or when they share this much of their specific words (see shared-terms.ts)… */
export const SAME_WORDS = 0.15;
/**
 * …and that is more than one word, or what each claims (its title) is at least this close in meaning (centred cosine)
 * to something the other says (its title or a quote). One rare word in common is not one meaning: "They are planning
 * to generate PDPs for all their features" and "They've attempted to use AI for the generation of creative content";
 * "monitoring live models in production" and "an AI that can monitor the active machine".
 */
export const SAME_CLAIM = 0.4;
export const MAX_CONSOLIDATED_INSIGHTS = 20;
export const MAX_QUOTES_PER_INSIGHT = 6;

interface Placed {
  insight: Insight;
  /** The insight's id, or (unsaved insights) its document and position there: what consolidated ids derive from. */
  key: string;
  documentIndex: number;
  order: number;
  theme: string;
  meaning?: Float32Array;
  terms?: TermVector;
  /** What its title and each of its quotes mean, the title first (centred over the project's titles and quotes). */
  passages?: (Float32Array | undefined)[];
  /** Its title's and quotes' search terms, read when first asked for (see `saidTerms`). */
  said?: Set<string>;
}

interface Group {
  seed: Placed;
  members: Placed[];
}

export const NO_INTERVIEWS_SUMMARY = 'No interviews have been analysed yet.';

export function synthesiseProject(documents: readonly SynthesisInterview[], options: SynthesisOptions = {}): ProjectSynthesis {
  if (documents.length === 0) return { summarySentence: NO_INTERVIEWS_SUMMARY, consolidatedInsights: [], consolidatedGroupedTags: [] };

  const placed: Placed[] = [];
  documents.forEach((document, documentIndex) => {
    document.insights.forEach((insight, position) => {
      if (insight.quotes.length === 0) return;
      const key = insight.id.trim() || `${document.documentId}#${position}`;
      placed.push({ insight, key, documentIndex, order: placed.length, theme: themeOf(insight.tag, document.groupedTags) });
    });
  });
  if (placed.length === 0) {
    return {
      summarySentence: `Across ${interviews(documents.length)}, no insights have been drafted yet.`,
      consolidatedInsights: [],
      consolidatedGroupedTags: [],
    };
  }

  const vectors = options.vectors;
  if (vectors) {
    const said = placed.map((item) => [item.insight.title, ...item.insight.quotes.map((q) => q.text)].map(spoken));
    const texts = said.map((passages) => passages.join(' '));
    placed.forEach((item, k) => (item.meaning = sentenceVector(vectors, plainWords(texts[k]))));
    centre(placed.map((item) => item.meaning), vectors);
    const terms = termVectors(texts, vectors);
    placed.forEach((item, k) => (item.terms = terms[k]));
    placed.forEach((item, k) => (item.passages = said[k].map((text) => sentenceVector(vectors, plainWords(text)))));
    centre(placed.flatMap((item) => item.passages ?? []), vectors);
  }
  const compare = (a: Placed, b: Placed): boolean => {
    if (opposed(a.theme, b.theme)) return false;
    if (!vectors) return tagSimilarity(a.insight.tag, b.insight.tag) >= SIMILAR_TAGS;
    if (a.terms === undefined || b.terms === undefined) return false;
    const shared = sharedSpecificTerms(a.terms, b.terms);
    if (shared === 0) return false;
    if (cosine(a.meaning, b.meaning) >= SAME_MEANING) return true;
    if (termCosine(a.terms, b.terms) < SAME_WORDS) return false;
    return shared >= 2 || (claimSaid(a, b) >= SAME_CLAIM && claimSaid(b, a) >= SAME_CLAIM);
  };
  // Which insights of different interviews are alike, compared once (an interview's own insights never join).
  // One bit per pair: 7,500 insights (500 interviews) take 7 MB.
  const n = placed.length;
  const alikeBits = new Uint32Array(Math.ceil((n * n) / 32));
  const mark = (k: number) => (alikeBits[k >>> 5] |= 1 << (k & 31));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (placed[i].documentIndex === placed[j].documentIndex || !compare(placed[i], placed[j])) continue;
      mark(i * n + j);
      mark(j * n + i);
    }
  }
  const alike = (a: Placed, b: Placed): boolean => {
    const k = a.order * n + b.order;
    return (alikeBits[k >>> 5] & (1 << (k & 31))) !== 0;
  };
  // Seeds first: insights alike to insights of the most other interviews, then with the most quotes, then text order.
  const reach = new Map<Placed, number>();
  for (const item of placed) {
    reach.set(item, new Set(placed.filter((other) => alike(item, other)).map((other) => other.documentIndex)).size);
  }
  const reachOf = (item: Placed) => reach.get(item) ?? 0;
  const seeded = [...placed].sort(
    (a, b) => reachOf(b) - reachOf(a) || b.insight.quotes.length - a.insight.quotes.length || a.order - b.order,
  );
  // Each insight joins the first group whose every member it is alike: a finding that several interviews share, not
  // a chain of insights each like the seed in a different way ("trying to think of a way" with "jumped straight in").
  const groups: Group[] = [];
  for (const item of seeded) {
    // One insight per interview: an interview's own insights are already distinct findings.
    const group = groups.find(
      (candidate) => candidate.members.every((member) => alike(member, item)) && !candidate.members.some((m) => m.documentIndex === item.documentIndex),
    );
    if (group) group.members.push(item);
    else groups.push({ seed: item, members: [item] });
  }

  const ranked = groups
    .map((group) => ({ group, documents: new Set(group.members.map((m) => m.documentIndex)).size, quotes: countQuotes(group) }))
    .sort((a, b) => b.documents - a.documents || b.quotes - a.quotes || a.group.seed.order - b.group.seed.order)
    .slice(0, MAX_CONSOLIDATED_INSIGHTS);

  const usedTags = new Set<string>();
  // The insight whose title each finding carries: the summary reads its title and its theme.
  const speakers = ranked.map(({ group }) => representative(group));
  const consolidatedInsights = ranked.map(({ group }, k) => consolidate(group, speakers[k], documents, vectors, usedTags));
  const ids = new Set<string>();
  for (const insight of consolidatedInsights) {
    let id = insight.id;
    for (let k = 2; ids.has(id); k++) id = `${insight.id}-${k}`;
    insight.id = id;
    ids.add(id);
  }
  const themes = ranked.map(({ group }, k) => majorityTheme(group, speakers[k]));
  const themeOfConsolidated = new Map<string, string>();
  themes.forEach((theme, k) => {
    if (theme) themeOfConsolidated.set(tagKey(consolidatedInsights[k].tag), theme);
  });
  const consolidatedGroupedTags = groupTags(
    consolidatedInsights.map((insight) => insight.tag),
    { labelOf: (tag) => themeOfConsolidated.get(tagKey(tag)) },
  );
  const sayers = ranked.map(({ group }, k) => interviewsSaying(consolidatedInsights[k].title, group));
  return { summarySentence: summarise(documents.length, consolidatedInsights, sayers, themes), consolidatedInsights, consolidatedGroupedTags };
}

/** How close what `a` claims (its title) comes in meaning to the nearest thing `b` says (its title or a quote). */
function claimSaid(a: Placed, b: Placed): number {
  const claim = a.passages?.[0];
  return Math.max(0, ...(b.passages ?? []).map((passage) => cosine(claim, passage)));
}

/** The built-in analyser's themes of a problem and of a thing that works (see statement-kinds.ts). */
const PROBLEM_THEME = tagKey(KIND_THEMES.pain);
const WORKS_THEME = tagKey(KIND_THEMES.positive);

/**
 * Whether two insights' themes say opposite things, a problem and a thing that works ("The cluster descriptions were
 * helpful", "They don't fully understand the clustering one"): they are two findings, however alike their words.
 */
function opposed(a: string, b: string): boolean {
  const [x, y] = [tagKey(a), tagKey(b)];
  return (x === PROBLEM_THEME && y === WORKS_THEME) || (x === WORKS_THEME && y === PROBLEM_THEME);
}

function interviews(n: number): string {
  return n === 1 ? '1 interview' : `${n} interviews`;
}

function countQuotes(group: Group): number {
  return group.members.reduce((sum, member) => sum + member.insight.quotes.length, 0);
}

/** The most common value (ties: the first seen). */
function mostCommon<T>(values: readonly T[], key: (value: T) => string): T | undefined {
  const counts = new Map<string, { value: T; count: number }>();
  for (const value of values) {
    const k = key(value);
    const entry = counts.get(k) ?? { value, count: 0 };
    entry.count++;
    counts.set(k, entry);
  }
  let best: { value: T; count: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
  return best?.value;
}

/**
 * The theme most of the group's insights had in their interviews ('Other' does not count); among equally common ones,
 * that of `speaker`, the insight whose title the finding carries.
 */
function majorityTheme(group: Group, speaker: Placed): string | undefined {
  const themes = [speaker, ...group.members.filter((member) => member !== speaker)]
    .map((member) => member.theme)
    .filter((theme) => tagKey(theme) !== tagKey(OTHER_THEME));
  return mostCommon(themes, tagKey);
}

/** A word among the most frequent in English ("model", "information") names no finding on its own. */
const COMMON_RANK = 3000;

/** Whether a word, or the word it is a form of ("finds" of "find"), is among the most frequent in English. */
function commonWord(vectors: WordVectors, word: string, term: string): boolean {
  return [word, term].some((form) => (vectors.rankOf(form) ?? COMMON_RANK) < COMMON_RANK);
}

/**
 * What a finding's insights say in common, as its tag: a phrase or word (of one of their tags, or of the finding's
 * title) that most of its insights say, in their titles or quotes; the rarest in English among those said by the
 * most, a member's tag before a title word. "highlighting" for three interviews' insights tagged "highest price car",
 * "line similarity" and "Instagrams". Undefined when none is said by two insights and half of them.
 */
function sharedTag(members: readonly Placed[], title: string, vectors: WordVectors, used: ReadonlySet<string>): string | undefined {
  const candidates: Array<{ display: string; terms: string[]; tag: boolean }> = members.map((member) => ({
    display: member.insight.tag.trim(),
    terms: queryTerms(member.insight.tag),
    tag: true,
  }));
  for (const word of title.split(/[^\p{L}\p{N}'-]+/u)) {
    const term = termOf(word);
    if (!term || LIGHT_VERBS.has(term) || EVALUATIVE.has(term) || commonWord(vectors, word.toLowerCase(), term)) continue;
    candidates.push({ display: /\p{Lu}/u.test(word.slice(1)) ? word : word.toLowerCase(), terms: [term], tag: false });
  }
  const rarity = (display: string) => Math.min(...display.split(/\s+/).map((word) => vectors.rankOf(word.toLowerCase()) ?? Number.MAX_SAFE_INTEGER));
  type Scored = { display: string; count: number; tag: boolean; rarity: number };
  const stronger = (a: Scored, b: Scored) => a.count - b.count || Number(a.tag) - Number(b.tag) || a.rarity - b.rarity;
  let best: Scored | undefined;
  for (const candidate of candidates) {
    if (candidate.terms.length === 0 || candidate.display === '' || used.has(tagKey(candidate.display))) continue;
    const count = members.filter((member) => candidate.terms.every((term) => saidTerms(member).has(term))).length;
    if (count < 2 || count * 2 < members.length) continue;
    const scored = { display: candidate.display, count, tag: candidate.tag, rarity: rarity(candidate.display) };
    if (!best || stronger(scored, best) > 0) best = scored;
  }
  return best?.display;
}

/** A finding's description says at most this many of its other interviews' findings. */
const MAX_DESCRIPTION_SENTENCES = 2;
/** A member's finding says again what the description has said when this share of its words are said already. */
const SAYS_AGAIN = 0.5;

/**
 * What a finding is about beyond its title, from its insights: what the other interviews found, in their own titles'
 * words ("They never gave an AI model their raw data. Their coding skills are not very good."), the ones most alike to
 * the rest of the finding first, each saying something the title and the sentences before do not, and each with words
 * the finding's other insights say too; at most two. '' when no other interview adds such a sentence that reads on its
 * own (a label, a title that leans on its interview, the same words again, one about something else). Never a count or a template: how many interviews say it is the finding's interviews, shown beside it.
 */
function describeFinding(members: readonly Placed[], title: string): string {
  const said: Set<string>[] = [new Set(queryTerms(title))];
  const termsOfMember = members.map((member) => new Set(queryTerms(member.insight.title)));
  // How many of the other members' titles and quotes say a member's title's words: the finding's core first.
  const shared = (k: number) => [...termsOfMember[k]].filter((term) => members.some((other, j) => j !== k && saidTerms(other).has(term))).length;
  const order = members.map((_, k) => k).sort((a, b) => shared(b) - shared(a) || members[a].order - members[b].order);
  const sentences: string[] = [];
  for (const k of order) {
    if (sentences.length >= MAX_DESCRIPTION_SENTENCES) break;
    const own = members[k].insight.title.trim();
    // A title none of whose words the finding's other insights say is about something else ("There's a funny song").
    if (own === '' || own === title || LABEL.test(own) || !standsAcrossInterviews(own) || shared(k) === 0) continue;
    const terms = termsOfMember[k];
    if (terms.size === 0 || said.some((before) => [...terms].filter((term) => before.has(term)).length >= SAYS_AGAIN * terms.size)) continue;
    said.push(terms);
    sentences.push(/[.!?…”]$/.test(own) ? own : `${own}.`);
  }
  return sentences.join(' ');
}

/** A finding from its group, titled by `speaker` (the member chosen by `representative`). */
function consolidate(group: Group, speaker: Placed, documents: readonly SynthesisInterview[], vectors: WordVectors | undefined, usedTags: Set<string>): ConsolidatedInsight {
  const members = [...group.members].sort((a, b) => a.order - b.order);
  const documentIndices = [...new Set(members.map((m) => m.documentIndex))].sort((a, b) => a - b);
  const title = speaker.insight.title.trim();
  // What its insights say in common; else their most common tag, one no stronger finding has if there is one, and
  // among equally common ones a tag the title says ("ICE plot" for "The team finds ICE plots very hard to read").
  const titled = new Set(queryTerms(title));
  const inTitle = (tag: string) => queryTerms(tag).every((term) => titled.has(term));
  const trimmed = members.map((m) => m.insight.tag.trim());
  const tags = [...trimmed.filter(inTitle), ...trimmed.filter((tag) => !inTitle(tag))];
  const free = tags.filter((tag) => !usedTags.has(tagKey(tag)));
  const tag = (
    (vectors && members.length > 1 ? sharedTag(members, title, vectors, usedTags) : undefined) ??
    mostCommon(free.length > 0 ? free : tags, tagKey) ??
    group.seed.insight.tag
  ).trim();
  usedTags.add(tagKey(tag));
  const quotes = spreadQuotes(members, documentIndices);
  const description = members.length === 1 ? members[0].insight.description.trim() : describeFinding(members, title);
  const sourceInsightIds = members.map((m) => m.insight.id);
  return {
    id: `consolidated-${hash(members.map((m) => m.key).sort().join('\n'))}`,
    title,
    description,
    tag,
    quotes,
    sourceInsightIds,
    documentIds: documentIndices.map((index) => documents[index].documentId),
  };
}

/**
 * The member whose title stands for the finding: one whose title reads without its interview (see title-standing.ts),
 * then the one the most interviews of the group say as the summary counts them (`interviewsSaying`), then the one the
 * most other members say too (half its words in their titles or quotes: "Highlighting was very
 * useful" over "They started with importance" when the others speak of highlighting), then the one closest to the
 * group's mean meaning (two members are equally close to it). Without vectors, and where nothing tells them apart, the
 * seed's (the insight alike to the most other interviews).
 */
function representative(group: Group): Placed {
  const standing = group.members.filter((member) => standsInInterview(member.insight.title));
  const named = standing.filter((member) => standsAcrossInterviews(member.insight.title));
  const candidates = named.length > 0 ? named : standing.length > 0 ? standing : group.members;
  const shared = centroid(group.members.map((member) => member.meaning));
  let best = candidates.includes(group.seed) ? group.seed : candidates[0];
  if (!shared) return best;
  const support = (candidate: Placed) => {
    const terms = titleTerms(candidate.insight.title);
    return group.members.filter((member) => member !== candidate && saysHalf(terms, saidTerms(member))).length;
  };
  const supportOf = new Map(candidates.map((candidate) => [candidate, support(candidate)]));
  // The interviews that say the claim itself, as the summary counts them: a title more of them say stands for the
  // finding over one whose words the others only touch ("Highlighting was very useful" over a long remark that names
  // every feature the others mention).
  const sayersOf = new Map(candidates.map((candidate) => [candidate, interviewsSaying(candidate.insight.title, group)]));
  // Two members are equally close to their mean meaning: only what the other says tells them apart.
  const closeness = (member: Placed) => (group.members.length < 3 ? 0 : cosine(member.meaning, shared));
  for (const member of candidates) {
    const sayMore = (sayersOf.get(member) as number) - (sayersOf.get(best) as number);
    const more = (supportOf.get(member) as number) - (supportOf.get(best) as number);
    if (sayMore > 0 || (sayMore === 0 && (more > 0 || (more === 0 && closeness(member) > closeness(best) + 1e-9)))) best = member;
  }
  return best;
}

/** An insight's words as search terms: its title and quotes (read once). */
function saidTerms(member: Placed): Set<string> {
  member.said ??= new Set(queryTerms([member.insight.title, ...member.insight.quotes.map((quote) => quote.text)].join(' ')));
  return member.said;
}

/** Verbs any finding may use ("they try to see if…"): sharing them is not saying the same thing. A wish ("want") is. */
const LIGHT_VERBS = termsOf('try see look get go make take come put give seem start keep let able know mean guess'.split(' '));

/** A title's terms that say what it is about: its light verbs and qualifiers ("very") left out, unless nothing else is left. */
function titleTerms(title: string): string[] {
  const terms = queryTerms(title, { question: true });
  const telling = terms.filter((term) => !LIGHT_VERBS.has(term) && !QUALIFIERS.has(term));
  return telling.length > 0 ? telling : terms;
}

/**
 * At least half of a title's terms are among what an insight says, two of them where it has two or more ("They take
 * all the model input features" does not say "They can look at what features are important"), and not only the
 * words that judge ("useful"): "The importance one is useful" does not say "Highlighting was very useful".
 */
function saysHalf(terms: readonly string[], said: ReadonlySet<string>): boolean {
  const shared = terms.filter((term) => said.has(term));
  const judging = (term: string) => EVALUATIVE.has(term);
  return shared.length >= Math.min(2, terms.length) && shared.length * 2 >= terms.length && (terms.every(judging) || !shared.every(judging));
}

/** Up to `MAX_QUOTES_PER_INSIGHT` quotes, taken in turn from each interview so that all of them are heard. */
function spreadQuotes(members: readonly Placed[], documentIndices: readonly number[]): Quote[] {
  const queues = documentIndices.map((index) => members.filter((m) => m.documentIndex === index).flatMap((m) => m.insight.quotes));
  const chosen: Quote[] = [];
  const seen = new Set<string>();
  for (let round = 0; chosen.length < MAX_QUOTES_PER_INSIGHT && queues.some((queue) => queue.length > round); round++) {
    for (const queue of queues) {
      const quote = queue[round];
      if (!quote || chosen.length >= MAX_QUOTES_PER_INSIGHT) continue;
      const key = `${quote.documentId}:${quote.start}:${quote.end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      chosen.push(quote);
    }
  }
  return chosen;
}

/** A sentence that negates what it says ("I don't think I used highlighted line similarity very much"). */
const NEGATION = new RegExp(`\\b(?:${[...NEGATORS].join('|')})\\b|n['’]t\\b`, 'i');

/**
 * How many interviews of a finding said what its title says, negating as the title does: their insight's own title
 * has at least half of the finding title's words (as search terms: "sorting" matches "sorted"; not "think", "way",
 * "thing", a light verb such as "try" or "see", nor "very"), or one of its quotes has all of them. "I don't think I used
 * highlighted line similarity very much" shares words with "Highlighting was very useful", not its claim; "I had a
 * brief look at how it was interacting with other features" is not "They want to look at all the other interactions".
 * Insights alike in meaning may still make different points: the summary says "3 of 4 participants …" of those that
 * make this one.
 */
function interviewsSaying(title: string, group: Group): number {
  const terms = titleTerms(title);
  const negated = NEGATION.test(title);
  const saysAll = (text: string) => {
    const said = new Set(queryTerms(text));
    return terms.every((term) => said.has(term));
  };
  return group.members.filter(
    ({ insight }) =>
      (NEGATION.test(insight.title) === negated && saysHalf(terms, new Set(queryTerms(insight.title)))) ||
      insight.quotes.some((quote) => NEGATION.test(quote.text) === negated && saysAll(quote.text)),
  ).length;
}

/** "Highlighting was very useful": a thing (not a pronoun), "be" and a judgement of it, strengthened or not. */
const JUDGEMENT = new RegExp(
  `^(?!(?:it|this|that|these|those|they|there)\\b)(.+?) (is|are|was|were) ((?:(?:${[...INTENSIFIERS, ...STANCE_ADVERBS].join('|')}) )*(?:${JUDGING_WORDS.join('|')}))$`,
  'i',
);

/**
 * Whether a title's first word keeps its capital inside a sentence: "I", a name with capitals inside it ("PDPilot",
 * "ICE"), or one written with its capital inside a sentence of the finding's quotes ("we moved to Looker").
 */
function keepsCapital(word: string, quotes: readonly Quote[]): boolean {
  if (/^I(?:$|['’])/.test(word) || /\p{Lu}/u.test(word.slice(1))) return true;
  const inside = new RegExp(`[\\p{L}\\p{N},;:]\\s+${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\p{L}])`, 'u');
  return quotes.some((quote) => inside.test(quote.text));
}

/**
 * A judgement of a thing as what the participants who made it found: "Highlighting was very useful" → "found
 * highlighting very useful", the thing's first word keeping its capital when it is a name (see `keepsCapital`).
 */
function judgedAs(title: string, quotes: readonly Quote[]): string | undefined {
  const match = JUDGEMENT.exec(title);
  if (!match) return undefined;
  const [, thing, verb, judgement] = match;
  const first = thing.split(/\s+/)[0];
  const said = keepsCapital(first, quotes) ? thing : `${first.toLowerCase()}${thing.slice(first.length)}`;
  return `${/^(was|were)$/i.test(verb) ? 'found' : 'find'} ${said} ${judgement.toLowerCase()}`;
}

/** A title wholly in quotation marks: a participant's own words, shown as they were said. */
const VERBATIM = /^[“"][^“”"]+[”"]$/u;

/** A title that opens on the participants as "they" ("They're generating…", "Their eyes keep…"). */
const THEY = /^(They|Their)(?:['’](re|ve|ll|d))?\b\s*/u;

/** Words after "they'd" that make it "they had" ("They'd tried"); else it is "they would" ("They'd love"). */
const HAD = /^(?:\p{L}+ed|been|done|gone|seen|had|got|gotten|taken|made|known|given|found|thought|told|said|heard)\b/iu;

/**
 * What a finding's title claims, said in plain words inside a sentence: the participants for "they" ("They find ICE
 * plots hard to read" → "participants find ICE plots hard to read"), a judgement as what they found ("Highlighting
 * was very useful" → "participants found highlighting very useful"), any other claim with its first letter in lower
 * case unless it is a name ("the team finds ICE plots hard to read"). Never in quotation marks: a title is the
 * analyser's wording, not the participant's; a title that already is the participant's words in quotation marks
 * (“…”) stays as it is.
 */
function plainClaim(title: string, quotes: readonly Quote[]): string {
  const claim = title.trim();
  if (VERBATIM.test(claim)) return claim;
  const plain = claim.replace(/[.;:]+$/, '');
  const judged = judgedAs(plain, quotes);
  if (judged !== undefined) return `participants ${judged}`;
  const they = THEY.exec(plain);
  if (they) {
    const rest = plain.slice(they[0].length);
    const verb = { re: ' are', ve: ' have', ll: ' will', d: HAD.test(rest) ? ' had' : ' would' }[they[2] ?? ''] ?? '';
    return `${they[1] === 'Their' ? "participants'" : 'participants'}${verb}${rest === '' ? '' : ` ${rest}`}`;
  }
  const first = plain.split(/\s+/)[0];
  return keepsCapital(first, quotes) ? plain : `${first.toLowerCase()}${plain.slice(first.length)}`;
}

/**
 * A finding as the summary names it, with how many interviews say it: "3 of 4 participants find ICE plots hard to
 * read" from a title "They find ICE plots hard to read", said by the three; "3 of 4 participants found highlighting
 * very useful" from "Highlighting was very useful"; "the team finds ICE plots hard to read (2 of 4 interviews)" of a
 * claim of another kind; with "related points in 1 more interview" when a fourth interview's insight is alike but
 * does not say it. When fewer than two interviews say it, it is said in one (the interview whose title it carries),
 * with related points in the others: "participants want … (1 of 4 interviews; related points in 2 more)".
 */
function finding(insight: ConsolidatedInsight, documentCount: number, sayers: number): string {
  const n = insight.documentIds.length;
  const said = sayers >= 2 ? Math.min(n, sayers) : 1;
  const more = n - said;
  const related = more > 0 ? ` (related points in ${more} more ${more === 1 ? 'interview' : 'interviews'})` : '';
  const claim = plainClaim(insight.title, insight.quotes);
  if (said >= 2 && /^participants\b/.test(claim)) return `${said} of ${documentCount} ${claim}${related}`;
  return `${claim} (${said} of ${documentCount} interviews${more > 0 ? `; related points in ${more} more` : ''})`;
}

/** A sentence ended once: no full stop after a claim that ends on its own (“…, I don't want it.”). */
function ended(sentence: string): string {
  return /[.!?…]["”]?$/u.test(sentence) ? sentence : `${sentence}.`;
}

/** Themes of the built-in analyser in the order a researcher reads findings: problems and wishes before accounts of practice. */
const THEME_ORDER = KIND_ORDER.map((kind) => tagKey(KIND_THEMES[kind]));

/** Where a finding's theme stands in `THEME_ORDER`; an analyser's own themes, and none, stand with accounts of practice. */
function themeRank(theme: string | undefined): number {
  const rank = theme === undefined ? -1 : THEME_ORDER.indexOf(tagKey(theme));
  return rank >= 0 ? rank : THEME_ORDER.indexOf(tagKey(KIND_THEMES.practice));
}

/** A title of last resort (see local/title-label.ts): a label of what was said, not a claim to count interviews for. */
const LABEL = /^[\p{Lu}][\p{L} ]{1,20}: /u;

/** A sentence of the summary starts with a capital (a finding's claim starts lower case inside one: see `plainClaim`). */
function sentence(text: string): string {
  return ended(`${text.charAt(0).toUpperCase()}${text.slice(1)}`);
}

/**
 * The summary a researcher could paste into a report: the findings most interviews share, strongest first (said by the
 * most interviews, then with related points in the most, then by what they are: a problem or a wish before an account
 * of how they work, see `THEME_ORDER`), one sentence each, at most three. A finding only one interview makes is never
 * the headline: when no finding is shared, the summary says so, then names the strongest findings of one interview
 * each. A label (a title of last resort) is named only when no claim is left to name.
 */
function summarise(documentCount: number, consolidated: readonly ConsolidatedInsight[], sayers: readonly number[], themes: readonly (string | undefined)[]): string {
  const claims = consolidated.map((insight, k) => ({ insight, sayers: sayers[k], k })).filter(({ insight }) => !LABEL.test(insight.title));
  const named = claims.length > 0 ? claims : consolidated.map((insight, k) => ({ insight, sayers: sayers[k], k }));
  if (documentCount === 1) {
    return ended(`In 1 interview, the strongest findings: ${named.slice(0, 3).map(({ insight }) => plainClaim(insight.title, insight.quotes)).join('; ')}`);
  }
  const support = (said: number) => (said >= 2 ? said : 1);
  const ranked = [...named].sort(
    (a, b) =>
      support(b.sayers) - support(a.sayers) ||
      b.insight.documentIds.length - a.insight.documentIds.length ||
      themeRank(themes[a.k]) - themeRank(themes[b.k]) ||
      a.k - b.k,
  );
  const shared = ranked.filter(({ sayers: said }) => said >= 2).slice(0, 3);
  if (shared.length === 0) {
    const single = ranked.slice(0, 3).map(({ insight, sayers: said }) => finding(insight, documentCount, said));
    return ended(`Across ${interviews(documentCount)}, no finding is shared by two interviews yet; the strongest, each from one interview: ${single.join('; ')}`);
  }
  const [first, ...rest] = shared.map(({ insight, sayers: said }) => finding(insight, documentCount, said));
  return [ended(`Across ${interviews(documentCount)}: ${first}`), ...rest.map(sentence)].join(' ');
}
