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
  // A word that stands for any topic says no thing ("the use AI").
  for (let j = i; j < head; j++) if (GENERIC_NOUNS.has(tokens.normals[j])) return undefined;
  // An acronym said as a name ("AI", "CFD") takes no article.
  const acronym = head === i && /^\p{Lu}{2,}s?$/u.test(tokens.values[head]);
  if (!pointed && !acronym && tokens.pos[i] === 'NOUN' && !noun.endsWith('ing')) words.unshift('the');
  return { text: words.join(' '), start: k, end: head };
}

/** Whether `statement` opens its answer: it starts in the answer's first sentence. */
export function opensAnswer(statement: Statement): boolean {
  const source = statement.source;
  if (!source) return false;
  const first = source.tokens.sentences[0];
  return first !== undefined && source.from <= first.to;
}

/** Things "it" never stands for: people, and what the talk itself is. */
const NOT_THINGS = new Set([
  'student', 'client', 'customer', 'colleague', 'friend', 'manager', 'boss', 'partner', 'wife', 'husband', 'mom', 'dad',
  'mother', 'father', 'sister', 'brother', 'son', 'daughter', 'kid', 'child', 'teacher', 'editor', 'founder', 'ceo',
  'user', 'developer', 'designer', 'engineer', 'researcher', 'scientist', 'supervisor', 'advisor', 'team', 'interviewer',
  'artist', 'writer', 'author', 'musician', 'reader', 'reviewer', 'audience', 'parent', 'person', 'doctor', 'patient',
  'employee', 'employer', 'investor', 'coworker', 'professor', 'lawyer', 'owner', 'director', 'producer', 'actor',
]);
/** A pointing word that may stand for a thing ("it", "this", "that" said alone). */
const POINTERS = new Set(['it', 'this', 'that']);

/** Noun phrases of one thing in `tokens` from `from` to `to`, in order. */
function phrasesIn(tokens: TurnTokens, from: number, to: number): Found[] {
  const found: Found[] = [];
  for (let k = from; k <= to; k++) {
    const phrase = phraseAt(tokens, k, to);
    if (!phrase) continue;
    const head = tokens.normals[phrase.end];
    // "AI tools": a phrase whose next word is a noun goes on; "the students": a person, not a thing.
    if (!/^(NOUN|PROPN)$/.test(tokens.pos[phrase.end + 1] ?? '') && !NOT_THINGS.has(tokens.lemmas[phrase.end].toLowerCase()) && !NOT_THINGS.has(head)) found.push(phrase);
    k = phrase.end;
  }
  return found;
}

/**
 * What `statement`'s "it", "this" or "that" stands for, read from the talk before it: the noun phrases of one thing
 * said before the pointing word (in the statement and the sentence before it, in the interviewer's question when the
 * statement opens its answer, and further back in the answer), and of those the one whose noun the question and the
 * answer say most often (the thing being talked about: "AI" in an answer about using AI, not "the work" the question
 * ends on), the nearer between two said as often. A noun near the statement must be said at least twice (a word of
 * the question counts twice), one further back three times. Undefined when nothing is named so.
 */
