/**
 * One chunk: a call (with its HTTP retries), then a strict reading of the answer. A malformed answer (not JSON, off
 * the schema, empty, blocked) is asked for once more; a second one fails the analysis with `malformed-response`.
 * Every attempt counts as a call; the tokens of every answer received are counted, good or not.
 */
import { AnalysisError, type TokenUsage } from '@verbatim/contract/insight';
import { countedCall } from './counted-call';
import type { GenAiClient } from './gemini-client';
import { readAnswer, type ChunkAnswer } from './response-validation';
import type { RetryPolicy } from './retry';

export const MALFORMED_ATTEMPTS = 2;

export interface ChunkRequest {
  model: string;
  systemInstruction: string;
  userPrompt: string;
}

function describeEmpty(finishReason: string | undefined, blockReason: string | undefined): string | undefined {
  if (blockReason) return `the prompt was blocked (${blockReason})`;
  if (finishReason && finishReason !== 'STOP') return `the answer stopped early (${finishReason})`;
  return undefined;
}

export async function analyseChunk(
  client: GenAiClient,
  request: ChunkRequest,
  policy: RetryPolicy,
  usage: TokenUsage,
): Promise<ChunkAnswer> {
  let problem = '';
  for (let attempt = 0; attempt < MALFORMED_ATTEMPTS; attempt++) {
    const result = await countedCall(
      client,
      { ...request, timeoutMs: policy.timeoutMs, ...(policy.signal ? { signal: policy.signal } : {}) },
      policy,
      usage,
    );

    const reading = readAnswer(result.text);
    if (reading.ok) return reading.answer;
    problem = describeEmpty(result.finishReason, result.blockReason) ?? reading.problem;
  }
  throw new AnalysisError('malformed-response', `Gemini's answer did not have the expected shape, twice: ${problem}.`);
}
