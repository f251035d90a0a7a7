/**
 * Runs of characters longer than any word (see text-bounds) in a parsed transcript. A file that is almost nothing else
 * (an encoded or binary file saved as text, minified code) has no words to analyse: it is refused, at no cost. An
 * interview with such a run pasted in keeps its text whole and is read as usual; a note says the run is left out.
 */
import { ParseError } from '@verbatim/contract/transcript';
import { TEXT_LIMITS } from '../../config/server-limits';
import { maskOverlongRuns, overlongShare } from '../text-bounds';
import { countWords } from './word-count';

export function unreadableText(runChars: number, words: number): ParseError {
  const said = words === 0 ? 'no words' : words === 1 ? 'only 1 word' : `only ${words.toLocaleString('en')} words`;
  return new ParseError(
    'unreadable-text',
    `This file has ${said} to analyse: the rest of its text is ${runChars.toLocaleString('en')} characters without a space, longer than any word, as in encoded data rather than a transcript; check that you picked the right file, or save the transcript as text and upload it again.`,
  );
}

/** Throws `unreadable-text` for a transcript that is almost all over-long runs; else the note to add for its runs, if any. */
export function unbrokenRunsNote(text: string): string | null {
  const { runs, runChars, share } = overlongShare(text);
  if (runs.length === 0) return null;
  if (share >= TEXT_LIMITS.refuseAtUnbrokenShare) {
    const words = countWords(maskOverlongRuns(text));
    if (words < TEXT_LIMITS.refuseBelowWords) throw unreadableText(runChars, words);
  }
  const what = runs.length === 1 ? `A run of ${runChars.toLocaleString('en')} characters` : `${runs.length.toLocaleString('en')} runs of ${runChars.toLocaleString('en')} characters in all`;
  return `${what} without a space, longer than any word (such as encoded data or a long link), ${runs.length === 1 ? 'is' : 'are'} kept in the transcript but left out of the analysis and search.`;
}
