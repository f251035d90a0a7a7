/** One Gemini call with retries, its attempts and tokens added to `usage` (shared by the analyser and the synthesis). */
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
