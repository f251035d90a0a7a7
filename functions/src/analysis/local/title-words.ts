/**
 * The words of a statement as an insight title reads them: joined where written as one ("computer-savvy"), a number
 * with the sign of what it counts ("€200", "30%"), counted as a reader counts them ("didn't" is one word), with
 * hesitations, discourse markers, words said twice and prepositions broken off left out; and which of them carry
 * meaning, so that a title names something. Only the title reads them so: quotes stay exact.
 */
import { CLAUSE_WORDS, SUBJECT_PRONOUNS } from './title-grammar';
import type { TurnTokens } from './turn-tokens';

/** Dropped at the start of the title (and of a clause after a comma). */
export const LEADING = new Set(['so', 'and', 'but', 'or', 'well', 'like', 'then', 'also', 'now', 'because', 'cause', "'cause", 'cuz', 'yes', 'no', 'right', 'anyway']);

/** Heads of a noun phrase that say what it is only with their complement ("a way to use it", "the kind of plot"). */
export const EMPTY_HEADS: ReadonlySet<string> = new Set(['way', 'thing', 'something', 'anything', 'kind', 'sort', 'bit', 'lot', 'part']);

/** Word sequences dropped wherever they occur (lower case, as tokens). */
const DROPPED_SEQUENCES: readonly string[][] = [
  ['you', 'know'], ['i', 'mean'], ['i', 'think'], ['i', 'guess'], ['i', 'suppose'], ['i', 'feel', 'like'], ['i', 'would', 'say'],
  ['i', "'d", 'say'], ['to', 'be', 'honest'], ['sort', 'of'], ['kind', 'of'], ['if', 'you', 'will'], ['or', 'something'],
  ['and', 'stuff'], ['or', 'whatever'], ['at', 'least', 'personally'],
];

/** Sounds of hesitation: in speech written without punctuation, where a writer would have put a comma. */
export const HESITATIONS: ReadonlySet<string> = new Set(['um', 'umm', 'uh', 'uhh', 'uhm', 'er', 'erm', 'hmm', 'hm', 'mm', 'mhm']);

const DROPPED_WORDS = new Set([
  ...HESITATIONS, 'just', 'really', 'actually', 'basically',
  'literally', 'honestly', 'obviously', 'definitely', 'certainly', 'personally', 'yeah', 'yep', 'okay', 'ok', 'oh',
  'unintelligible', 'inaudible', 'crosstalk', 'laughs', 'laughter',
]);

export interface Word {
  value: string;
  normal: string;
  lemma: string;
  pos: string;
  /** Punctuation that followed it (",", ".", …), if any. */
  after: string;
  /** Written without a space before it ("'m", "n't"). */
  attached: boolean;
  /** Its comma only set off a filler since dropped (", you know,"): not shown. */
  pause?: boolean;
}

/** A word the title says that the statement did not ("they", "…"): its own normal form and lemma, standing alone. */
export function titleWord(value: string, pos: string): Word {
  return { value, normal: value, lemma: value, pos, after: '', attached: false };
}

/** Words as wink and a word counter read them: "didn't" and "that's" are two words each. */
export function wordCount(words: readonly Word[]): number {
  return words.length;
}

/** Index just past the first `n` words, never between a word and what is attached to it ("they | 're"). */
export function endOfWords(words: readonly Word[], n: number): number {
  let end = Math.min(n, words.length);
  while (end > 0 && end < words.length && words[end].attached) end--;
  return end;
}

/** Joins a word to the one before across these marks when written without spaces ("computer-savvy", "and/or"). */
const JOINERS = new Set(['-', '/', '.', '&']);
/** Signs that say what a number counts, written after it ("30%", "5°"); a currency sign goes before or after it. */
const UNIT_SIGNS = new Set(['%', '‰', '°']);

