import { useSyncExternalStore } from 'react';
import { canUndo, toastsReducer, type Toast, type ToastAction } from './undo-state';

/**
 * The app's toasts, outside React so any screen (or a mutation's callback after its screen is gone) can show one.
 * A toast may carry an undo: a function that reverts the change through the same channel it was made.
 */

export interface ToastInput {
  message: string;
  tone?: 'info' | 'error';
  /** Reverts the change; the toast then says `undoneMessage`, or the error's message on failure. */
  undo?: () => Promise<unknown>;
  undoneMessage?: string;
}

let toasts: Toast[] = [];
let nextId = 0;
const undos = new Map<number, { run: () => Promise<unknown>; done: string }>();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function dispatch(action: ToastAction) {
  const next = toastsReducer(toasts, action);
  if (next === toasts) return;
  toasts = next;
  // A toast that went away takes its undo with it.
  for (const id of [...undos.keys()]) if (!toasts.some((t) => t.id === id)) undos.delete(id);
  if (toasts.length > 0 && timer === null) timer = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), 500);
  if (toasts.length === 0 && timer !== null) {
    clearInterval(timer);
    timer = null;
  }
  listeners.forEach((listener) => listener());
}

/** Shows a toast; returns its id. */
export function showToast(input: ToastInput): number {
  const id = ++nextId;
  if (input.undo) undos.set(id, { run: input.undo, done: input.undoneMessage ?? 'Undone.' });
  dispatch({ type: 'push', id, message: input.message, tone: input.tone, undoable: Boolean(input.undo), now: Date.now() });
  return id;
}

export function dismissToast(id: number): void {
  dispatch({ type: 'dismiss', id });
}

/** Pauses (hover or focus inside) and resumes a toast's countdown. */
export function holdToast(id: number, held: boolean): void {
  dispatch(held ? { type: 'hold', id } : { type: 'release', id, now: Date.now() });
}

/** Runs a toast's undo once. */
export async function undoToast(id: number): Promise<void> {
  const undo = undos.get(id);
  const toast = toasts.find((t) => t.id === id);
  if (!undo || !toast || !canUndo(toast)) return;
  dispatch({ type: 'undo-start', id });
  try {
    await undo.run();
    dispatch({ type: 'undo-done', id, message: undo.done, now: Date.now() });
  } catch (err) {
    dispatch({ type: 'undo-failed', id, message: `Could not undo: ${err instanceof Error ? err.message : String(err)}`, now: Date.now() });
  } finally {
    undos.delete(id);
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => toasts;

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
