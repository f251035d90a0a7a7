/** One Gemini call with retries, its attempts and tokens added to `usage` (shared by the analyser, the synthesis and Ask). */
import type { TokenUsage } from '@verbatim/contract/insight';
import { callGemini, type CallRequest, type CallResult } from './gemini-call';
import type { GenAiClient } from './gemini-client';
import { withRetries, type RetryPolicy } from './retry';

export async function countedCall(client: GenAiClient, request: CallRequest, policy: RetryPolicy, usage: TokenUsage): Promise<CallResult> {
  const result = await withRetries(
    () => callGemini(client, request),
    policy,
    () => {
      usage.calls += 1;
    },
  );
  usage.promptTokens += result.usage.promptTokens;
  usage.outputTokens += result.usage.outputTokens;
  usage.totalTokens += result.usage.totalTokens;
  return result;
}

export const noUsage = (): TokenUsage => ({ promptTokens: 0, outputTokens: 0, totalTokens: 0, calls: 0 });

/** What a failed run had spent when it failed, keyed by its error (so the error's own shape stays as it is). */
const spentBeforeFailure = new WeakMap<object, TokenUsage>();

/** Marks `error` with the calls and tokens spent before it, for whoever records usage; returns the error. */
export function withUsageSpent(error: unknown, usage: TokenUsage): unknown {
  if (typeof error === 'object' && error !== null) spentBeforeFailure.set(error, { ...usage });
  return error;
}

/** The calls and tokens a failed run had spent (none known: null). */
export function usageSpentBefore(error: unknown): TokenUsage | null {
  return typeof error === 'object' && error !== null ? (spentBeforeFailure.get(error) ?? null) : null;
}
