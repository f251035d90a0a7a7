/**
 * The title of last resort, when no claim and no sentence of an insight's statements passes the wording check: a
 * label made of what the statements are (a problem, a wish, …) and a noun phrase the participant said ("Wish: automated
 * clusters on the ICE plots"). Never a broken sentence, never words in quotation marks: the phrase is read from the
 * statements' own words, a noun with the words that modify it and a phrase of a preposition that says which one, and
 * the label is checked like any title; a group with no such phrase that passes is named by its kind and its tag.
 */
import type { StatementKind } from './statement-kinds';
import type { Statement } from './statements';
import type { TitleCheck } from './title-check';
import { FILLERS, GENERIC_NOUNS } from './keyphrases';
import { EMPTY_HEADS } from './title-words';

/** Nouns that stand for anything: no label is made of them. */
const EMPTY = new Set([...EMPTY_HEADS, 'things', 'ways', 'lots', 'kinds', 'parts', 'bits', 'stuff', 'everything', 'nothing', 'people', 'one', 'ones']);

/** What a kind of statement is, as a label's head. */
export const KIND_LABELS: Record<StatementKind, string> = {
  pain: 'Problem',
  need: 'Wish',
  workaround: 'Workaround',
  goal: 'Goal',
  positive: 'What works',
  emotion: 'Feeling',
  practice: 'Practice',
  observation: 'Topic',
};

/** A label's head before a tag alone ("Problem with the dashboard"). */
const ABOUT: Record<StatementKind, string> = {
  pain: 'Problem with',
  need: 'Wish for',
  workaround: 'Workaround for',
  goal: 'Goal for',
  positive: 'What works in',
  emotion: 'Feeling about',
  practice: 'How they use',
  observation: 'Remarks on',
};

/** A title that is a label of last resort (see `labelTitle`), told from a claim or a sentence. */
export const LABEL_TITLE = new RegExp(
  `^(?:(?:${Object.values(KIND_LABELS).join('|')}): |(?:${Object.values(ABOUT).join('|')}) )`,
);

/** Words that modify a noun in its phrase. */
const MODIFIER = new Set(['ADJ', 'NOUN', 'PROPN', 'NUM']);
/** Articles a phrase may start with; a pointing word or a possessive ("this", "my") stands for the talk around it. */
const ARTICLES = new Set(['the', 'a', 'an']);
/** Prepositions whose phrase says which thing is meant ("clusters on the ICE plots", "the cost of storage"). */
const WHICH = new Set(['of', 'on', 'in', 'for', 'with', 'about', 'from', 'between', 'across']);
const MAX_PHRASE_WORDS = 9;

interface Phrase {
  text: string;
  words: number;
  content: number;
}

/** The noun phrases a statement says, longest forms first ("the clusters on the ICE plots", "the clusters"). */
function nounPhrases(statement: Statement): Phrase[] {
  const source = statement.source;
  if (!source) return [];
  const { tokens } = source;
  const inside = (i: number) => i >= source.from && i <= source.to && tokens.starts[i] >= statement.start && tokens.ends[i] <= statement.end;
  const word = (i: number) => inside(i) && tokens.types[i] === 'word' && !FILLERS.has(tokens.normals[i]);
  const touching = (i: number) => tokens.starts[i] === tokens.ends[i - 1];
  /** A run of modifiers ending on a noun from `i`: the index of its noun, -1 if none. */
  const nounRun = (i: number): number => {
    let end = -1;
    for (let k = i; word(k) && MODIFIER.has(tokens.pos[k]) && (k === i || !/[,;:.!?]/.test(tokens.values[k - 1])); k++) {
      if (tokens.pos[k] === 'NOUN' || tokens.pos[k] === 'PROPN') end = k;
      if (k + 1 < tokens.values.length && !touching(k + 1) && tokens.types[k + 1] === 'punctuation') break;
    }
    return end;
  };
  const phrases: Phrase[] = [];
  const add = (from: number, end: number) => {
    const indices: number[] = [];
    for (let k = from; k <= end; k++) if (tokens.types[k] === 'word') indices.push(k);
    const text = indices.map((k, j) => (j > 0 && !touching(k) ? ' ' : '') + tokens.values[k]).join('');
    const content = indices.filter((k) => (MODIFIER.has(tokens.pos[k]) || tokens.pos[k] === 'VERB') && !tokens.stop[k]).length;
    if (indices.length <= MAX_PHRASE_WORDS) phrases.push({ text, words: indices.length, content });
  };
  for (let i = source.from; i <= source.to; i++) {
    if (!word(i)) continue;
    // "trying to profile a sample": a doing named by its "-ing" verb and its object.
    if (tokens.pos[i] === 'VERB' && tokens.normals[i].endsWith('ing')) {
      let k = i + 1;
      if (word(k) && tokens.normals[k] === 'to' && word(k + 1) && tokens.pos[k + 1] === 'VERB') k += 2;
      if (word(k) && (ARTICLES.has(tokens.normals[k]) || tokens.pos[k] === 'ADJ' || tokens.pos[k] === 'NOUN' || tokens.pos[k] === 'PROPN')) {
        const object = nounRun(ARTICLES.has(tokens.normals[k]) ? k + 1 : k);
        if (object >= 0 && !EMPTY.has(tokens.normals[object])) add(i, object);
      }
    }
    const article = ARTICLES.has(tokens.normals[i]);
    const start = article ? i + 1 : i;
    // A phrase starts where no modifier is before it.
    if (!article && word(i - 1) && (MODIFIER.has(tokens.pos[i - 1]) || ARTICLES.has(tokens.normals[i - 1]))) continue;
    const head = nounRun(start);
    // "the case of the billing page": a noun that names nothing of its own leaves the phrase after it to name it.
    if (head < 0 || EMPTY.has(tokens.normals[head]) || GENERIC_NOUNS.has(tokens.normals[head])) continue;
    const ends = [head];
    // "… on the ICE plots": a preposition's phrase that says which one.
    const by = head + 1;
    if (word(by) && WHICH.has(tokens.normals[by])) {
      const from = word(by + 1) && ARTICLES.has(tokens.normals[by + 1]) ? by + 2 : by + 1;
      const tail = nounRun(from);
      if (tail >= 0 && !EMPTY.has(tokens.normals[tail])) ends.unshift(tail);
    }
    for (const end of ends) add(i, end);
  }
  return phrases;
}