export function referentInTalk(statement: Statement, question: TurnTokens | undefined): string | undefined {
  const source = statement.source;
  if (!source) return undefined;
  const { tokens } = source;
  let pointer = -1;
  for (let k = source.from; k <= source.to && pointer < 0; k++) if (POINTERS.has(tokens.normals[k]) && tokens.pos[k] === 'PRON') pointer = k;
  if (pointer < 0) pointer = source.from;
  const lower = (lemmas: readonly string[]) => lemmas.map((lemma) => lemma.toLowerCase());
  // The question names the topic of its answer: a word of it counts twice.
  const asking = question ? lower(question.lemmas) : [];
  const said = [...lower(tokens.lemmas), ...asking, ...asking];
  const at = tokens.sentences.findIndex((sentence) => sentence.from <= pointer && pointer <= sentence.to);
  const nearFrom = at > 0 ? tokens.sentences[at - 1].from : 0;
  const candidates: { text: string; head: string; needs: number; subject: boolean }[] = [];
  // A name ("AI", "Gatsby") or a thing said with its article ("the export"): not an adjective and a noun ("whole goal").
  const named = (t: TurnTokens, phrase: Found) => phrase.text.startsWith('the ') || /^(PROPN)$/.test(t.pos[phrase.start]) || /^\p{Lu}{2,}s?$/u.test(phrase.text);
  const add = (t: TurnTokens, from: number, to: number, needs: number, namesOnly = false, subjectsOnly = false) => {
    for (const phrase of phrasesIn(t, from, to).reverse()) {
      if (!named(t, phrase) || (namesOnly && !/^\p{Lu}{2,}s?$/u.test(phrase.text))) continue;
      // In the answer, a thing said by its name or as the subject of its clause ("The export is slow"), not one said
      // in passing ("… because there's a reference to the Square shape").
      const subject = /^(VERB|AUX)$/.test(t.pos[phrase.end + 1] ?? '');
      if (subjectsOnly && !/^\p{Lu}/u.test(phrase.text) && !subject) continue;
      candidates.push({ text: phrase.text, head: t.lemmas[phrase.end].toLowerCase(), needs, subject });
    }
  };
  add(tokens, nearFrom, pointer - 1, 2, false, true);
  if (question && opensAnswer(statement)) add(question, 0, question.values.length - 1, 2);
  // Further back in the answer, only an acronym said again and again ("AI"): a spoken "it" there is more often what
  // happened than a thing named long before.
  add(tokens, 0, nearFrom - 1, 3, true);
  let best: { text: string; score: number } | undefined;
  candidates.forEach(({ text, head, needs, subject }, order) => {
    const count = said.filter((lemma) => lemma === head).length;
    if (count < needs || head.length < 2 || /['’]/.test(text)) return;
    // Said more often wins, a subject counting once more ("React was still small … it was early"); between two said as
    // often, the nearer.
    const score = count + (subject ? 1 : 0) - order / (candidates.length + 1);
    if (!best || score > best.score) best = { text, score };
  });
  return best?.text;
}

/** "It's", "This was" …: a subject pointing back, and the verb after it. */
const POINTING_SUBJECT = /^(It|This|That)(?:'s|’s|\s+(is|was|isn't|wasn't|has|had|can|could|does|did|doesn't|didn't|feels|felt|seems|seemed|makes|made|takes|took|helps|helped|gives|gave|works|worked|shows|showed|looks|looked|needs|needed))\b/;
/**
 * "It's also an area where …", "It was a whole different story": an "it" that says what something is, a kind or a
 * situation, more often stands for what was being told than for the thing asked about; only a judgement of the thing
 * ("It was really useful") is said of it.
 */
const SAYS_WHAT_IT_IS = /^(?:It|This|That)(?:'s|’s|\s+(?:is|was|isn't|wasn't))\s+(?:(?:also|just|really|actually|still|probably|definitely|kind of|sort of|not)\s+)*(?:a|an|the|this|that|my|our|their|one|what|where|how|why|because|like|about|going|more|all)\b/i;

/** Verbs (and their prepositions) whose "it" is a thing: used, asked, trusted, wanted to do something, judged. */
const THING_VERB_BEFORE = /\b(?:use|uses|used|using|ask|asks|asked|asking|tell|tells|told|trust|trusts|trusted|rely on|relies on|relied on|relying on|go to|went to|turn to|turned to|need|needs|needed|want|wants|wanted|like|likes|liked|love|loves|loved|hate|hates|hated|find|finds|found|see|sees|saw|prompt|prompted|give|gives|gave|feed|fed|incorporate|incorporated|integrate|integrated|tried|try|tries|trying|accept|accepted|understand|understood|build|builds|built|building|develop|develops|developed|developing|launch|launched|ship|shipped|release|released|sell|sells|sold|selling|install|installed|download|downloaded|buy|bought|pay for|paid for|test|tested|testing|design|designed)\s+$/i;

/**
 * `title` with its pointing subject ("It's really useful") or its one "it" ("They find it hard to read") said as
 * `referent`; undefined when it has neither.
 */
export function resolvedTitle(title: string, referent: string): string | undefined {
  const named = `${referent.charAt(0).toUpperCase()}${referent.slice(1)}`;
  const subject = POINTING_SUBJECT.exec(title);
  // "It made sense to …", "It takes time to …": an "it" that stands for the clause after it, not for a thing.
  const forward = /^It\S*(?:\s+\S+){0,4}\s+(?:to|that)\b/.test(title) || /^It\s+(?:felt|feels|seems|seemed|looks|looked)\s+like\b/.test(title);
  if (subject && (forward || SAYS_WHAT_IT_IS.test(title))) return undefined;
  // A title that names the thing already says it: "The university is … of their university" would say it twice.
  const head = referent.split(' ').at(-1) ?? referent;
  if (new RegExp(`\\b${head.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').test(title)) return undefined;
  // "This is awful", "That's been a big thing": a "this" or "that" stands for what was told more often than for a
  // thing; only for a thing named by its name ("This is exactly in between Square and Cash App", of Afterpay).
  if (subject && subject[1] !== 'It' && !/^\p{Lu}/u.test(referent)) return undefined;
  // "That makes it harder to …": the "it" stands for the clause after it, and the subject for what was told.
  if (/\b(?:make|makes|made|making)\s+it\b/.test(title)) return undefined;
  if (subject) {
    // "That's happened", "It's been": the "'s" of "has" before a participle.
    const verb = subject[2] ?? (/^\w+['’]s\s+(?:been|got|gotten|had|done|gone|seen|made|taken|given|become|\w+ed)\b/.test(title) ? 'has' : 'is');
    return `${named} ${verb}${title.slice(subject[0].length)}`;
  }
  const objects = [...title.matchAll(/(?<=\s)it\b(?!['’])/g)];
  if (objects.length !== 1) return undefined;
  const at = objects[0].index ?? 0;
  // Only the "it" of a verb said of a thing one uses, asks or judges ("They used it to summarise papers", "They find it
  // hard to read"); a spoken "it" elsewhere ("do it at home", "as it is now", "makes it difficult to …") is more often
  // what happened or the clause after it.
  if (!THING_VERB_BEFORE.test(title.slice(0, at))) return undefined;
  return `${title.slice(0, at)}${referent}${title.slice(at + 2)}`;
}
