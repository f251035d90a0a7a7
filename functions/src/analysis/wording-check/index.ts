/** The wording check: the defects a title may not have when it reaches the board (the wording benchmark's rules, one implementation). */
export { falseQuotes, MAX_WORDING_WORDS, MIN_WORDING_WORDS, normalised, OPENS_PHRASE, wordingDefects, wordingSource, type WordingDefect, type WordingSource } from './wording-defects';