/**
 * A wish or a hope said by the speaker ("I hope it will …", "I'd love to …", "I wish AI could …", "it would be nice
 * if …"), in words as written ("I 'd like" read as "I'd like").
 */
const WISHED = /\b(?:(?:i|we)(?:\s+really)?\s+(?:hope|wish|would like|'d like|would love|'d love|want (?:it|ai|them|something|a|an|to)|would want)|would be (?:nice|great|helpful|good|cool|amazing) (?:if|to)|if only)\b/;

/**
 * What a statement is, as its label says it: the kind it was read as, unless it says a wish in so many words and was
 * read as something else ("I hope it will be more helpful and insightful" is a wish, not what works).
 */
function saidKind(statement: Statement): StatementKind {
  const source = statement.source;
  if (!source || statement.kind === 'need') return statement.kind;
  const words = source.tokens.values.slice(source.from, source.to + 1).join(' ').toLowerCase().replace(/’/g, "'").replace(/\s+(?=(?:'|n't)\b)/g, '');
  return WISHED.test(words) ? 'need' : statement.kind;
}

/** A phrase as it follows a label's head: a name keeps its capitals; "The" opening a sentence does not. */
function asFollowing(text: string): string {
  const first = text.split(' ')[0];
  return /\p{Lu}/u.test(first.slice(1)) || first === 'I' ? text : /^(The|A|An)$/.test(first) ? `${first.toLowerCase()}${text.slice(first.length)}` : text;
}

/**
 * The label of an insight of `kind` about what its statements (the central one first) name: the phrase with the most
 * meaningful words that, as a label, passes the check; else the kind and the tag, when that passes; undefined when
 * nothing does.
 */
export function labelTitle(kind: StatementKind, statements: readonly Statement[], tag: string, check: TitleCheck): string | undefined {
  // A label is a phrase, not a claim: it needs no verb of its own; every other defect counts.
  const clean = (title: string) => check(title).every((defect) => defect === 'no-clause');
  const seen = new Set<string>();
  const candidates: Array<Phrase & { kind: StatementKind; own: number }> = [];
  statements.forEach((statement, rank) => {
    for (const phrase of nounPhrases(statement)) {
      const key = phrase.text.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      // The central statement's phrases first, then the fullest; a statement of the group's own kind before another.
      // A label says what its phrase's own statement is: "much effort in communication", said of a problem in a
      // group of wishes, is a problem's, not a wish.
      const said = saidKind(statement);
      candidates.push({ ...phrase, content: phrase.content - rank * 0.5, kind: said, own: said === kind ? 0 : 1 });
    }
  });
  candidates.sort((a, b) => b.content - b.own - (a.content - a.own) || b.words - a.words);
  // A label says a finding only where its phrase names a particular thing: two words that carry meaning, none standing
  // for any topic ("Goal: the outcome of the work" says nothing), none pointing at what the talk defined.
  for (const phrase of candidates) {
    // "the current cutting edge": a phrase with "the" and nothing after its noun points at what the talk defined.
    const pointing = /^(?:the|this|that|these|those)\s/i.test(phrase.text) && !/\s(?:of|on|in|for|with|about|from|between|across)\s/i.test(phrase.text);
    if (Math.round(phrase.content) < 2 || pointing || !particular(phrase.text)) continue;
    const title = `${KIND_LABELS[phrase.kind]}: ${asFollowing(phrase.text)}`;
    if (clean(title)) return title;
  }
  return undefined;
}


/** Nouns that stand for any topic: a label made with one names nothing in particular. */
const VAGUE = new Set(['outcome', 'outcomes', 'result', 'results', 'work', 'process', 'experience', 'situation', 'approach', 'aspect', 'aspects', 'role', 'value', 'impact', 'effect', 'nature', 'state', 'quality', 'context', 'side', 'sides', 'kind', 'sort', 'type', 'types', 'area', 'areas', 'part', 'parts', 'thing', 'things', 'lot', 'way', 'ways', 'time', 'times', 'people', 'stuff', 'level', 'idea', 'ideas', 'point', 'points', 'issue', 'issues', 'problem', 'problems', 'question', 'questions']);

/** Whether a label's phrase names something particular: none of its words a noun that stands for any topic. */
function particular(text: string): boolean {
  return text
    .toLowerCase()
    .split(/[^\p{L}'’-]+/u)
    .every((word) => !VAGUE.has(word) && !GENERIC_NOUNS.has(word) && !EMPTY.has(word));
}
