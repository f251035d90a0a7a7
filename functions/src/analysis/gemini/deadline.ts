/**
 * A run's one deadline, taken from the time its function has left (a task's 30 minutes, a trigger's 540 s, less a
 * margin to store what it made): every call, retry, upload and wait of the run ends by it. Pure.
 */
import { AnalysisError } from '@verbatim/contract/insight';

/** Milliseconds left before `deadlineAtMs` (never below 0); `Infinity` without a deadline. */
export function remainingMs(deadlineAtMs: number | undefined, now: () => number = Date.now): number {
  return deadlineAtMs === undefined ? Number.POSITIVE_INFINITY : Math.max(0, deadlineAtMs - now());
}

/** A signal that aborts at the deadline (none without one). */
export function deadlineSignal(deadlineAtMs: number | undefined, now: () => number = Date.now): AbortSignal | undefined {
  return deadlineAtMs === undefined ? undefined : AbortSignal.timeout(remainingMs(deadlineAtMs, now));
}

/** `signal` and the deadline's, as one. */
export function withDeadline(signal: AbortSignal | undefined, deadlineAtMs: number | undefined, now: () => number = Date.now): AbortSignal | undefined {
  const signals = [signal, deadlineSignal(deadlineAtMs, now)].filter((s): s is AbortSignal => s !== undefined);
  return signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
}

/** What a run that reached its deadline fails with: a timeout, as a call that did not answer in time. */
export function deadlineReached(deadlineAtMs: number): AnalysisError {
  return new AnalysisError('timeout', `The run reached its deadline (${new Date(deadlineAtMs).toISOString()}, from the time its function has left) before Gemini had answered.`);
}
