import { firstIndex } from '@verbatim/contract/transcript-lookup';

/**
 * REFI-QDA counts text positions in characters (Unicode code points); JavaScript strings index UTF-16 code
 * units, and a character outside the Basic Multilingual Plane (most emoji) takes two of them.
 * `codePointIndex(text)` converts: position i in `text` becomes the number of code points in `text.slice(0, i)`.
 */
export function codePointIndex(text: string): (utf16Index: number) => number {
  const pairStarts: number[] = [];
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairStarts.push(i);
        i++;
      }
    }
  }
  return (utf16Index) => {
    const index = Math.max(0, Math.min(utf16Index, text.length));
    // Each surrogate pair wholly before `index` is one character in two units.
    return index - firstIndex(pairStarts, (start) => start + 2 > index);
  };
}
