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

/** Applies an `x-credits-remaining` header value when it parses as an integer. */
export function applyCreditsHeader(value: string | null | undefined): void {
  if (value == null) return;
  const trimmed = value.trim();
  if (!/^-?\d+$/.test(trimmed)) return;
  setCredits(Number.parseInt(trimmed, 10));
}
