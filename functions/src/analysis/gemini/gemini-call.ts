/**
 * One generateContent call: structured JSON output, a deadline of its own, and failures sorted into what the retry
 * loop needs (HTTP status and any Retry-After, timeout, network error, cancelled). The SDK's `ApiError` carries only
 * the status and the body, so a fetch wrapper reads the Retry-After header of the response; Google's body may also
 * carry a `google.rpc.RetryInfo` `retryDelay` ("7s"), which is read from the error message.
 */
import type { ThinkingConfig } from '@google/genai';
import { isApiError, type GenAiClient } from './gemini-client';
import { thinkingSetting } from './model-thinking';
import { ANSWER_JSON_SCHEMA } from './response-schema';

export interface CallUsage {
  promptTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export interface CallResult {
  text: string | undefined;
  finishReason: string | undefined;
  blockReason: string | undefined;
  usage: CallUsage;
}

export type CallFailure =
  | { kind: 'timeout' }
  | { kind: 'cancelled' }
  | { kind: 'http'; status: number; retryAfterMs: number | undefined; detail: string; dailyQuota: boolean; refused?: RefusalReason }
  | { kind: 'network'; detail: string };

export class GeminiCallError extends Error {
  override readonly name = 'GeminiCallError';

  constructor(readonly failure: CallFailure) {
    super(failure.kind === 'http' ? `HTTP ${failure.status}: ${failure.detail}` : failure.kind === 'network' ? failure.detail : failure.kind);
  }
}

export interface CallRequest {
  model: string;
  systemInstruction: string;
  userPrompt: string;
  timeoutMs: number;
  /** The JSON schema of the answer (default: an interview's insights). */
  responseJsonSchema?: object;
  /** Aborts the call (e.g. another chunk failed). */
  signal?: AbortSignal;
  /** Tokens the model may think before answering (0: none), sent as a level to Gemini 3 models; the model's default when absent. */
  thinkingBudget?: number;
  /** Tokens the answer may have, thinking included; the model's default when absent. */
  maxOutputTokens?: number;
  /** Parts sent before the prompt's text: an uploaded recording (`fileData`), with its clip when it has one. */
  mediaParts?: readonly MediaPart[];
}

/** A file uploaded through the Files API, as a part of the prompt. */
export interface MediaPart {
  fileData: { fileUri: string; mimeType: string };
  /** A video's clip (`"1800s"`) and the frames a second it is sampled at. */
  videoMetadata?: { startOffset?: string; endOffset?: string; fps?: number };
}

/**
 * Why Google refused a request itself (400/403/404), read from its error body: a file type it does not take
 * ("Unsupported MIME type: audio/x-foo"), more input than the model reads ("The input token count (…) exceeds the
 * maximum number of tokens allowed (…)"), the key, an unknown model, or a setting it cannot honour (a thinking level or
 * budget, a schema keyword, any other INVALID_ARGUMENT).
 */
export type RefusalReason = 'unsupported-type' | 'too-much-input' | 'bad-key' | 'unknown-model' | 'bad-setting';

export function refusalReason(status: number, body: string): RefusalReason | undefined {
  if (status === 401 || ((status === 400 || status === 403) && /API key not valid|API_KEY_INVALID|unregistered callers/i.test(body))) return 'bad-key';
  if (status === 404) return 'unknown-model';
  if (status === 403) return 'bad-setting';
  if (status !== 400) return undefined;
  if (/unsupported mime type|mime type[^"]*(?:not supported|must be)|unsupported file|file type/i.test(body)) return 'unsupported-type';
  if (/input token count|exceeds the maximum number of tokens|too many tokens|request payload size exceeds/i.test(body)) return 'too-much-input';
  return 'bad-setting';
}

/** A 429 whose QuotaFailure names a per-day quota: nothing more today, whatever the wait. */
export function isDailyQuota(body: string): boolean {
  return /"quotaId"\s*:\s*"[^"]*PerDay/i.test(body);
}

interface ResponsePart {
  text?: string;
  thought?: boolean;
}

/** The answer's text: the first candidate's text parts, its thought parts (the model's reasoning) left out. */
export function answerText(parts: readonly ResponsePart[] | undefined): string | undefined {
  const texts = (parts ?? []).filter((part) => part.thought !== true && typeof part.text === 'string').map((part) => part.text as string);
  return texts.length === 0 ? undefined : texts.join('');
}

/** Retry-After: delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** `"retryDelay": "7s"` (or "1.5s") from a google.rpc.RetryInfo detail in the error body. */
export function parseRetryInfo(body: string): number | undefined {
  const match = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(body);
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}

/** An HTML error page (a front end's 502 or 504) as one line: its title, else its text, without markup. */
export function htmlText(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  const text = (title ?? html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.slice(0, 200);
}

const looksLikeHtml = (text: string) => /^\s*<(?:!doctype|html|head|body)\b/i.test(text);

/** Google's error in a line: `STATUS: message`; an HTML page (a front end's, not the API's) by its title. */
export function errorDetail(message: string): string {
  try {
    const parsed = JSON.parse(message) as { error?: { message?: unknown; status?: unknown } };
    const inner = parsed.error;
    if (inner && typeof inner.message === 'string') {
      const text = looksLikeHtml(inner.message) ? `an HTML error page: ${htmlText(inner.message) || 'no title'}` : inner.message.slice(0, 300);
      return typeof inner.status === 'string' && inner.status !== '' ? `${inner.status}: ${text}` : text;
    }
  } catch {
    // not JSON: use as is
  }
  return looksLikeHtml(message) ? `an HTML error page: ${htmlText(message) || 'no title'}` : message.slice(0, 300);
}

function tokens(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** How a call to Google failed: its HTTP status and any Retry-After (header, else the body's RetryInfo), or the network. */
export function callFailureOf(error: unknown, retryAfterHeader: string | null = null): CallFailure {
  if (isApiError(error)) {
    return {
      kind: 'http',
      status: error.status,
      retryAfterMs: parseRetryAfter(retryAfterHeader) ?? parseRetryInfo(error.message),
      detail: errorDetail(error.message),
      dailyQuota: error.status === 429 && isDailyQuota(error.message),
      ...(refusalReason(error.status, error.message) ? { refused: refusalReason(error.status, error.message)! } : {}),
    };
  }
  const detail = error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
  return { kind: 'network', detail };
}

export async function callGemini(client: GenAiClient, request: CallRequest): Promise<CallResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const cancel = () => controller.abort();
  if (request.signal?.aborted) controller.abort();
  request.signal?.addEventListener('abort', cancel);

  let retryAfterHeader: string | null = null;
  const capturingFetch = async (...args: Parameters<typeof fetch>): Promise<Response> => {
    const response = await fetch(...args);
    retryAfterHeader = response.headers.get('retry-after');
    return response;
  };

  try {
    const response = await client.models.generateContent({
      model: request.model,
      contents: [{ role: 'user', parts: [...(request.mediaParts ?? []), { text: request.userPrompt }] }],
      config: {
        systemInstruction: request.systemInstruction,
        responseMimeType: 'application/json',
        responseJsonSchema: request.responseJsonSchema ?? ANSWER_JSON_SCHEMA,
        // Gemini 3 models take a level, older ones a budget (model-thinking.ts).
        ...(request.thinkingBudget !== undefined ? { thinkingConfig: thinkingSetting(request.model, request.thinkingBudget) as ThinkingConfig } : {}),
        ...(request.maxOutputTokens !== undefined ? { maxOutputTokens: request.maxOutputTokens } : {}),
        abortSignal: controller.signal,
        httpOptions: { fetch: capturingFetch },
      },
    });
    const usage = response.usageMetadata;
    return {
      text: answerText(response.candidates?.[0]?.content?.parts),
      finishReason: response.candidates?.[0]?.finishReason,
      blockReason: response.promptFeedback?.blockReason,
      usage: {
        promptTokens: tokens(usage?.promptTokenCount),
        // Thinking is billed as output.
        outputTokens: tokens(usage?.candidatesTokenCount) + tokens(usage?.thoughtsTokenCount),
        totalTokens: tokens(usage?.totalTokenCount),
      },
    };
  } catch (error) {
    if (timedOut) throw new GeminiCallError({ kind: 'timeout' });
    if (controller.signal.aborted) throw new GeminiCallError({ kind: 'cancelled' });
    throw new GeminiCallError(callFailureOf(error, retryAfterHeader));
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', cancel);
  }
}
