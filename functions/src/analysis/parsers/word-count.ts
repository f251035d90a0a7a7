/**
 * Words in a text: whitespace-separated tokens that contain a letter or digit. Chinese and Japanese are written without
 * spaces, so their characters (Han, kana) are counted separately, two characters to a word — a rough equivalent
 * that keeps limits and throughput figures comparable across languages.
 */
const CJK_CHARS = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]/g;
const HAS_WORD_CHAR = /[\p{L}\p{N}]/u;

export function countWords(text: string): number {
  const cjk = text.match(CJK_CHARS)?.length ?? 0;
  const rest = cjk > 0 ? text.replace(CJK_CHARS, ' ') : text;
  let words = 0;
  for (const token of rest.split(/\s+/)) if (token.length > 0 && HAS_WORD_CHAR.test(token)) words++;
  return words + Math.ceil(cjk / 2);
}
