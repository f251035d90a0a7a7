import { describe, expect, it } from 'vitest';
import { AFTER_UNDO_MS, canUndo, MAX_TOASTS, TOAST_MS, toastsReducer, type Toast } from './undo-state';

const push = (state: Toast[], id: number, now = 0, undoable = true) => toastsReducer(state, { type: 'push', id, message: `m${id}`, undoable, now });

describe('toasts with undo', () => {
  it('shows a toast until it expires, and offers Undo once', () => {
    let state = push([], 1, 1000);
    expect(state).toEqual([{ id: 1, message: 'm1', tone: 'info', undoable: true, status: 'shown', detail: null, expiresAt: 1000 + TOAST_MS }]);
    expect(canUndo(state[0])).toBe(true);
    state = toastsReducer(state, { type: 'undo-start', id: 1 });
    expect(state[0].status).toBe('undoing');
    expect(canUndo(state[0])).toBe(false);
    // While the undo runs the toast neither expires nor can be dismissed.
    state = toastsReducer(state, { type: 'tick', now: 1_000_000 });
    state = toastsReducer(state, { type: 'dismiss', id: 1 });
    expect(state).toHaveLength(1);
    // A second Undo press changes nothing.
    expect(toastsReducer(state, { type: 'undo-start', id: 1 })).toEqual(state);
    state = toastsReducer(state, { type: 'undo-done', id: 1, message: 'Restored.', now: 2000 });
    expect(state[0]).toMatchObject({ status: 'undone', detail: 'Restored.', expiresAt: 2000 + AFTER_UNDO_MS });
    expect(toastsReducer(state, { type: 'tick', now: 2000 + AFTER_UNDO_MS })).toEqual([]);
  });

  it('says when an undo failed, as an error', () => {
    let state = push([], 1);
    state = toastsReducer(state, { type: 'undo-start', id: 1 });
    state = toastsReducer(state, { type: 'undo-failed', id: 1, message: 'Could not undo: offline', now: 5 });
    expect(state[0]).toMatchObject({ status: 'undo-failed', tone: 'error', detail: 'Could not undo: offline' });
  });

  it('does not undo a toast without an undo', () => {
    const state = push([], 1, 0, false);
    expect(canUndo(state[0])).toBe(false);
    expect(toastsReducer(state, { type: 'undo-start', id: 1 })[0].status).toBe('shown');
  });

  it('keeps a few at a time, dropping the oldest but never a running undo', () => {
    let state = push([], 1);
    state = toastsReducer(state, { type: 'undo-start', id: 1 });
    for (let id = 2; id <= MAX_TOASTS + 2; id++) state = push(state, id);
    expect(state.map((t) => t.id)).toEqual([1, MAX_TOASTS + 1, MAX_TOASTS + 2]);
  });

  it('holds a toast while it is hovered or focused, and restarts its time after', () => {
    let state = push([], 1, 0);
    state = toastsReducer(state, { type: 'hold', id: 1 });
    expect(toastsReducer(state, { type: 'tick', now: TOAST_MS * 10 })).toHaveLength(1);
    state = toastsReducer(state, { type: 'release', id: 1, now: 500 });
    expect(state[0].expiresAt).toBe(500 + TOAST_MS);
    expect(toastsReducer(state, { type: 'tick', now: 500 + TOAST_MS })).toEqual([]);
    expect(toastsReducer(state, { type: 'dismiss', id: 1 })).toEqual([]);
  });
});
