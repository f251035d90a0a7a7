import type { FirestoreError } from 'firebase/firestore';
import { catchError, map, type Observable } from 'rxjs';

/** A live Firestore read: `data` stays undefined until the first snapshot arrives. */
export interface Live<T> {
  data: T | undefined;
  error: FirestoreError | null;
  loading: boolean;
}

/** What a read has come to: its latest value, or the error that ended it. */
export type Outcome<T> = { data: T } | { error: FirestoreError };

/**
 * Firestore's errors as values: reactfire's useObservable throws an observable's error during render, while a page
 * shows a refused read (a permission error) as its own state.
 */
export function settled<T>(source: Observable<T>): Observable<Outcome<T>> {
  return source.pipe(
    map((data): Outcome<T> => ({ data })),
    // An array rather than of(): of() brings rxjs' schedulers, which nothing here uses, into every page's first load.
    catchError((error: FirestoreError): Outcome<T>[] => [{ error }]),
  );
}

/** The Live shape of an outcome (undefined: nothing heard yet). */
export function liveOf<T>(outcome: Outcome<T> | undefined): Live<T> {
  if (outcome === undefined) return { data: undefined, error: null, loading: true };
  if ('error' in outcome) return { data: undefined, error: outcome.error, loading: false };
  return { data: outcome.data, error: null, loading: false };
}
