/**
 * The project synthesis written by Gemini: one generateContent call over the project's anchored insights (HTTP
 * retries on 429/5xx and network errors, never a second call for a malformed answer), read strictly against the ids
 * it was given. Never throws for Gemini's sake: a failure comes back as a sentence for the researcher, with the
 * tokens spent, so the caller can use the built-in synthesis and say why. Pure of Firebase.
 */
import { AnalysisError, type ProjectSynthesis, type TokenUsage } from '@verbatim/contract/insight';
import { BLOCKING_FINISH_REASONS } from '../gemini/chunk-analysis';
import { countedCall } from '../gemini/counted-call';
import { createClient } from '../gemini/gemini-client';
import { resolveOptions, type GeminiAnalyserOptions } from '../gemini/options';
import type { RetryPolicy } from '../gemini/retry';
import { redactPii, speakerNameCandidates } from '../redaction';
import type { SynthesisInterview } from '../synthesis';
import { readSynthesisAnswer } from './synthesis-answer';
import { buildSynthesisPrompt } from './synthesis-prompt';
import { SYNTHESIS_JSON_SCHEMA } from './synthesis-schema';

export const SYNTHESIS_MAX_RETRIES = 2;

export type GeminiSynthesisOptions = Omit<GeminiAnalyserOptions, 'chunkWords' | 'maxConcurrency'> & {
  /** Speaker labels of the interviews: names among them are redacted too (with `redactPii`). */
  speakerLabels?: readonly string[];
  /** Abandons the call (a newer synthesis replaced this one): no retry follows. */
  signal?: AbortSignal;
};

export type GeminiSynthesisResult =
  | { ok: true; synthesis: ProjectSynthesis; droppedIds: number; droppedFindings: number; leftOut: number; usage: TokenUsage; model: string }
  | { ok: false; reason: string; usage: TokenUsage; model: string };

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} seconds`;
}

function reasonOf(error: unknown, timeoutMs: number): string {
  if (!(error instanceof AnalysisError)) return 'something went wrong on our side while asking Gemini';
  switch (error.code) {
    case 'timeout':
      return `Gemini did not answer within ${seconds(timeoutMs)}`;
    case 'rate-limited':
      return 'Gemini is limiting requests right now';
    case 'overloaded':
      return 'Gemini was overloaded and did not take the request';
    case 'quota-exhausted':
      return 'the server’s daily Gemini quota is used up';
    case 'misconfigured':
      return 'Gemini refused the request as this server sets it up (the log has the details)';
    case 'too-much-input':
      return 'the project’s insights are more than Gemini reads in one request';
    case 'provider-error':
      // A network failure, or Google's service answering with an error (its HTML page or status kept for the log).
      return error.message.startsWith('Gemini could not be reached') ? 'Gemini could not be reached' : 'Gemini’s service kept failing through every retry';
    case 'unsupported-language':
      return 'Gemini stopped because the insights are in a language it does not support';
    default:
      return 'something went wrong on our side while asking Gemini';
  }
}

export async function writeSynthesisWithGemini(documents: readonly SynthesisInterview[], options: GeminiSynthesisOptions): Promise<GeminiSynthesisResult> {
  const config = resolveOptions({ ...options, maxRetries: options.maxRetries ?? SYNTHESIS_MAX_RETRIES });
  const usage: TokenUsage = { promptTokens: 0, outputTokens: 0, totalTokens: 0, calls: 0 };
  const model = config.model;

  let redact = (s: string) => s;
  let restore = (s: string) => s;
  if (config.redactPii) {
    const all = documents.flatMap((d) => [d.documentName, ...d.insights.flatMap((i) => [i.title, i.tag, ...i.quotes.map((q) => q.text)])]).join('\n\n');
    const redaction = redactPii(all, speakerNameCandidates((options.speakerLabels ?? []).map((label) => ({ label, aliases: [] }))));
    redact = redaction.redact;
    restore = redaction.restore;
  }
  const prompt = buildSynthesisPrompt(documents, redact);
  // The synthesis has its own deadline, after which the built-in one is used: a timeout is not asked again.
  const policy: RetryPolicy = {
    maxRetries: config.maxRetries,
    timeoutMs: config.timeoutMs,
    sleep: config.sleep,
    random: config.random,
    timeoutRetries: 0,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  try {
    const client = createClient(config.apiKey, config.baseUrl);
    const result = await countedCall(
      client,
      {
        model,
        systemInstruction: prompt.systemInstruction,
        userPrompt: prompt.userPrompt,
        timeoutMs: config.timeoutMs,
        responseJsonSchema: SYNTHESIS_JSON_SCHEMA,
        thinkingBudget: config.thinkingBudget,
        maxOutputTokens: config.maxOutputTokens,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      policy,
      usage,
    );
    if (result.blockReason || (result.finishReason && BLOCKING_FINISH_REASONS.has(result.finishReason))) {
      return { ok: false, reason: `Gemini’s safety filters declined to write it (${result.blockReason ?? result.finishReason})`, usage, model };
    }
    if (result.finishReason === 'LANGUAGE') return { ok: false, reason: reasonOf(new AnalysisError('unsupported-language', 'LANGUAGE'), config.timeoutMs), usage, model };
    if (result.finishReason === 'MAX_TOKENS') return { ok: false, reason: `Gemini’s answer grew past its limit of ${config.maxOutputTokens} tokens and was cut off`, usage, model };
    const answer = readSynthesisAnswer(result.text, prompt.catalogue, documents, restore);
    if (!answer.ok) return { ok: false, reason: `Gemini’s answer could not be used (${answer.problem})`, usage, model };
    return { ok: true, ...answer.reading, leftOut: prompt.catalogue.leftOut, usage, model };
  } catch (error) {
    return { ok: false, reason: reasonOf(error, config.timeoutMs), usage, model };
  }
}
