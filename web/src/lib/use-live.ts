import type { DocumentReference, Query } from 'firebase/firestore';
import { useEffect } from 'react';
import { useObservable } from 'reactfire';
import { fromRef } from 'rxfire/firestore';
import { map, NEVER, type Observable } from 'rxjs';
import { auth } from './firebase';
import { holdRead, withLifetime } from './live-lifetime';
import { liveOf, settled, type Live, type Outcome } from './live-outcome';

export type { Live } from './live-outcome';

const IDLE: Live<never> = { data: undefined, error: null, loading: false };
const NOTHING_ID = 'verbatim:live:nothing';

// A number per signed-in session (a User object lives from its sign-in to its sign-out; a token refresh keeps it).
const sessions = new WeakMap<object, number>();
let sessionCount = 0;

function session(): number {
  const user = auth.currentUser;
  if (!user) return 0;
  let number = sessions.get(user);
  if (number === undefined) {
    number = ++sessionCount;
    sessions.set(user, number);
  }
  return number;
}

/**
 * One listener per id, shared by every reader of it (reactfire's useObservable), and closed a while after its last
 * reader left (live-lifetime.ts). The id starts with the session: a read refused after a sign-out is never shown to
 * the next sign-in, even the same user's.
 */
function useOutcome<T>(id: string | null, source: () => Observable<T>): Live<T> {
  const fullId = id === null ? NOTHING_ID : `verbatim:live:${session()}:${id}`;
  const status = useObservable<Outcome<T>>(fullId, id === null ? NEVER : withLifetime(fullId, settled(source())));
  useEffect(() => (id === null ? undefined : holdRead(fullId)), [id, fullId]);
  return id === null ? IDLE : liveOf(status.data);
}

/** One document, live; `null` once known not to exist. `key` names what is read (null: nothing to read yet). */
export function useLiveDoc<T>(key: string | null, ref: () => DocumentReference<T>): Live<T | null> {
  const target = key === null ? null : ref();
  return useOutcome(target && `doc:${key}:${target.path}`, () => fromRef(target!).pipe(map((snap) => snap.data() ?? null)));
}

/**
 * One query's documents, live, in the query's order. `key` names the query wholly (what it reads and how): reactfire
 * keeps one listener per key, shared by every reader of it.
 */
export function useLiveQuery<T>(key: string | null, query: () => Query<T>): Live<T[]> {
  const target = key === null ? null : query();
  return useOutcome(target && `query:${key}`, () => fromRef(target!).pipe(map((snap) => snap.docs.map((d) => d.data()))));
}
