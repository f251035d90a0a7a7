/** Meaning of words and statements (word vectors), for grouping what says the same thing. Pure but for loading the table. */
export { loadWordVectors, wordVectorsPath } from './load-word-vectors';
export { centre, centroid, commonComponent, cosine, plainWords, sentenceVector, wordWeight } from './sentence-meaning';
export { BUILD_COMMAND, readWordVectors, WordVectorTableError, type WordVectors } from './word-vectors';
