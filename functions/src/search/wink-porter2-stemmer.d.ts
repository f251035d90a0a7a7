declare module 'wink-porter2-stemmer' {
  /** The Porter2 (English) stem of a lower-case word. */
  function stem(word: string): string;
  export = stem;
}
