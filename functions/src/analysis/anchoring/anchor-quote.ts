/**
 * Locating one proposed quote in a transcript: exact match, then normalised match (see `match-text.ts`), then
 * bounded fuzzy match (see `fuzzy-search.ts`). The first step that finds the quote anywhere decides; among its
 * matches, one in a quotable turn is preferred, nearest the analyser's start hint, else the first. A match must
 * lie within one turn: one spanning turns is trimmed to the turn holding at least two thirds of it, else dropped.
 * A fuzzy match that differs in a negation, a number, a name or any other word that carries meaning is refused (see
 * meaning-check.ts and content-words.ts); a word spelled another way ("colour", "color") is the same word.
 */
import type { ProposedQuote, QuoteMatch } from '@verbatim/contract/insight';
import type { Turn } from '@verbatim/contract/transcript';
import { spellingKey } from './content-words';
import { buildFuzzyIndex, fuzzyFind, type FuzzyIndex } from './fuzzy-search';
import { buildMatchText, matchWords, onWordBoundaries, originalOffset, repeatedWords, withoutRepeats, type MatchText, type MatchWord } from './match-text';
import { meaningChange, type MeaningChange } from './meaning-check';
import { overlappingTurns } from './turn-index';

const MAX_OCCURRENCES = 64;
/** Share of a cross-turn match one turn must hold for the match to be trimmed to it. */
const MIN_TURN_SHARE = 2 / 3;
const CLOSING = new Set(['.', ',', '!', '?', ';', ':', '…', '"', "'", '\u201d', '\u2019', ')', ']']);
const OPENING = new Set(['"', "'", '\u201c', '\u2018', '(', '[']);

export type MatchStep = QuoteMatch;

export type QuoteOutcome =
  | { kind: 'anchored'; start: number; end: number; turnIndex: number; step: MatchStep }
  | { kind: 'interviewer' }
  | { kind: 'changed-meaning'; change: MeaningChange }
  | { kind: 'unanchored' };

/** A transcript prepared for anchoring many quotes: normalised words and the fuzzy index are built once, lazily. */
export class QuoteLocator {
  private words?: MatchWord[];
  private matchText?: MatchText;
  private fuzzyIndex?: FuzzyIndex;
  private lowerCaseWords?: Set<string>;

  constructor(
    readonly text: string,
    readonly turns: readonly Turn[],
    readonly quotable: ReadonlySet<string>,
  ) {}

  locate(quote: ProposedQuote): QuoteOutcome {
    const wanted = quote.text.trim();
    if (wanted === '') return { kind: 'unanchored' };

    const exact = this.exactMatches(wanted);
    if (exact.length > 0) return this.choose(exact, 'exact', wanted, quote.startHint);

    const words = matchWords(wanted);
    const tidied = withoutRepeats(wanted, words).map((word) => word.text);
    if (tidied.length === 0) return { kind: 'unanchored' };
    const normalised = this.normalisedMatches(tidied.join(' '));
    if (normalised.length > 0) return this.choose(normalised, 'normalised', wanted, quote.startHint);

    const fuzzy = this.fuzzyMatches(words.map((word) => word.text));
    if (fuzzy.length > 0) return this.choose(fuzzy, 'fuzzy', wanted, quote.startHint);
    return { kind: 'unanchored' };
  }

  private exactMatches(wanted: string): [number, number][] {
    const found: [number, number][] = [];
    for (let at = this.text.indexOf(wanted); at >= 0 && found.length < MAX_OCCURRENCES; at = this.text.indexOf(wanted, at + 1)) {
      found.push([at, at + wanted.length]);
    }
    return found;
  }

  private allWords(): MatchWord[] {
    this.words ??= matchWords(this.text);
    return this.words;
  }

  /** The transcript's words with repeats set aside, for the normalised match. */
  private prepared(): MatchText {
    this.matchText ??= buildMatchText(withoutRepeats(this.text, this.allWords()));
    return this.matchText;
  }

  /** Whether the transcript writes `word` (normalised) in lower case somewhere: then a capital is no name. */
  private readonly writtenLower = (word: string): boolean => {
    if (!this.lowerCaseWords) {
      this.lowerCaseWords = new Set();
      for (const w of this.allWords()) if (w.text.charAt(0) === this.text.charAt(w.start)) this.lowerCaseWords.add(w.text);
    }
    return this.lowerCaseWords.has(word);
  };

