/**
 * Person names found by wink-nlp: runs of proper nouns (PROPN) written like names ("Maria", "Priya Raman",
 * "Ana de Souza"), with honorifics left in place ("Dr. [NAME_1]"). The English lite model has no PERSON entity, so
 * brands and places written like names are caught too; that only over-redacts the text sent to the model.
 * Words that also appear in lowercase in the same text ("Great", "Call") are common words, not names, and so is a
 * capitalised first word of a sentence that the model knows as a common word ("Mail me", "Order"). A name seen only
 * there and also a common word ("Will", "Mark") is missed unless it occurs elsewhere (the redactor replaces a found
 * name at every occurrence) or is a speaker's label.
 *
 * The model (about 130 ms to load) is loaded on first use, once per process.
 */
import { TEXT_LIMITS } from '../../config/server-limits';
import { boundedPassages, RenewableInstance } from '../text-bounds';
import type { TextSpan } from './pii-patterns';

type WinkNlp = ReturnType<typeof import('wink-nlp').default>;
type WinkFactory = typeof import('wink-nlp').default;
type WinkModel = typeof import('wink-eng-lite-web-model').default;

/** Loaded lazily and synchronously (not at import) so modules that never redact pay nothing; `findNames` stays synchronous. */
function buildNlp(): WinkNlp {
  /* eslint-disable @typescript-eslint/no-require-imports -- the lazy, synchronous load above */
  const winkNlp = require('wink-nlp') as WinkFactory;
  const model = require('wink-eng-lite-web-model') as WinkModel;
  /* eslint-enable @typescript-eslint/no-require-imports */
  return winkNlp(model, ['sbd', 'pos']);
}

/** The shared instance, built afresh after a reading that threw and after reading its fill (see RenewableInstance). */
const names = new RenewableInstance(buildNlp, TEXT_LIMITS.renewLibraryAfterChars);

const NAME_WORD = /^(?:\p{Lu}['’])?\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)?(?:[-'’]\p{Lu}?\p{Ll}+)*$/u;
const HONORIFIC = /^(?:Mr|Mrs|Ms|Mx|Dr|Prof|Sir|Dame|Madam|Miss|Sr|Sra|Srta|Herr|Frau|Mme|Mlle)\.?$/;
const PARTICLE = new Set(['da', 'de', 'do', 'dos', 'das', 'del', 'della', 'di', 'du', 'la', 'le', 'van', 'von', 'der', 'den', 'ter', 'bin', 'ibn', 'al']);
const NOT_NAMES = new Set(
  [
    'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
    'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
    'Interviewer', 'Interviewee', 'Participant', 'Respondent', 'Moderator', 'Facilitator', 'Researcher', 'Speaker',
    'User', 'Assistant', 'Host', 'Guest', 'Customer',
    'Hi', 'Hello', 'Hey', 'Yeah', 'Yes', 'Yep', 'Yup', 'No', 'Nope', 'Okay', 'Ok', 'Oh', 'Um', 'Uh', 'Hmm', 'Thanks', 'Thank',
    'God', 'Internet', 'English',
  ],
);

interface Token {
  index: number;
  value: string;
  start: number;
  end: number;
  pos: string;
}

/** The tokens wink reads in `text` (offsets from `offset` on), numbered from `first`. */
function locateTokens(text: string, values: string[], pos: string[], offset: number, first: number): Token[] {
  const tokens: Token[] = [];
  let cursor = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] ?? '';
    const at = value.length > 0 ? text.indexOf(value, cursor) : -1;
    if (at < 0) continue; // wink normalised it; it cannot be part of a name we replace verbatim
    tokens.push({ index: first + i, value, start: offset + at, end: offset + at + value.length, pos: pos[i] ?? 'X' });
    cursor = at + value.length;
  }
  return tokens;
}

interface ReadText {
  tokens: Token[];
  /** Each sentence's first word: its first token that is neither white space nor punctuation (an opening quote). */
  sentenceStarts: Set<number>;
  /** Whether a word is in the lexicon (the model's words and every word read so far). */
  isLexeme: (word: string) => boolean;
}

/** `text` read a bounded passage at a time (see text-bounds): runs longer than any word are never read. */
function readText(text: string): ReadText {
  const tokens: Token[] = [];
  const sentenceStarts = new Set<number>();
  let isLexeme: (word: string) => boolean = () => false;
  let first = 0;
  for (const passage of boundedPassages(text)) {
    const span = text.slice(passage.start, passage.end);
    first = names.use((nlp) => {
      const doc = nlp.readDoc(span);
      const pos = doc.tokens().out(nlp.its.pos) as string[];
      tokens.push(...locateTokens(span, doc.tokens().out(), pos, passage.start, first));
      for (const [from, last] of doc.sentences().out(nlp.its.span) as unknown as [number, number][]) {
        let i = from;
        while (i < last && (pos[i] === 'SPACE' || pos[i] === 'PUNCT')) i++;
        sentenceStarts.add(first + i);
      }
      // `isLexeme` returns the lexeme's ids or null at run time (typed boolean).
      isLexeme = (word) => Boolean(doc.isLexeme(word));
      return first + pos.length;
    }, span.length);
  }
  return { tokens, sentenceStarts, isLexeme };
}

function lowercaseVocabulary(tokens: Token[]): Set<string> {
  const words = new Set<string>();
  for (const token of tokens) if (token.value === token.value.toLowerCase()) words.add(token.value);
  return words;
}

function isNameWord(token: Token): boolean {
  return token.pos === 'PROPN' && NAME_WORD.test(token.value) && !HONORIFIC.test(token.value) && !NOT_NAMES.has(token.value);
}

function joinedBySpace(text: string, left: Token, right: Token): boolean {
  const gap = text.slice(left.end, right.start);
  return gap === ' ' || gap === '\u00a0';
}

/** Spans of likely person names in `text`, in order, not overlapping. */
export function findNames(text: string): TextSpan[] {
  const { tokens, sentenceStarts, isLexeme } = readText(text);
  const lowercase = lowercaseVocabulary(tokens);
  // Only the lowercase form is asked: the lexicon grows with every text read, so a capitalised form is always "known"
  // once seen.
  const commonWordOnly = (value: string) => isLexeme(value.toLowerCase());
  const spans: TextSpan[] = [];

  let i = 0;
  while (i < tokens.length) {
    const first = tokens[i];
    if (!first || !isNameWord(first)) {
      i++;
      continue;
    }
    const run: Token[] = [first];
    let j = i + 1;
    while (j < tokens.length) {
      const last = run[run.length - 1] as Token;
      const next = tokens[j] as Token;
      if (isNameWord(next) && joinedBySpace(text, last, next)) {
        run.push(next);
        j++;
        continue;
      }
      const after = tokens[j + 1];
      if (PARTICLE.has(next.value) && after && isNameWord(after) && joinedBySpace(text, last, next) && joinedBySpace(text, next, after)) {
        run.push(next, after);
        j += 2;
        continue;
      }
      break;
    }
    const nameWords = run.filter((token) => !PARTICLE.has(token.value));
    const allCommonWords = nameWords.every((token) => lowercase.has(token.value.toLowerCase()));
    const capitalisedCommonWord = run.length === 1 && sentenceStarts.has(first.index) && commonWordOnly(first.value);
    if (!allCommonWords && !capitalisedCommonWord) {
      spans.push({ start: first.start, end: (run[run.length - 1] as Token).end });
    }
    i = j;
  }
  return spans;
}
