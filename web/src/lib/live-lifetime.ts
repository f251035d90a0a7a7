import type { ReactFireGlobals } from 'reactfire';
import { Observable } from 'rxjs';

/**
 * How long a live read stays open once no screen reads it: a screen left and revisited within this shows its data at
 * once, from the same listener; after it, the listener is closed.
 */
export const LINGER_MS = 30_000;

/**
 * reactfire (4.2) never closes a listener on its own: its cache (`_reactFirePreloadedObservables`) keeps every
 * observable it was given, each behind a `shareReplay(1)` that stays subscribed once all readers have left (its reset
 * timer runs only until the first reader comes, and does not unsubscribe). So each of our reads counts its readers
 * here and, LINGER_MS after the last one left, ends its source (which closes the Firestore listener) and leaves
 * reactfire's cache: the next reader starts a new listener.
 */
interface Lifetime {
  readers: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Ends the source's subscriptions: each completes, and its listener closes. */
  readonly endings: Set<() => void>;
}

const lifetimes = new Map<string, Lifetime>();

function reactfireCache(): Map<string, unknown> | undefined {
  return (globalThis as unknown as Partial<ReactFireGlobals>)._reactFirePreloadedObservables;
}

function end(id: string, lifetime: Lifetime): void {
  if (lifetimes.get(id) !== lifetime) return;
  lifetimes.delete(id);
  reactfireCache()?.delete(id);
  lifetime.endings.forEach((ending) => ending());
}

function linger(id: string, lifetime: Lifetime): void {
  clearTimeout(lifetime.timer);
  lifetime.timer = setTimeout(() => end(id, lifetime), LINGER_MS);
}

function lifetimeOf(id: string): Lifetime {
  let lifetime = lifetimes.get(id);
  if (!lifetime) {
    lifetime = { readers: 0, timer: undefined, endings: new Set() };
    lifetimes.set(id, lifetime);
    // A read rendered but never mounted (a render React threw away) ends too.
    linger(id, lifetime);
  }
  return lifetime;
}

/** `source` for reactfire's read `id` (while rendering): it ends LINGER_MS after its last reader left. */
export function withLifetime<T>(id: string, source: Observable<T>): Observable<T> {
  const { endings } = lifetimeOf(id);
  // Not rxjs' takeUntil: its one operator would join every page's first load, where rxjs sits (vite.config.ts).
  return new Observable<T>((subscriber) => {
    const subscription = source.subscribe(subscriber);
    const ending = () => {
      subscription.unsubscribe();
      subscriber.complete();
    };
    endings.add(ending);
    return () => {
      endings.delete(ending);
      subscription.unsubscribe();
    };
  });
}

/** One reader of `id` from now on (a mounted screen); the returned function says it left. */
export function holdRead(id: string): () => void {
  const lifetime = lifetimeOf(id);
  lifetime.readers += 1;
  clearTimeout(lifetime.timer);
  lifetime.timer = undefined;
  return () => {
    lifetime.readers -= 1;
    if (lifetime.readers === 0) linger(id, lifetime);
  };
}

/** Whether `id` has an open read (for tests). */
export function isReadOpen(id: string): boolean {
  return lifetimes.has(id);
}
