/**
 * One Gemini call with retries, its attempts and tokens added to `usage` (shared by the analyser, the synthesis and Ask)
 * and told to the policy's `onSpent` as soon as the call is settled, so a run stopped later has recorded it.
 */
import type { TokenUsage } from '@verbatim/contract/insight';
import { callGemini, type CallRequest, type CallResult } from './gemini-call';
import type { GenAiClient } from './gemini-client';
import { withRetries, type RetryPolicy } from './retry';

export async function countedCall(client: GenAiClient, request: CallRequest, policy: RetryPolicy, usage: TokenUsage): Promise<CallResult> {
  let attempts = 0;
  let result: CallResult;
  try {
    result = await withRetries(
      () => callGemini(client, request),
      policy,
      () => {
        usage.calls += 1;
        attempts += 1;
      },
    );
  } catch (error) {
    // Its attempts were spent though no answer came.
    if (attempts > 0) policy.onSpent?.({ ...noUsage(), calls: attempts });
    throw error;
  }
  usage.promptTokens += result.usage.promptTokens;
  usage.outputTokens += result.usage.outputTokens;
  usage.totalTokens += result.usage.totalTokens;
  policy.onSpent?.({ ...result.usage, calls: attempts });
  return result;
}

export const noUsage = (): TokenUsage => ({ promptTokens: 0, outputTokens: 0, totalTokens: 0, calls: 0 });

/** Adds `spent` to `into`. */
export function addUsage(into: TokenUsage, spent: TokenUsage): void {
  into.calls += spent.calls;
  into.promptTokens += spent.promptTokens;
  into.outputTokens += spent.outputTokens;
  into.totalTokens += spent.totalTokens;
}

/** What `total` holds beyond `recorded` (never below nothing): what a run reports at its end that it did not as it went. */
export function usageBeyond(total: TokenUsage, recorded: TokenUsage): TokenUsage {
  return {
    calls: Math.max(0, total.calls - recorded.calls),
    promptTokens: Math.max(0, total.promptTokens - recorded.promptTokens),
    outputTokens: Math.max(0, total.outputTokens - recorded.outputTokens),
    totalTokens: Math.max(0, total.totalTokens - recorded.totalTokens),
  };
}

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
