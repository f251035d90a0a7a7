/**
 * Passages of a language written without spaces between words (Japanese, Chinese) or with particles joined to them
 * (Korean), read with the runtime's own sentence and word segmentation (ICU's dictionaries, through `Intl.Segmenter`),
 * where wink sees one long word. As for the other languages the English model cannot read, a passage is a sentence of
 * a participant's turn, and the words that could tie it to others are its content words: words of kanji, hanzi,
 * katakana, hangul or Latin letters, two characters or more. A word with hiragana in it is a particle, an ending or a
 * function word, or a verb or adjective with its ending ("思い", "張っ"): never a term. A Korean word is compared
 * without the particle joined to its end.
 */
import type { Keyphrase } from './keyphrases';
import { functionWords, openers } from './languages';
import type { Statement } from './statements';
import type { TurnTokens } from './turn-tokens';

/** A passage has this many words at least (particles counted, as the segmenter gives them) and this many at most. */
const MIN_WORDS = 6;
const MAX_WORDS = 120;
/** A title is the passage's opening words, at most this many of them, and at most this many set apart by spaces. */
const MAX_TITLE_WORDS = 16;
const MAX_SPACED_WORDS = 12;

/** Content: Han ideographs, katakana (with its long vowel mark), hangul, Latin letters and digits, and no hiragana. */
const CONTENT = /^(?=.*[\p{Script=Han}\p{Script=Katakana}\p{Script=Hangul}A-Za-z])[\p{Script=Han}\p{Script=Katakana}\p{Script=Hangul}\u30fc\u30fbA-Za-z0-9._-]+$/u;

function segmenter(language: string, granularity: 'word' | 'sentence'): Intl.Segmenter {
  return new Intl.Segmenter(language.toLowerCase().slice(0, 2), { granularity });
}

/**
 * Korean particles joined to the end of a word ("보고서는", "데이터를", "팀에서"), longest first: a word is compared
 * without them, so "보고서" and "보고서는" are one word. A one-syllable particle that also ends nouns ("이", "가",
 * "의", "도", …) comes off only a word of three syllables or more.
 */
const PARTICLES = ['에서는', '에게서', '으로는', '에서', '에게', '으로', '까지', '부터', '처럼', '보다', '하고', '이랑', '은', '는', '을', '를', '에', '와', '과', '이', '가', '의', '도', '만', '로'];
const SHORT_ONLY = new Set(['은', '는', '을', '를', '에']);

/** The word without a Korean particle joined to its end. */
function stem(word: string): string {
  if (!/\p{Script=Hangul}$/u.test(word)) return word;
  const syllables = Array.from(word);
  for (const particle of PARTICLES) {
    if (!word.endsWith(particle)) continue;
    const left = syllables.length - particle.length;
    if (left >= (SHORT_ONLY.has(particle) || particle.length > 1 ? 1 : 2)) return syllables.slice(0, left).join('');
  }
  return word;
}

function isTerm(word: string, nameless: ReadonlySet<string>): boolean {
  return word.length >= 2 && CONTENT.test(word) && !nameless.has(word) && !/^\p{N}+$/u.test(word);
}

/** The passages of quotable turns, each with the words that could tie it to others. */
export function unspacedStatements(turns: readonly TurnTokens[], text: string, language: string): Statement[] {
  const sentences = segmenter(language, 'sentence');
  const words = segmenter(language, 'word');
  const nameless = functionWords(language);
  const statements: Statement[] = [];
  // A turn is read in its passages (see text-bounds): bounded, and never across a run longer than any word.
  for (const { tokens, passage } of turns.flatMap((tokens) => tokens.passages.map((passage) => ({ tokens, passage })))) {
    const span = text.slice(passage.start, passage.end);
    for (const sentence of sentences.segment(span)) {
      const lead = sentence.segment.length - sentence.segment.trimStart().length;
      const said = sentence.segment.trim();
      if (said === '' || /[?？]$/u.test(said)) continue;
      const start = passage.start + sentence.index + lead;
      let count = 0;
      const terms = new Map<string, Keyphrase>();
      for (const word of words.segment(said)) {
        if (!word.isWordLike) continue;
        count++;
        const bare = stem(word.segment);
        const key = bare.toLowerCase();
        if (isTerm(bare, nameless) && !terms.has(key)) terms.set(key, { key, display: bare, words: 1 });
      }
      if (count < MIN_WORDS || count > MAX_WORDS || terms.size < 2) continue;
      statements.push({
        index: statements.length,
        turnIndex: tokens.turnIndex,
        speaker: tokens.speaker,
        start,
        end: start + said.length,
        words: count,
        kind: 'observation',
        strength: 0,
        sentiment: 0,
        keyphrases: [...terms.values()],
        salience: Math.round((0.5 + Math.min(count, 60) / 120) * 1000) / 1000,
      });
    }
  }
  return statements;
}

/**
 * The first passage quoted, in its own words: its first sentence (to "。", "！", "？" or a full stop), without the words
 * that open it by leaning on the talk before, at most `MAX_TITLE_WORDS` words and "…" where it goes on.
 */
export function unspacedTitle(passage: string, language: string): string {
  const clause = passage.split(/(?<=[。！？!?]|\.(?=\s))/u)[0] ?? passage;
  const parts = [...segmenter(language, 'word').segment(clause)];
  const leaning = openers(language);
  let k = 0;
  const leading = (part: Intl.SegmentData | undefined) => part !== undefined && (!part.isWordLike || leaning.has(part.segment));
  while (k < parts.length && leading(parts[k]) && parts.slice(k + 1).some((part) => part.isWordLike && !leaning.has(part.segment))) k++;
  let title = '';
  let counted = 0;
  let spaced = 1;
  for (; k < parts.length && counted < MAX_TITLE_WORDS; k++) {
    // Korean, and Latin words among the others, are written with spaces: no more of them than an English title has.
    if (/^\s+$/u.test(parts[k].segment) && ++spaced > MAX_SPACED_WORDS) break;
    title += parts[k].segment;
    if (parts[k].isWordLike) counted++;
  }
  const rest = parts.slice(k).some((part) => part.isWordLike);
  title = title.replace(/[\s、，,。.！？!?…]+$/u, '');
  return rest ? `${title} …` : title;
}
