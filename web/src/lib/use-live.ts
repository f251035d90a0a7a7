import { onSnapshot, type DocumentReference, type FirestoreError, type Query, type Unsubscribe } from 'firebase/firestore';
import { useEffect, useState } from 'react';

/** A live Firestore read: `data` stays undefined until the first snapshot arrives. */
export interface Live<T> {
  data: T | undefined;
  error: FirestoreError | null;
  loading: boolean;
}

type Subscribe<R> = (next: (value: R) => void, fail: (error: FirestoreError) => void) => Unsubscribe;

/**
 * Keeps a listener open while mounted. `key` names what is read (null: nothing to read yet); the
 * listener is replaced when the key changes, never on a mere re-render.
 */
function useSubscription<R>(key: string | null, subscribe: Subscribe<R>): Live<R> {
  const [state, setState] = useState<{ key: string | null; data?: R; error: FirestoreError | null }>({ key: null, error: null });
  useEffect(() => {
    if (key === null) return;
    return subscribe(
      (data) => setState({ key, data, error: null }),
      (error) => setState({ key, error }),
    );
    // Only the key: `subscribe` is a new closure on every render and must not resubscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const current = key !== null && state.key === key;
  return {
    data: current ? state.data : undefined,
    error: current ? state.error : null,
    loading: key !== null && (!current || (state.data === undefined && state.error === null)),
  };
}

/** One document, live; `null` once known not to exist. */
export function useLiveDoc<T>(key: string | null, ref: () => DocumentReference<T>): Live<T | null> {
  return useSubscription<T | null>(key, (next, fail) => onSnapshot(ref(), (snap) => next(snap.data() ?? null), fail));
}

/** One query's documents, live, in the query's order. */
export function useLiveQuery<T>(key: string | null, query: () => Query<T>): Live<T[]> {
  return useSubscription<T[]>(key, (next, fail) => onSnapshot(query(), (snap) => next(snap.docs.map((d) => d.data())), fail));
}