export function wordsOf(tokens: TurnTokens, from: number, to: number): Word[] {
  const words: Word[] = [];
  let joiner = '';
  let sign = '';
  let lastWordAt = -1;
  for (let i = from; i <= to; i++) {
    const type = tokens.types[i];
    const touching = i > from && tokens.starts[i] === tokens.ends[i - 1];
    // A number keeps what it counts: "€200" and "30%" are not "200" and "30".
    if (type === 'currency' || (type === 'symbol' && UNIT_SIGNS.has(tokens.values[i]))) {
      const number = words[words.length - 1];
      if (number && lastWordAt === i - 1 && tokens.types[i - 1] === 'number') {
        number.value += tokens.values[i];
        number.normal += tokens.values[i];
      } else if (type === 'currency' && i < to && tokens.types[i + 1] === 'number' && tokens.starts[i + 1] === tokens.ends[i]) {
        sign = tokens.values[i];
      }
      continue;
    }
    if (type === 'punctuation') {
      const value = tokens.values[i];
      if (JOINERS.has(value) && touching && i < to && tokens.starts[i + 1] === tokens.ends[i] && words.length > 0) {
        joiner = value;
        continue;
      }
      // A dash between spaces (" - ", " – ") breaks the sentence like a comma.
      const mark = /^[-–—]+$/.test(value) ? ',' : value[0] === '…' ? '.' : value[0];
      if (words.length > 0 && /^([,;:.!?…]+|[-–—]+)$/.test(value)) words[words.length - 1].after ||= mark;
      joiner = '';
      continue;
    }
    if (type !== 'word' && type !== 'number') continue;
    const previous = words[words.length - 1];
    if (joiner && previous && touching) {
      previous.value += joiner + tokens.values[i];
      previous.normal += joiner + tokens.normals[i];
      joiner = '';
      lastWordAt = i;
      continue;
    }
    joiner = '';
    // "Ive", "Im" written without the apostrophe: the contraction as it is said ("I've").
    const bare = touching && /^(?:ve|ll|re|m|d)$/i.test(tokens.values[i]) && previous !== undefined && /^(?:i|we|you|they|he|she)$/.test(previous.normal);
    if (bare) {
      words.push({ value: `'${tokens.values[i]}`, normal: `'${tokens.normals[i]}`, lemma: tokens.lemmas[i].toLowerCase(), pos: tokens.pos[i], after: '', attached: true });
      lastWordAt = i;
      continue;
    }
    const attached = touching && (/^'/.test(tokens.values[i]) || /^n't$/i.test(tokens.values[i]));
    words.push({ value: sign + tokens.values[i], normal: sign + tokens.normals[i].replace(/[\u2018\u2019]/g, "'"), lemma: tokens.lemmas[i].toLowerCase(), pos: tokens.pos[i], after: '', attached });
    sign = '';
    lastWordAt = i;
  }
  return words;
}

/**
 * What a dropped filler leaves: its mark goes to the word before; a filler set off by commas ("gave us, you know, a
 * boost") leaves a pause, which a title shows as no comma at all when it goes on past it. In speech written without
 * punctuation, a hesitation ("um", "uh") is where a writer would have put a comma: it leaves such a pause too ("it's
 * not um it's a jupyter widget thing" reads as a start broken off and said again).
 */
function carryMark(out: Word[], after: string, spokenBreak = false): void {
  const previous = out[out.length - 1];
  if (!previous) return;
  if (spokenBreak && !after && !previous.after) {
    previous.after = ',';
    previous.pause = true;
    return;
  }
  if (!after) return;
  if (previous.after === ',' && after === ',') previous.pause = true;
  else previous.after ||= after;
}

/** Words with no punctuation between them, bar the last: speech transcribed without it. */
export function unpunctuated(words: readonly Word[]): boolean {
  return words.length > 1 && words.slice(0, -1).every((word) => word.after === '');
}

export function dropSequences(words: Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const sequence = DROPPED_SEQUENCES.find((seq) => seq.every((w, k) => words[i + k]?.normal === w));
    if (!sequence) {
      out.push({ ...words[i] });
      continue;
    }
    carryMark(out, words[i + sequence.length - 1].after);
    i += sequence.length - 1;
  }
  return out;
}

