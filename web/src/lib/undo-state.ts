/**
 * Toasts that say what just happened and offer to undo it. Pure state: the store in `toast-store.ts` keeps the
 * undo callbacks and the timers; this reducer decides what is shown.
 */

export type ToastStatus = 'shown' | 'undoing' | 'undone' | 'undo-failed';

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
  /** Whether the toast offers Undo. */
  undoable: boolean;
  status: ToastStatus;
  /** What is said after the undo (or why it failed). */
  detail: string | null;
  /** When it goes away by itself (ms since epoch); null while an undo runs. */
  expiresAt: number | null;
}

export type ToastAction =
  | { type: 'push'; id: number; message: string; tone?: 'info' | 'error'; undoable: boolean; now: number }
  | { type: 'dismiss'; id: number }
  | { type: 'undo-start'; id: number }
  | { type: 'undo-done'; id: number; message: string; now: number }
  | { type: 'undo-failed'; id: number; message: string; now: number }
  | { type: 'hold'; id: number }
  | { type: 'release'; id: number; now: number }
  | { type: 'tick'; now: number };

/** How long a toast stays; long enough to read and reach for Undo. */
export const TOAST_MS = 8_000;
/** How long the "Undone" confirmation stays. */
export const AFTER_UNDO_MS = 3_000;
/** At most this many toasts at once: the oldest goes first. */
export const MAX_TOASTS = 3;

export function toastsReducer(state: readonly Toast[], action: ToastAction): Toast[] {
  const update = (id: number, change: (t: Toast) => Toast) => state.map((t) => (t.id === id ? change(t) : t));
  switch (action.type) {
    case 'push': {
      const toast: Toast = {
        id: action.id,
        message: action.message,
        tone: action.tone ?? 'info',
        undoable: action.undoable,
        status: 'shown',
        detail: null,
        expiresAt: action.now + TOAST_MS,
      };
      // A running undo is never pushed out.
      const kept = [...state];
      while (kept.length >= MAX_TOASTS) {
        const index = kept.findIndex((t) => t.status !== 'undoing');
        if (index < 0) break;
        kept.splice(index, 1);
      }
      return [...kept, toast];
    }
    case 'dismiss':
      return state.filter((t) => t.id !== action.id || t.status === 'undoing');
    case 'undo-start':
      return update(action.id, (t) => (t.undoable && t.status === 'shown' ? { ...t, status: 'undoing', expiresAt: null } : t));
    case 'undo-done':
      return update(action.id, (t) => (t.status === 'undoing' ? { ...t, status: 'undone', detail: action.message, expiresAt: action.now + AFTER_UNDO_MS } : t));
    case 'undo-failed':
      return update(action.id, (t) =>
        t.status === 'undoing' ? { ...t, status: 'undo-failed', tone: 'error', detail: action.message, expiresAt: action.now + TOAST_MS } : t,
      );
    case 'hold':
      return update(action.id, (t) => (t.expiresAt === null ? t : { ...t, expiresAt: Number.POSITIVE_INFINITY }));
    case 'release':
      return update(action.id, (t) => (t.expiresAt === Number.POSITIVE_INFINITY ? { ...t, expiresAt: action.now + TOAST_MS } : t));
    case 'tick': {
      const kept = state.filter((t) => t.expiresAt === null || t.expiresAt > action.now);
      return kept.length === state.length ? (state as Toast[]) : kept;
    }
  }
}

/** Whether Undo can still be pressed on a toast. */
export function canUndo(toast: Pick<Toast, 'undoable' | 'status'>): boolean {
  return toast.undoable && toast.status === 'shown';
}
