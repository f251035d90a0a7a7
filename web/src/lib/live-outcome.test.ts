import type { FirestoreError } from 'firebase/firestore';
import { firstValueFrom, Subject, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { liveOf, settled, type Outcome } from './live-outcome';

describe('a live read kept as its outcome', () => {
  it('passes every snapshot on, then a refused read as a value, not as an error', async () => {
    const snapshots = new Subject<string>();
    const outcomes = firstValueFrom(settled(snapshots).pipe(toArray()));
    const refused = { name: 'FirebaseError', code: 'permission-denied', message: 'Missing or insufficient permissions.' } as FirestoreError;
    snapshots.next('first');
    snapshots.next('second');
    snapshots.error(refused);
    expect(await outcomes).toEqual([{ data: 'first' }, { data: 'second' }, { error: refused }]);
  });

  it('is loading until it hears, then shows the data or the error alone', () => {
    const refused = { name: 'FirebaseError', code: 'permission-denied', message: 'Missing or insufficient permissions.' } as FirestoreError;
    expect(liveOf(undefined)).toEqual({ data: undefined, error: null, loading: true });
    expect(liveOf<string | null>({ data: null })).toEqual({ data: null, error: null, loading: false });
    expect(liveOf<string[]>({ data: ['a'] })).toEqual({ data: ['a'], error: null, loading: false });
    const failed: Outcome<string[]> = { error: refused };
    expect(liveOf(failed)).toEqual({ data: undefined, error: refused, loading: false });
  });
});
