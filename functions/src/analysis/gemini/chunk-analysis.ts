/**
 * One chunk: a call (with its HTTP retries), then a strict reading of the answer. A malformed answer (not JSON, off
 * the schema, empty) is asked for once more; a second one fails the analysis with `malformed-response`. An answer
 * that cannot change by asking again is not re-asked: a prompt blocked by Gemini's filters, an answer stopped for
 * safety, recitation or prohibited content (`blocked`), one stopped for a language Gemini does not support
 * (`unsupported-language`), or one cut off at the token limit (`too-long`). An answer stopped for another reason
 * (OTHER) is asked for once more, as a malformed one is.
 * Every attempt counts as a call; the tokens of every answer received are counted, good or not.
 */
import { AnalysisError, type TokenUsage } from '@verbatim/contract/insight';
import { countedCall } from './counted-call';
import type { GenAiClient } from './gemini-client';
import { readAnswer, type ChunkAnswer, type DroppedItems } from './response-validation';
import type { RetryPolicy } from './retry';

export const MALFORMED_ATTEMPTS = 2;

/** Finish reasons of an answer Gemini's filters stopped: the same prompt is stopped the same way. */
export const BLOCKING_FINISH_REASONS: ReadonlySet<string> = new Set(['SAFETY', 'RECITATION', 'PROHIBITED_CONTENT', 'BLOCKLIST', 'SPII', 'IMAGE_SAFETY']);

export interface ChunkRequest {
  model: string;
  systemInstruction: string;
  userPrompt: string;
  thinkingBudget: number;
  maxOutputTokens: number;
}

export interface ChunkResult {
  answer: ChunkAnswer;
  dropped: DroppedItems;
}

/** Fails at once when the answer is one asking again would not change. */
function refuseFinalAnswer(finishReason: string | undefined, blockReason: string | undefined, maxOutputTokens: number): void {
  if (blockReason) {
    throw new AnalysisError('blocked', `Gemini blocked the prompt (${blockReason}).`);
  }
  if (finishReason && BLOCKING_FINISH_REASONS.has(finishReason)) {
    throw new AnalysisError('blocked', `Gemini stopped its answer (${finishReason}).`);
  }
  if (finishReason === 'LANGUAGE') {
    throw new AnalysisError('unsupported-language', 'Gemini stopped its answer for a language it does not support (LANGUAGE).');
  }
  if (finishReason === 'MAX_TOKENS') {
    throw new AnalysisError('too-long', `Gemini's answer reached the limit of ${maxOutputTokens} output tokens (MAX_TOKENS) and was cut off.`);
  }
}

export async function analyseChunk(client: GenAiClient, request: ChunkRequest, policy: RetryPolicy, usage: TokenUsage): Promise<ChunkResult> {
  let problem = '';
  for (let attempt = 0; attempt < MALFORMED_ATTEMPTS; attempt++) {
    const result = await countedCall(
      client,
      { ...request, timeoutMs: policy.timeoutMs, ...(policy.signal ? { signal: policy.signal } : {}) },
      policy,
      usage,
    );
    const reading = readAnswer(result.text);
    if (reading.ok) return { answer: reading.answer, dropped: reading.dropped };
    refuseFinalAnswer(result.finishReason, result.blockReason, request.maxOutputTokens);
    problem = result.finishReason && result.finishReason !== 'STOP' ? `the answer stopped early (${result.finishReason})` : reading.problem;
  }
  throw new AnalysisError('malformed-response', `Gemini's answer did not have the expected shape, twice: ${problem}.`);
}
