/** How alike two tags are: 1 for the same tag (ignoring case and spaces), else the overlap of their words. */
import { tagKey } from '@verbatim/contract/themes';

const WEAK_WORDS = new Set(['a', 'an', 'the', 'of', 'and', 'or', 'for', 'to', 'in', 'on', 'with', 'about', 'vs']);

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

export function tagWords(tag: string): Set<string> {
  return new Set(
    tagKey(tag)
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 1 && !WEAK_WORDS.has(word))
      .map(singular),
  );
}

/** Jaccard overlap of the tags' words; 1 for equal tags; 0 when either is blank. */
export function tagSimilarity(a: string, b: string): number {
  const keyA = tagKey(a);
  const keyB = tagKey(b);
  if (keyA === '' || keyB === '') return 0;
  if (keyA === keyB) return 1;
  const wordsA = tagWords(a);
  const wordsB = tagWords(b);
  if (wordsA.size === 0 || wordsB.size === 0) return 0;
  let shared = 0;
  for (const word of wordsA) if (wordsB.has(word)) shared++;
  return shared / (wordsA.size + wordsB.size - shared);
}
