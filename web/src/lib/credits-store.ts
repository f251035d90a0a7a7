import { useSyncExternalStore } from 'react';

/**
 * Shared credits state: unknown (null) until loaded; updated from the profile document, from the
 * x-credits-remaining header of any API response, and by any code that calls `setCredits`.
 */
type Listener = () => void;

let credits: number | null = null;
const listeners = new Set<Listener>();

export function getCredits(): number | null {
  return credits;
}

export function setCredits(value: number | null): void {
  if (value === credits) return;
  credits = value;
  listeners.forEach((listener) => listener());
}

export function subscribeCredits(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCredits(): number | null {
  return useSyncExternalStore(subscribeCredits, getCredits, getCredits);
}

/** The clock the store compares request and profile times with (monotonic). */
export const creditsClock = (): number => performance.now();

// When the live profile document last gave the count (0: never since the page loaded or the user changed).
let profileAt = 0;

/** The count from the live profile document: the server's latest word. */
export function setCreditsFromProfile(value: number, at = creditsClock()): void {
  profileAt = at;
  setCredits(value);
}

// When the count was last forgotten (sign-out, another user): an answer to a request begun before then was someone
// else's, or of a session that ended.
let resetAt = Number.NEGATIVE_INFINITY;

/** Forgets the count and the profile's time (sign-out, another user). */
export function resetCredits(at = creditsClock()): void {
  profileAt = 0;
  resetAt = at;
  setCredits(null);
}

/**
 * Applies an `x-credits-remaining` header value when it parses as an integer. The server reads the value as a
 * request starts, so an answer can be older than the live profile: when the profile has spoken since the request
 * began (`requestStartedAt`), the profile's count stands; when the user signed out or changed since, it is dropped.
 */
export function applyCreditsHeader(value: string | null | undefined, requestStartedAt?: number): void {
  if (value == null) return;
  const trimmed = value.trim();
  if (!/^-?\d+$/.test(trimmed)) return;
  if (requestStartedAt !== undefined && (profileAt > requestStartedAt || resetAt > requestStartedAt)) return;
  setCredits(Number.parseInt(trimmed, 10));
}
