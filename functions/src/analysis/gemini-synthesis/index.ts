/** The project synthesis written by Gemini over the anchored insights. Pure of Firebase. */
export { writeSynthesisWithGemini, SYNTHESIS_MAX_RETRIES, type GeminiSynthesisOptions, type GeminiSynthesisResult } from './gemini-synthesis';
export { quotesInventedText, readSynthesisAnswer, type SynthesisAnswer, type SynthesisReading } from './synthesis-answer';
export { buildSynthesisInstruction, buildSynthesisPrompt, PROMPT_LIMITS, type Catalogue, type SynthesisPrompt } from './synthesis-prompt';
export { SYNTHESIS_JSON_SCHEMA, SYNTHESIS_LIMITS } from './synthesis-schema';
export { checkedSummary, countedSummary } from './summary-counts';
