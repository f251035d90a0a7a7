/**
 * How long Ask waits for Gemini's written answer before the most relevant quotes take over: the researcher is waiting.
 * A module of its own, so the sentences that say it (analysis/gemini-failure-messages.ts) do not load the Gemini client.
 */
export const ASK_TIMEOUT_MS = 20_000;
