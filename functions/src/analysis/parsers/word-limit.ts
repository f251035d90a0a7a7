/**
 * The transcript word limit (MAX_TRANSCRIPT_WORDS), checked as early as the words are known: on the pieces of speech,
 * before segments, text and turns are built, so a file far over the limit is refused without that work. Joining never
 * splits or merges tokens (turns are joined by whitespace, or by nothing between two Han or kana characters, which are
 * counted apart), so the pieces' words are the transcript's, except that each turn rounds its Han and kana up to a
 * whole word: the count here is never above the final one.
 */
import { MAX_TRANSCRIPT_WORDS, ParseError } from '@verbatim/contract/transcript';
import { countWordParts, type WordParts } from './word-count';

export function tooManyWords(words: number): ParseError {
  return new ParseError(
    'too-many-words',
    `This transcript has about ${words.toLocaleString('en')} words, more than the ${MAX_TRANSCRIPT_WORDS.toLocaleString('en')} allowed; split it into several files and upload them separately.`,
  );
}

/** Words of pieces of speech added one by one, to be checked against the limit. */
export class WordTally {
  private words = 0;
  private cjk = 0;

  add(text: string): void {
    this.addParts(countWordParts(text));
  }

  /** Adds counts already made (see `countWordParts`). */
  addParts(parts: WordParts): void {
    this.words += parts.words;
    this.cjk += parts.cjk;
  }

  /**
   * Throws `too-many-words` when the pieces certainly hold more words than allowed. `share` is the part of the file
   * they are (when counting stops early): the message then estimates the whole file's words from it.
   */
  assertWithinLimit(share = 1): void {
    const atLeast = this.words + Math.ceil(this.cjk / 2);
    if (atLeast > MAX_TRANSCRIPT_WORDS) throw tooManyWords(Math.round(atLeast / share));
  }
}
