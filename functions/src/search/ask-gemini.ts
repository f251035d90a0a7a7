/**
 * The written answer from Gemini: one call (structured JSON, a deadline, one retry on a busy or failing service)
 * with the question and the retrieved passages, then the server's check of every sentence and citation. Any
 * failure (timeout, HTTP error, malformed JSON) is returned as a reason, for the extractive answer to take over.
 * Either way the outcome carries the calls made and the tokens of every answer received, to be counted.
 */
import type { TokenUsage } from '@verbatim/contract/insight';
import { countedCall, createClient, noUsage } from '../analysis/gemini';
import type { AskPassage } from '@verbatim/contract/search';
import { ASK_JSON_SCHEMA, ASK_SYSTEM_INSTRUCTION, askPrompt } from './ask-prompt';
import { MalformedAnswerError, validateAnswer, type ValidatedAnswer } from './ask-validation';

export const ASK_TIMEOUT_MS = 20_000;
export const ASK_MAX_RETRIES = 1;

export interface AskGeminiOptions {
  apiKey: string;
  model: string;
  baseUrl?: string;
  timeoutMs?: number;
  maxRetries?: number;
  sleep?: (ms: number) => Promise<void>;
}

export type GeminiAskOutcome = ({ ok: true; answer: ValidatedAnswer } | { ok: false; reason: 'timeout' | 'malformed' | 'unavailable' }) & {
  usage: TokenUsage;
};

export async function askGemini(question: string, passages: readonly AskPassage[], options: AskGeminiOptions): Promise<GeminiAskOutcome> {
  const client = createClient(options.apiKey, options.baseUrl);
  const timeoutMs = options.timeoutMs ?? ASK_TIMEOUT_MS;
  const usage = noUsage();
  let text: string | undefined;
  try {
    const result = await countedCall(
      client,
      { model: options.model, systemInstruction: ASK_SYSTEM_INSTRUCTION, userPrompt: askPrompt(question, passages), timeoutMs, responseJsonSchema: ASK_JSON_SCHEMA },
      {
        maxRetries: options.maxRetries ?? ASK_MAX_RETRIES,
        timeoutMs,
        sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 2_000)))),
        random: Math.random,
      },
      usage,
    );
    text = result.text;
  } catch (error) {
    return { ok: false, reason: (error as { code?: string }).code === 'timeout' ? 'timeout' : 'unavailable', usage };
  }
  try {
    return { ok: true, answer: validateAnswer(text, new Map(passages.map((p) => [p.id, p.text]))), usage };
  } catch (error) {
    if (error instanceof MalformedAnswerError) return { ok: false, reason: 'malformed', usage };
    throw error;
  }
}
