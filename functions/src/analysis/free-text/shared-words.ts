/**
 * Whether a sentence a model wrote rests on a passage: they must share a word that carries meaning. Words of no
 * meaning (see anchoring/content-words.ts), pronouns, and the words any sentence about an interview uses ("participant",
 * "says", "mentions") do not count; a word is compared by its spelling key with a plural or verb ending aside. Pure.
 */
import { isMeaningless, spellingKey } from '../anchoring/content-words';

/** Words any sentence about interviews may use without resting on one. */
const ABOUT_INTERVIEWS = new Set(
  (
    'i me my mine we us our ours you your yours he him his she her hers they them their theirs one ones someone ' +
    'participant participants interviewee interviewees respondent respondents interview interviews speaker user users ' +
    'say says said saying mention mentions mentioned describe describes described talk talks talked explain explains explained ' +
    'feel feels felt think thinks thought find finds found note notes noted point points who which what when where how why ' +
    'not no also more most some many other others both each all can could would should will may might must'
  ).split(' '),
);

function key(word: string): string {
  const spelled = spellingKey(word);
  return spelled.length > 5 ? spelled.replace(/(?:ing|ed|es)$/u, '') : spelled;
}

const wordSegments = new Intl.Segmenter('und', { granularity: 'word' });
/** Scripts written without spaces, where one character can be a word ("私", "消"). */
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;

/** The words of `text` that carry meaning, as compared (words of scripts without spaces found by segmenting). */
export function meaningfulWords(text: string): Set<string> {
  const found = new Set<string>();
  for (const segment of wordSegments.segment(text.replace(/[\u2018\u2019\u02bc]/gu, "'"))) {
    if (!segment.isWordLike) continue;
    const word = segment.segment.toLowerCase();
    if (UNSPACED.test(word)) {
      if (word.length >= 2 || /\p{sc=Han}/u.test(word)) found.add(word);
      continue;
    }
    if (word.length < 3 || /^\d+$/u.test(word) || /^(?:name|email|phone)_?\d*$/u.test(word)) continue;
    if (isMeaningless(word) || ABOUT_INTERVIEWS.has(word)) continue;
    found.add(key(word));
  }
  return found;
}

/** Whether `sentence` shares a meaningful word with any of `passages`. */
export function sharesMeaningfulWords(sentence: string, passages: readonly string[]): boolean {
  const said = new Set(passages.flatMap((p) => [...meaningfulWords(p)]));
  for (const word of meaningfulWords(sentence)) if (said.has(word)) return true;
  return false;
}
