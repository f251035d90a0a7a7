import { describe, expect, it } from 'vitest';
import { hasAuthUserKey, hasPersistedSession, isAuthUserKey } from './session';

function storage(keys: string[]): Storage {
  return {
    length: keys.length,
    key: (i: number) => keys[i] ?? null,
    getItem: () => null,
    setItem: () => undefined,
    removeItem: () => undefined,
    clear: () => undefined,
  };
}

/** An IDBFactory stand-in: `keys` null means the database does not exist yet. */
function fakeIndexedDb(keys: string[] | null, opts: { store?: boolean; fail?: boolean } = {}) {
  const calls = { aborted: false, created: false };
  const factory = {
    open() {
      if (opts.fail) throw new Error('blocked');
      const request: Record<string, unknown> & { result?: unknown; transaction?: unknown } = {};
      setTimeout(() => {
        if (keys === null) {
          request.transaction = { abort: () => (calls.aborted = true) };
          (request.onupgradeneeded as () => void)();
          (request.onerror as (e: { preventDefault: () => void }) => void)({ preventDefault: () => undefined });
          return;
        }
        request.result = {
          objectStoreNames: { contains: () => opts.store !== false },
          close: () => undefined,
          transaction: () => ({
            objectStore: () => ({
              getAllKeys: () => {
                const r: Record<string, unknown> = { result: keys };
                setTimeout(() => (r.onsuccess as () => void)());
                return r;
              },
            }),
          }),
        };
        (request.onsuccess as () => void)();
      });
      return request;
    },
  } as unknown as IDBFactory;
  return { factory, calls };
}

describe('detecting a signed-in visitor without the Firebase SDK', () => {
  it('recognises the SDK’s persisted user keys', () => {
    expect(isAuthUserKey('firebase:authUser:demo-api-key:[DEFAULT]')).toBe(true);
    expect(isAuthUserKey('firebase:persistence:demo-api-key:[DEFAULT]')).toBe(false);
    expect(isAuthUserKey(42)).toBe(false);
    expect(hasAuthUserKey(['x', 'firebase:authUser:k:[DEFAULT]'])).toBe(true);
    expect(hasAuthUserKey([])).toBe(false);
  });

  it('finds a session in IndexedDB', async () => {
    const { factory } = fakeIndexedDb(['firebase:authUser:demo-api-key:[DEFAULT]']);
    expect(await hasPersistedSession({ indexedDB: factory, localStorage: storage([]) })).toBe(true);
  });

  it('finds a session in localStorage (the SDK’s fallback persistence)', async () => {
    expect(await hasPersistedSession({ indexedDB: null, localStorage: storage(['firebase:authUser:k:[DEFAULT]']) })).toBe(true);
  });

  it('reads as logged out when the store holds no user', async () => {
    const { factory } = fakeIndexedDb(['firebase:persistence:k:[DEFAULT]']);
    expect(await hasPersistedSession({ indexedDB: factory, localStorage: storage([]) })).toBe(false);
  });

  it('reads as logged out, without creating the database, when it does not exist', async () => {
    const { factory, calls } = fakeIndexedDb(null);
    expect(await hasPersistedSession({ indexedDB: factory, localStorage: storage([]) })).toBe(false);
    expect(calls.aborted).toBe(true);
  });

  it('reads as logged out when the store is missing or storage throws', async () => {
    expect(await hasPersistedSession({ indexedDB: fakeIndexedDb([], { store: false }).factory, localStorage: null })).toBe(false);
    expect(await hasPersistedSession({ indexedDB: fakeIndexedDb([], { fail: true }).factory, localStorage: null })).toBe(false);
    const throwing = { get length(): number { throw new Error('denied'); } } as unknown as Storage;
    expect(await hasPersistedSession({ indexedDB: null, localStorage: throwing })).toBe(false);
  });
});
