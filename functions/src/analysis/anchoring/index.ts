/**
 * Quote anchoring: what an analyser proposes becomes quotes that are verbatim, located spans of the transcript.
 * Pure; no I/O.
 */
export { anchorAnalysis, emptyQuoteStats, type AnchoredInsight, type AnchorResult } from './anchor-analysis';
export { QuoteLocator, type MatchStep, type QuoteOutcome } from './anchor-quote';
export { FUZZY_MAX_WORDS, FUZZY_MIN_SIMILARITY, FUZZY_MIN_WORDS } from './fuzzy-search';
export { matchWords, type MatchWord } from './match-text';
export { quotableSpeakers } from './turn-index';
export { comparable, isSaid, keepVerbatimMarks, quotations, quotedSpans, quotesUnsaid, SAID_APART, type Quotation } from './quotation-marks';
