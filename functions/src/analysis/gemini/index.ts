/** The Gemini analyser. Pure of Firebase: the wiring passes the key (a secret) and the model (a param). */
export { createGeminiAnalyser } from './gemini-analyser';
export {
  DEFAULT_CHUNK_WORDS,
  DEFAULT_GEMINI_MODEL,
  DEFAULT_MAX_CONCURRENCY,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type GeminiAnalyserOptions,
} from './options';
export { ANSWER_JSON_SCHEMA, ANSWER_LIMITS } from './response-schema';
export { createClient, type GenAiClient } from './gemini-client';
export { callGemini, GeminiCallError } from './gemini-call';
export { withRetries } from './retry';
export { addUsage, countedCall, noUsage, usageBeyond, usageSpentBefore } from './counted-call';
