/**
 * What a title's "it", "this" or "that" stands for, said outright: a statement that answers a question about a thing
 * ("What did you make of the brushing feature?" — "It was really useful") is titled with the thing named ("The brushing
 * feature was really useful"); one that goes on from a sentence before it ("The export is slow. It takes ten
 * minutes.") names that sentence's subject. The thing is a noun phrase the speakers said: the last one of the
 * interviewer's question for a statement that opens its answer, else the subject of the sentence before it in the
 * same answer. One thing only (a singular noun, for "it", "this", "that"); when nothing is named, nothing is resolved,
 * and the wording check refuses the title. Only the title reads it so: quotes stay exact.
 */
import type { Statement } from './statements';
import type { TurnTokens } from './turn-tokens';
import { FILLERS, GENERIC_NOUNS } from './keyphrases';
import { EMPTY_HEADS } from './title-words';

const MODIFIER = new Set(['ADJ', 'NOUN', 'PROPN', 'NUM']);
/** Words before a noun that say it is one already spoken of: said as "the". */
const POINTING = new Set(['the', 'this', 'that']);
const MAX_REFERENT_WORDS = 6;

interface Found {
  text: string;
  start: number;
  end: number;
}

/** A noun phrase of `tokens` from `from` to `to` (an article, modifiers, a singular noun, "of" and another), or undefined. */
function phraseAt(tokens: TurnTokens, k: number, to: number): Found | undefined {
  const word = (i: number) => i <= to && tokens.types[i] === 'word' && !FILLERS.has(tokens.normals[i]);
  let i = k;
  const pointed = word(i) && POINTING.has(tokens.normals[i]);
  if (pointed) i++;
  let head = -1;
  for (let j = i; word(j) && MODIFIER.has(tokens.pos[j]); j++) if (tokens.pos[j] === 'NOUN' || tokens.pos[j] === 'PROPN') head = j;
  if (head < 0 || head - k + 1 > MAX_REFERENT_WORDS) return undefined;
  const noun = tokens.normals[head];
  if (GENERIC_NOUNS.has(noun) || EMPTY_HEADS.has(noun)) return undefined;
  // One thing: "it" never stands for "the ICE plots".
  if (tokens.pos[head] === 'NOUN' && noun !== tokens.lemmas[head].toLowerCase()) return undefined;
  const words: string[] = [];
  if (pointed) words.push('the');
  for (let j = i; j <= head; j++) {
    const value = tokens.values[j];
    // A name keeps its capitals; a word capitalised only as a sentence's first does not.
    words.push(j === k && tokens.pos[j] !== 'PROPN' && !/\p{Lu}/u.test(value.slice(1)) ? value.toLowerCase() : value);
  }
  if (!pointed && tokens.pos[i] === 'NOUN' && !noun.endsWith('ing')) words.unshift('the');
  return { text: words.join(' '), start: k, end: head };
}

/** The last noun phrase of the interviewer's question before an answer: the thing asked about. */
export function askedAbout(question: TurnTokens): string | undefined {
  let found: Found | undefined;
  for (let k = 0; k < question.values.length; k++) {
    const phrase = phraseAt(question, k, question.values.length - 1);
    if (phrase) {
      found = phrase;
      k = phrase.end;
    }
  }
  return found?.text;
}

/** The subject of the sentence before `statement` in its answer: a noun phrase before that sentence's first verb. */
function subjectBefore(statement: Statement): string | undefined {
  const source = statement.source;
  if (!source) return undefined;
  const { tokens } = source;
  const at = tokens.sentences.findIndex((sentence) => sentence.from <= source.from && source.from <= sentence.to);
  if (at <= 0) return undefined;
  const before = tokens.sentences[at - 1];
  for (let k = before.from; k <= before.to; k++) {
    if (tokens.pos[k] === 'VERB' || tokens.pos[k] === 'AUX' || tokens.pos[k] === 'PRON') return undefined;
    const phrase = phraseAt(tokens, k, before.to);
    if (phrase) return tokens.pos[phrase.end + 1] === 'VERB' || tokens.pos[phrase.end + 1] === 'AUX' ? phrase.text : undefined;
  }
  return undefined;
}

/** Whether `statement` opens its answer: it starts in the answer's first sentence. */
export function opensAnswer(statement: Statement): boolean {
  const source = statement.source;
  if (!source) return false;
  const first = source.tokens.sentences[0];
  return first !== undefined && source.from <= first.to;
}

/**
 * What `statement`'s "it", "this" or "that" stands for: the thing asked about when it opens its answer (the question's
 * thing, read by `asked`), else the subject of the sentence before it; undefined when neither names one.
 */
export function referentOf(statement: Statement, asked: (turnIndex: number) => string | undefined): string | undefined {
  return opensAnswer(statement) ? asked(statement.turnIndex) : subjectBefore(statement);
}

/** "It's", "This was" …: a subject pointing back, and the verb after it. */
const POINTING_SUBJECT = /^(It|This|That)(?:'s|’s|\s+(is|was|isn't|wasn't|has|had|can|could|does|did|doesn't|didn't|feels|felt|seems|seemed|makes|made|takes|took|helps|helped|gives|gave|works|worked|shows|showed|looks|looked|needs|needed))\b/;
/**
 * "It's also an area where …", "It was a whole different story": an "it" that says what something is, a kind or a
 * situation, more often stands for what was being told than for the thing asked about; only a judgement of the thing
 * ("It was really useful") is said of it.
 */
const SAYS_WHAT_IT_IS = /^(?:It|This|That)(?:'s|’s|\s+(?:is|was|isn't|wasn't))\s+(?:(?:also|just|really|actually|still|probably|definitely|kind of|sort of|not)\s+)*(?:a|an|the|this|that|my|our|their|one|what|where|how|why|because|like|about|going|more|all)\b/i;

/**
 * `title` with its pointing subject ("It's really useful") or its one "it" ("They find it hard to read") said as
 * `referent`; undefined when it has neither.
 */
export function resolvedTitle(title: string, referent: string): string | undefined {
  const named = `${referent.charAt(0).toUpperCase()}${referent.slice(1)}`;
  const subject = POINTING_SUBJECT.exec(title);
  // "It made sense to …", "It takes time to …": an "it" that stands for the clause after it, not for a thing.
  const forward = /^It\S*(?:\s+\S+){0,4}\s+(?:to|that)\b/.test(title);
  if (subject && (forward || SAYS_WHAT_IT_IS.test(title))) return undefined;
  if (subject) {
    const verb = subject[2] ?? (/^It['’]s\s+(been|got|gotten|had)\b/.test(title) ? 'has' : 'is');
    return `${named} ${verb}${title.slice(subject[0].length)}`;
  }
  const objects = [...title.matchAll(/(?<=\s)it\b(?!['’])/g)];
  if (objects.length !== 1) return undefined;
  const at = objects[0].index ?? 0;
  return `${title.slice(0, at)}${referent}${title.slice(at + 2)}`;
}