/** "would like", "looked like", "sounds like": "like" after these says what is wanted or what something resembles. */
const LIKENED = new Set(['would', "'d", 'look', 'seem', 'sound', 'feel', 'taste', 'smell']);

export function likens(word: Word | undefined): boolean {
  return word !== undefined && (LIKENED.has(word.normal) || LIKENED.has(word.lemma));
}

/** Words between "it's" and what frames the rest ("it's just because", "it's really like"). */
const FRAME_ADVERBS = new Set(['just', 'only', 'simply', 'really', 'probably', 'maybe', 'all', 'partly', 'mostly']);

/**
 * Where the words from `k` go on past "it's" or "that was" and the adverbs after it ("it's just | because …"), the
 * frame of a reason or an account (see condense-statement.ts); -1 when they do not open so.
 */
export function pastItIs(words: readonly Word[], k: number): number {
  if (!/^(it|that)$/.test(words[k]?.normal ?? '') || !/^('s|is|was)$/.test(words[k + 1]?.normal ?? '')) return -1;
  let i = k + 2;
  while (i < words.length && FRAME_ADVERBS.has(words[i].normal)) i++;
  return i;
}

/**
 * "it's like they never read it", "it was really like a spreadsheet": the "like" at `i` frames a clause or likens a
 * thing (see condense-statement.ts). Not before how something is ("it's like really slow"): a filler there.
 */
function framesAfterItIs(words: readonly Word[], i: number): boolean {
  let k = i - 1;
  while (k > 0 && FRAME_ADVERBS.has(words[k].normal)) k--;
  const framed = pastItIs(words, k - 1) === i;
  const [next, then] = [words[i + 1], words[i + 2]];
  // A noun that only says how much ("super confusing": wink reads "super" as a noun) is no thing.
  const thing = /^(NOUN|PROPN)$/.test(next?.pos ?? '') && !(next.after === '' && /^(ADJ|ADV)$/.test(then?.pos ?? ''));
  return framed && words[i].after === '' && (thing || /^(PRON|DET|NUM)$/.test(next?.pos ?? ''));
}

/** "something like Cash App", "tools like PDPilot": "like" as "such as", after a thing and before another. */
function suchAs(words: readonly Word[], i: number): boolean {
  const before = words[i - 1];
  const after = words[i + 1];
  const thing = before !== undefined && (before.pos === 'NOUN' || /^(some|any|every|no)thing$/.test(before.normal)) && !before.after;
  return thing && after !== undefined && /^(DET|NOUN|PROPN|NUM)$/.test(after.pos);
}

/** "say" as "for example", before the thing offered: "versus, say, a SHAP plot", "or say the export". */
function forExample(before: Word | undefined, word: Word, after: Word | undefined): boolean {
  if (word.normal !== 'say' || before === undefined || after === undefined || !/^(DET|NOUN|PROPN|NUM|ADJ)$/.test(after.pos)) return false;
  return /^(versus|vs|or|than|as|like)$/.test(before.normal) || (before.after === ',' && word.after === ',');
}

/** "then" in these is a time the title says ("back then", "since then"), not the next step of a story. */
const TIMED_THEN = new Set(['back', 'since', 'until', 'till', 'by', 'from', 'even', 'only', 'just', 'right']);

/**
 * A word that adds the claim to what was said before it, which a title cannot show: "also" ("There is also a fair bit
 * of admin"), "then" as the next step ("They then wrote up their results"), a "too" or "as well" that ends the clause.
 */
function leansOnTalk(words: readonly Word[], i: number): boolean {
  const word = words[i];
  const ends = (k: number) => k >= words.length - 1 || words[k].after !== '';
  if (word.normal === 'also') return true;
  if (word.normal === 'then') return word.pos === 'ADV' && !TIMED_THEN.has(words[i - 1]?.normal ?? '') && i > 0;
  if (word.normal === 'too') return word.pos === 'ADV' && ends(i) && i > 0;
  if (word.normal === 'as' && words[i + 1]?.normal === 'well') return ends(i + 1) && i > 0;
  if (word.normal === 'well' && words[i - 1]?.normal === 'as') return ends(i) && i > 1;
  return false;
}

export function dropFillers(words: Word[], spoken: boolean): Word[] {
  const out: Word[] = [];
  let skip = false;
  words.forEach((word, i) => {
    if (skip) {
      skip = false;
      return;
    }
    // "like" as a filler (not "would like", not the verb), "pretty" before an adjective; "very" is kept.
    // "okay" after "are", "is", "was" is what the thing is ("the slides are OK"), not a filler.
    const predicate = (word.normal === 'ok' || word.normal === 'okay') && (words[i - 1]?.lemma === 'be' || words[i - 1]?.pos === 'AUX');
    const filler =
      (DROPPED_WORDS.has(word.normal) && !predicate) ||
      leansOnTalk(words, i) ||
      (word.normal === 'like' && word.pos !== 'VERB' && !likens(words[i - 1]) && !suchAs(words, i) && !framesAfterItIs(words, i)) ||
      (word.normal === 'pretty' && (words[i + 1]?.pos === 'ADJ' || words[i + 1]?.pos === 'ADV')) ||
      forExample(out[out.length - 1], word, words[i + 1]);
    if (filler) {
      carryMark(out, word.after, spoken && HESITATIONS.has(word.normal));
      return;
    }
    // A word or two said twice in a row ("I, I", "the the", "you would you would", "let's, let's").
    const previous = out[out.length - 1];
    // A word broken off and said whole ("use-- using", "ex-- export"): the whole one stands.
    const restarted = word.normal.length > previous?.normal.length && (word.normal.startsWith(previous.normal) || word.lemma === previous.lemma);
    if (previous && previous.after === ',' && previous.normal.length >= 2 && restarted) {
      out[out.length - 1] = word;
      return;
    }
    if (previous && previous.normal === word.normal && !word.attached) {
      previous.after = word.after;
      previous.pause = word.pause;
      return;
    }
    const n = out.length;
    if (n >= 2 && words[i + 1] && out[n - 2].normal === word.normal && out[n - 1].normal === words[i + 1].normal && words[i + 1].attached === out[n - 1].attached) {
      out[n - 1].after = words[i + 1].after;
      out[n - 1].pause = words[i + 1].pause;
      skip = true;
      return;
    }
    out.push(word);
  });
  return out;
}

/**
 * A preposition broken off before a clause ("we do the same thing on, like, so, when we upgrade models"): its object
 * never came, so it goes. Not after a verb, whose preposition may take the clause ("it depends on, well, when …").
 */
export function dropAbandonedPrepositions(words: readonly Word[]): Word[] {
  const out: Word[] = [];
  words.forEach((word, k) => {
    let next = k + 1;
    while (next < words.length && LEADING.has(words[next].normal)) next++;
    const clause = words[next] !== undefined && (words[next].pos === 'SCONJ' || CLAUSE_WORDS.has(words[next].normal));
    const before = out[out.length - 1];
    // After a noun: "the same thing on, …"; not a particle after a pronoun ("bear this out, that …").
    if (word.pos === 'ADP' && word.after === ',' && clause && before !== undefined && /^(NOUN|PROPN)$/.test(before.pos) && !before.after) {
      before.after = ',';
      before.pause = true;
      return;
    }
    out.push({ ...word });
  });
  return out;
}

/**
 * A phrase set off before its clause and spoken with the clause's subject ("you going into model interpretability,
 * you always know …"): the phrase keeps its gerund and loses the subject, which the clause says again ("going into
 * model interpretability, you always know …").
 */
export function dropSubjectBeforeSetOffGerund(words: readonly Word[]): Word[] {
  const out = words.map((word) => ({ ...word }));
  for (let k = 0; k + 2 < out.length; k++) {
    const subject = out[k];
    if (!SUBJECT_PRONOUNS.has(subject.normal) || subject.after || out[k + 1].pos !== 'VERB' || !out[k + 1].normal.endsWith('ing')) continue;
    let comma = k + 1;
    while (comma < out.length && !out[comma].after) comma++;
    const phrase = out.slice(k + 1, comma + 1);
    const finite = phrase.some((word) => word.pos === 'AUX' || (word.pos === 'VERB' && !/(ing|ed)$/.test(word.normal)));
    if (finite || out[comma]?.after !== ',' || out[comma + 1]?.normal !== subject.normal) continue;
    out.splice(k, 1);
  }
  return out;
}

/** A title does not end on these. */
export const WEAK_END: ReadonlySet<string> = new Set([
  'the', 'a', 'an', 'and', 'or', 'but', 'so', 'to', 'of', 'in', 'on', 'at', 'for', 'with', 'by', 'from', 'about', 'as',
  'that', 'this', 'these', 'those', 'my', 'our', 'their', 'your', 'its', 'is', 'are', 'was', 'were', 'be', 'been',
  'if', 'when', 'where', 'which', 'who', 'what', 'how', 'than', 'then', 'very', 'more', 'most', 'not', 'into', 'like',
  'they', 'it', 'we', 'i', 'you', 'he', 'she', 'them', 'us', 'me', "'s", "'re", "'m", "'ve", "'d", "'ll", 'do', 'does',
  'did', 'have', 'has', 'had', 'can', 'could', 'would', 'should', 'will', 'might', 'may', 'must', 'just', 'some', 'any',
  'all', 'every', 'each', 'because', 'while', 'whether', 'up', 'out', 'over', 'through', 'between', 'especially',
  'say', 'versus', 'now', 'until', 'unless', 'since', 'though', 'although', 'whereas', 'whatever',
]);

/** Pronouns, auxiliaries, verbs of opinion and bare evaluations: a title made only of these names nothing. */
const VAGUE = new Set([
  'i', 'we', 'me', 'us', 'my', 'our', "i'm", "we're", "i've", 'they', 'them', 'their', 'it', "it's", 'its', 'this', 'that', "that's", 'these', 'those', 'there', "there's", 'one',
  'he', 'she', 'you', 'a', 'an', 'the', 'to', 'of', 'in', 'on', 'for', 'with', 'and', 'or', 'but', 'so', 'as', 'at',
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'do', 'does', 'did', 'done', 'have', 'has', 'had', 'would',
  'could', 'should', 'will', 'can', 'might', 'may', 'not', "don't", "didn't", "doesn't", "wasn't", "isn't",
  'think', 'thought', 'find', 'found', 'feel', 'felt', 'guess', 'say', 'said', 'see', 'saw', 'like', 'liked',
  'very', 'quite', 'really', 'pretty', 'so', 'too', 'also', 'more', 'much', 'good', 'great', 'nice', 'useful',
  'helpful', 'better', 'best', 'bad', 'fine', 'cool', 'interesting', 'way', 'thing', 'things', 'stuff', 'lot',
]);

/** Whether a title holds a word that names something (not only pronouns, opinions and evaluations). */
export function namesSomething(title: string): boolean {
  return title.toLowerCase().replace(/[\u2018\u2019]/g, "'").split(/[^\p{L}\p{N}'-]+/u).some((word) => word !== '' && !VAGUE.has(word) && !WEAK_END.has(word));
}

const CONTENT = /^(NOUN|PROPN|VERB|ADJ|NUM)$/;

/** Words that carry meaning: nouns, verbs, adjectives and numbers, not the weak words a title does not end on. */
export function contentCount(words: readonly Word[]): number {
  return words.filter((word) => CONTENT.test(word.pos) && !WEAK_END.has(word.normal)).length;
}