  private normalisedMatches(joinedQuote: string): [number, number][] {
    const prepared = this.prepared();
    const found: [number, number][] = [];
    for (
      let at = prepared.joined.indexOf(joinedQuote);
      at >= 0 && found.length < MAX_OCCURRENCES;
      at = prepared.joined.indexOf(joinedQuote, at + 1)
    ) {
      const end = at + joinedQuote.length;
      if (!onWordBoundaries(prepared.joined, at, end)) continue;
      found.push([originalOffset(prepared, at), originalOffset(prepared, end - 1) + 1]);
    }
    return found;
  }

  /**
   * Close matches among all the transcript's words, where its repeats cost nothing to leave out and a word spelled
   * another way ("colour", "color") is the same word.
   */
  private fuzzyMatches(words: string[]): [number, number][] {
    const all = this.allWords();
    this.fuzzyIndex ??= buildFuzzyIndex(
      all.map((word) => ({ ...word, text: spellingKey(word.text) })),
      repeatedWords(this.text, all),
    );
    return fuzzyFind(this.fuzzyIndex, words.map(spellingKey)).map((hit) => [all[hit.from].start, all[hit.to - 1].end]);
  }

  private choose(matches: [number, number][], step: MatchStep, wanted: string, hint: number | undefined): QuoteOutcome {
    let best: Extract<QuoteOutcome, { kind: 'anchored' }> | undefined;
    let bestDistance = Infinity;
    let sawInterviewer = false;
    let change: MeaningChange | null = null;
    for (const [start, end] of matches) {
      const outcome = this.inOneTurn(start, end, step);
      if (outcome.kind === 'interviewer') sawInterviewer = true;
      if (outcome.kind !== 'anchored') continue;
      if (step === 'fuzzy') {
        const changed = meaningChange(wanted, this.text, outcome.start, outcome.end, this.writtenLower);
        if (changed) {
          change ??= changed;
          continue;
        }
      }
      const distance = hint === undefined ? 0 : Math.abs(outcome.start - hint);
      if (distance < bestDistance) {
        best = outcome;
        bestDistance = distance;
      }
    }
    if (best) return step === 'exact' ? best : this.withPunctuation(best, wanted);
    if (sawInterviewer) return { kind: 'interviewer' };
    return change ? { kind: 'changed-meaning', change } : { kind: 'unanchored' };
  }

  private inOneTurn(start: number, end: number, step: MatchStep): QuoteOutcome {
    const overlaps = overlappingTurns(this.turns, start, end);
    if (overlaps.length === 0) return { kind: 'unanchored' };
    const total = overlaps.reduce((sum, turn) => sum + turn.overlap, 0);
    const main = overlaps.reduce((a, b) => (b.overlap > a.overlap ? b : a));
    const anyUnquotable = overlaps.some((turn) => !this.quotable.has(this.turns[turn.index].speaker));
    if (main.overlap < total * MIN_TURN_SHARE) return { kind: anyUnquotable ? 'interviewer' : 'unanchored' };
    const turn = this.turns[main.index];
    if (!this.quotable.has(turn.speaker)) return { kind: 'interviewer' };
    let from = Math.max(start, turn.start);
    let to = Math.min(end, turn.end);
    while (from < to && /\s/.test(this.text.charAt(from))) from++;
    while (to > from && /\s/.test(this.text.charAt(to - 1))) to--;
    if (from === to) return { kind: 'unanchored' };
    return { kind: 'anchored', start: from, end: to, turnIndex: main.index, step };
  }

  /** A match made of words ends at a word; take in the punctuation the proposal had around it, up to 3 characters. */
  private withPunctuation(
    match: Extract<QuoteOutcome, { kind: 'anchored' }>,
    wanted: string,
  ): Extract<QuoteOutcome, { kind: 'anchored' }> {
    const turn = this.turns[match.turnIndex];
    let { start, end } = match;
    if (CLOSING.has(wanted.charAt(wanted.length - 1))) {
      let taken = 0;
      while (taken < 3 && end < turn.end && CLOSING.has(this.text.charAt(end))) {
        end++;
        taken++;
      }
    }
    if (OPENING.has(wanted.charAt(0)) && start > turn.start && OPENING.has(this.text.charAt(start - 1))) start--;
    return { ...match, start, end };
  }
}
