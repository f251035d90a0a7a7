/**
 * The written answer from Gemini: one call (structured JSON, a deadline, one retry on a busy or failing service, none
 * after a timeout: the researcher is waiting) with the question and the retrieved passages, then the server's check of
 * every sentence and citation. Ask has its own thinking and output limits, far below an analysis's: an answer of a few
 * sentences needs little thought. Any failure is returned as a reason saying what happened (timeout, blocked, quota,
 * busy, too long, malformed…), for the extractive answer to take over with that sentence. Either way the outcome carries
 * the calls made and the tokens of every answer received, to be counted.
 */
import { AnalysisError, type TokenUsage } from '@verbatim/contract/insight';
import { countedCall, createClient, noUsage } from '../analysis/gemini';
import { BLOCKING_FINISH_REASONS } from '../analysis/gemini/chunk-analysis';
import type { AskPassage } from '@verbatim/contract/search';
import { ASK_JSON_SCHEMA, ASK_SYSTEM_INSTRUCTION, askPrompt } from './ask-prompt';
import { MalformedAnswerError, validateAnswer, type ValidatedAnswer } from './ask-validation';
import { ASK_TIMEOUT_MS } from './ask-deadline';

export { ASK_TIMEOUT_MS };
export const ASK_MAX_RETRIES = 1;
/** Ask's thinking: a budget of 512 tokens, LOW on Gemini 3 models (model-thinking.ts). */
export const ASK_THINKING_BUDGET = 512;
/** Ask's answer, thinking included: six sentences with citations need a few hundred tokens. */
export const ASK_MAX_OUTPUT_TOKENS = 4_096;
/** The longest a retry's wait may be: the researcher is waiting. */
export const ASK_RETRY_WAIT_MAX_MS = 2_000;

export interface AskGeminiOptions {
  apiKey: string;
  model: string;
  baseUrl?: string;
  timeoutMs?: number;
  maxRetries?: number;
  thinkingBudget?: number;
  maxOutputTokens?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Why Gemini's answer could not be used: each has its own sentence (ask-service.ts). */
export type AskFailure = 'timeout' | 'malformed' | 'unavailable' | 'service-error' | 'busy' | 'quota' | 'blocked' | 'unsupported-language' | 'too-long' | 'too-much-input' | 'misconfigured';

export type GeminiAskOutcome = ({ ok: true; answer: ValidatedAnswer } | { ok: false; reason: AskFailure; detail: string }) & {
  usage: TokenUsage;
};

/** What a failed call means for Ask. */
export function askFailureOf(error: unknown): AskFailure {
  if (!(error instanceof AnalysisError)) return 'unavailable';
  switch (error.code) {
    case 'timeout':
      return 'timeout';
    case 'quota-exhausted':
      return 'quota';
    case 'rate-limited':
    case 'overloaded':
      return 'busy';
    case 'too-much-input':
      return 'too-much-input';
    case 'misconfigured':
    case 'unsupported-file':
      return 'misconfigured';
    case 'provider-error':
      // Google answered, with an error (a 500, a front end's 502 page), or could not be reached at all.
      return error.message.startsWith('Gemini could not be reached') ? 'unavailable' : 'service-error';
    default:
      return 'unavailable';
  }
}

export async function askGemini(question: string, passages: readonly AskPassage[], options: AskGeminiOptions): Promise<GeminiAskOutcome> {
  const client = createClient(options.apiKey, options.baseUrl);
  const timeoutMs = options.timeoutMs ?? ASK_TIMEOUT_MS;
  const maxOutputTokens = options.maxOutputTokens ?? ASK_MAX_OUTPUT_TOKENS;
  const usage = noUsage();
  let result;
  try {
    result = await countedCall(
      client,
      {
        model: options.model,
        systemInstruction: ASK_SYSTEM_INSTRUCTION,
        userPrompt: askPrompt(question, passages),
        timeoutMs,
        responseJsonSchema: ASK_JSON_SCHEMA,
        thinkingBudget: options.thinkingBudget ?? ASK_THINKING_BUDGET,
        maxOutputTokens,
      },
      {
        maxRetries: options.maxRetries ?? ASK_MAX_RETRIES,
        timeoutMs,
        // A call that timed out is not asked again: the researcher would wait twice as long for it.
        timeoutRetries: 0,
        sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, ASK_RETRY_WAIT_MAX_MS)))),
        random: Math.random,
      },
      usage,
    );
  } catch (error) {
    return { ok: false, reason: askFailureOf(error), detail: error instanceof Error ? error.message : String(error), usage };
  }
  if (result.blockReason) return { ok: false, reason: 'blocked', detail: `Gemini blocked the question (${result.blockReason}).`, usage };
  if (result.finishReason && BLOCKING_FINISH_REASONS.has(result.finishReason)) return { ok: false, reason: 'blocked', detail: `Gemini stopped its answer (${result.finishReason}).`, usage };
  if (result.finishReason === 'LANGUAGE') return { ok: false, reason: 'unsupported-language', detail: 'Gemini stopped its answer (LANGUAGE).', usage };
  if (result.finishReason === 'MAX_TOKENS') return { ok: false, reason: 'too-long', detail: `Gemini's answer reached ${maxOutputTokens} output tokens (MAX_TOKENS).`, usage };
  try {
    return { ok: true, answer: validateAnswer(result.text, new Map(passages.map((p) => [p.id, p.text]))), usage };
  } catch (error) {
    if (error instanceof MalformedAnswerError) {
      const stopped = result.finishReason && result.finishReason !== 'STOP' ? ` (it stopped early: ${result.finishReason})` : '';
      return { ok: false, reason: 'malformed', detail: `${error.message}${stopped}`, usage };
    }
    throw error;
  }
}
