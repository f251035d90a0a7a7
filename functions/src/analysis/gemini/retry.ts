/**
 * Retries of one Gemini call: on HTTP 429/500/502/503/504 and network errors, up to `maxRetries` times, waiting
 * exponential backoff with jitter (base 1 s, doubling, capped at 30 s; the wait is drawn between half and all of it)
 * or the server's Retry-After when it gives one (capped at 60 s). A timeout is asked once more after a backoff (a slow
 * answer is often a passing state of the service); a 429 for a per-day quota is not retried (nothing changes before
 * tomorrow), nor is a 400, 401, 403 or 404 (the request itself is refused). Failures end as `AnalysisError`s, each kind with its
 * own code: per-day 429 → `quota-exhausted`, exhausted 429 → `rate-limited`, 503 streak → `overloaded`, a 400 for
 * a file type Gemini does not take → `unsupported-file`, for more input than it reads → `too-much-input`, any other
 * 400/401/403/404 (key, model, a setting) → `misconfigured`, second timeout → `timeout`, anything else → `provider-error`.
 */
import { deadlineReached, remainingMs } from './deadline';
import { AnalysisError, type TokenUsage } from '@verbatim/contract/insight';
import { GeminiCallError, type CallFailure } from './gemini-call';

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
export const RETRY_AFTER_MAX_MS = 60_000;
/** Times a call that timed out is asked again. */
export const TIMEOUT_RETRIES = 1;
/** HTTP statuses that say the request itself is wrong (key, model id, schema): retrying cannot help. */
const REFUSED_REQUEST = new Set([400, 401, 403, 404]);

export interface RetryPolicy {
  maxRetries: number;
  timeoutMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  signal?: AbortSignal;
  /** Times a timed-out call is asked again (default `TIMEOUT_RETRIES`). */
  timeoutRetries?: number;
  /**
   * The run's deadline (epoch ms, deadline.ts): no attempt starts after it, and no retry whose wait would reach it;
   * a call it cut off (`signal` carries it) fails as a timeout.
   */
  deadlineAtMs?: number;
  now?: () => number;
  /** Told each call's attempts and tokens as soon as it is settled (counted-call.ts): the run records them as it goes. */
  onSpent?: (spent: TokenUsage) => void;
}

/** The wait before retry number `retry` (0-based): between half and all of min(30 s, 1 s × 2^retry). */
export function backoffDelay(retry: number, random: () => number): number {
  const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** retry);
  return Math.round(cap / 2 + (cap / 2) * random());
}

function isRetryable(failure: CallFailure, timeouts: number, timeoutRetries: number): boolean {
  if (failure.kind === 'network') return true;
  if (failure.kind === 'timeout') return timeouts <= timeoutRetries;
  return failure.kind === 'http' && RETRYABLE_STATUSES.has(failure.status) && !failure.dailyQuota;
}

export function toAnalysisError(failure: CallFailure, attempts: number, timeoutMs: number): AnalysisError {
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  switch (failure.kind) {
    case 'timeout':
      return new AnalysisError('timeout', `Gemini did not answer within ${Math.round(timeoutMs / 100) / 10} seconds${tries}.`);
    case 'cancelled':
      return new AnalysisError('internal', 'The Gemini analysis was cancelled.');
    case 'network':
      return new AnalysisError('provider-error', `Gemini could not be reached${tries} (${failure.detail}).`);
    case 'http':
      if (failure.status === 429 && failure.dailyQuota) {
        return new AnalysisError('quota-exhausted', `Gemini's daily quota is used up (HTTP 429: ${failure.detail}).`);
      }
      if (failure.status === 429) {
        return new AnalysisError('rate-limited', `Gemini is limiting requests (HTTP 429)${tries}; try again in a few minutes.`);
      }
      if (failure.status === 503) {
        return new AnalysisError('overloaded', `Gemini was unavailable (HTTP 503)${tries} (${failure.detail}).`);
      }
      if (REFUSED_REQUEST.has(failure.status)) return refusedRequest(failure);
      return new AnalysisError('provider-error', `Gemini answered with HTTP ${failure.status}${tries} (${failure.detail}).`);
  }
}

/** A request Google refused itself (400/401/403/404), told apart by the reason its body gives. */
function refusedRequest(failure: Extract<CallFailure, { kind: 'http' }>): AnalysisError {
  const said = `HTTP ${failure.status}: ${failure.detail}`;
  switch (failure.refused) {
    case 'unsupported-type':
      return new AnalysisError('unsupported-file', `Gemini does not take the file's type (${said}).`);
    case 'too-much-input':
      return new AnalysisError('too-much-input', `The request carried more than Gemini reads at once (${said}).`);
    case 'bad-key':
      return new AnalysisError('misconfigured', `Gemini refused the API key (${said}); check GEMINI_API_KEY.`);
    case 'unknown-model':
      return new AnalysisError('misconfigured', `Gemini does not know the model asked for (${said}); check GEMINI_MODEL.`);
    default:
      return new AnalysisError('misconfigured', `Gemini refused a setting of the request (${said}); check GEMINI_MODEL, GEMINI_THINKING_BUDGET, GEMINI_MAX_OUTPUT_TOKENS and the response schema.`);
  }
}

/** Runs `call` until it succeeds, fails for good, or runs out of retries. `onAttempt` sees every attempt. */
export async function withRetries<T>(call: () => Promise<T>, policy: RetryPolicy, onAttempt: () => void = () => {}): Promise<T> {
  let timeouts = 0;
  const left = () => remainingMs(policy.deadlineAtMs, policy.now);
  for (let attempt = 0; ; attempt++) {
    if (policy.deadlineAtMs !== undefined && left() <= 0) throw deadlineReached(policy.deadlineAtMs);
    onAttempt();
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof GeminiCallError)) throw error;
      const failure = error.failure;
      if (failure.kind === 'cancelled' && policy.deadlineAtMs !== undefined && left() <= 0) throw deadlineReached(policy.deadlineAtMs);
      if (failure.kind === 'timeout') timeouts += 1;
      if (!isRetryable(failure, timeouts, policy.timeoutRetries ?? TIMEOUT_RETRIES) || attempt >= policy.maxRetries || policy.signal?.aborted) {
        throw toAnalysisError(failure, attempt + 1, policy.timeoutMs);
      }
      const serverDelay = failure.kind === 'http' ? failure.retryAfterMs : undefined;
      const delay = serverDelay !== undefined ? Math.min(serverDelay, RETRY_AFTER_MAX_MS) : backoffDelay(attempt, policy.random);
      // A retry that could not start before the deadline is not waited for.
      if (delay >= left()) throw toAnalysisError(failure, attempt + 1, policy.timeoutMs);
      await policy.sleep(delay);
      if (policy.signal?.aborted) throw toAnalysisError({ kind: 'cancelled' }, attempt + 1, policy.timeoutMs);
    }
  }
}
