import { preloadObservable, type ReactFireGlobals } from 'reactfire';
import { Observable } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdRead, isReadOpen, LINGER_MS, withLifetime } from './live-lifetime';

/** A stand-in for a Firestore listener: counts how often it was opened and closed. */
function listener() {
  const state = { opened: 0, closed: 0 };
  const source = new Observable<number>((subscriber) => {
    state.opened += 1;
    subscriber.next(1);
    return () => {
      state.closed += 1;
    };
  });
  return { state, source };
}

const reactfireCache = () => (globalThis as unknown as ReactFireGlobals)._reactFirePreloadedObservables;

/** A screen reading `id` through reactfire, as use-live.ts does: the read, its subscription and its hold. */
function read(id: string, source: Observable<number>) {
  const subscription = preloadObservable(withLifetime(id, source), id).subscribe(() => undefined);
  const release = holdRead(id);
  return () => {
    subscription.unsubscribe();
    release();
  };
}

describe('a live read’s lifetime', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays open while read, then closes its listener a while after its last reader left, leaving reactfire’s cache', () => {
    const { state, source } = listener();
    const leave = read('test:left', source);
    vi.advanceTimersByTime(LINGER_MS * 3);
    expect(state).toEqual({ opened: 1, closed: 0 });
    leave();
    vi.advanceTimersByTime(LINGER_MS - 1);
    expect(state).toEqual({ opened: 1, closed: 0 });
    vi.advanceTimersByTime(1);
    expect(state).toEqual({ opened: 1, closed: 1 });
    expect(reactfireCache().has('test:left')).toBe(false);
    expect(isReadOpen('test:left')).toBe(false);
  });

  it('keeps the same listener for a reader back within the while, and opens a new one after it', () => {
    const { state, source } = listener();
    read('test:back', source)();
    vi.advanceTimersByTime(LINGER_MS / 2);
    const leaveAgain = read('test:back', source);
    vi.advanceTimersByTime(LINGER_MS * 2);
    expect(state).toEqual({ opened: 1, closed: 0 });
    leaveAgain();
    vi.advanceTimersByTime(LINGER_MS);
    expect(state).toEqual({ opened: 1, closed: 1 });
    read('test:back', source);
    expect(state).toEqual({ opened: 2, closed: 1 });
  });

  it('waits for every reader of the same read to leave', () => {
    const { state, source } = listener();
    const leaveFirst = read('test:shared', source);
    const leaveSecond = read('test:shared', source);
    leaveFirst();
    vi.advanceTimersByTime(LINGER_MS * 2);
    expect(state).toEqual({ opened: 1, closed: 0 });
    leaveSecond();
    vi.advanceTimersByTime(LINGER_MS);
    expect(state).toEqual({ opened: 1, closed: 1 });
  });

  it('closes a read that was rendered but never held (a render React threw away)', () => {
    const { state, source } = listener();
    preloadObservable(withLifetime('test:discarded', source), 'test:discarded');
    expect(state.opened).toBe(1);
    vi.advanceTimersByTime(LINGER_MS);
    expect(state.closed).toBe(1);
    expect(reactfireCache().has('test:discarded')).toBe(false);
  });
});
