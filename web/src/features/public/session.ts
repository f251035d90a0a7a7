/**
 * Whether this browser holds a signed-in Firebase Auth session, found without the Firebase SDK: the
 * SDK persists the user under a key 'firebase:authUser:{apiKey}:{appName}' in the IndexedDB database
 * 'firebaseLocalStorageDb' (store 'firebaseLocalStorage'), or in localStorage as a fallback. Any error
 * reads as signed out; the check never creates the database.
 */
export const AUTH_DB_NAME = 'firebaseLocalStorageDb';
export const AUTH_STORE_NAME = 'firebaseLocalStorage';
export const AUTH_USER_KEY_PREFIX = 'firebase:authUser:';

export function isAuthUserKey(key: unknown): boolean {
  return typeof key === 'string' && key.startsWith(AUTH_USER_KEY_PREFIX);
}

/** Whether any of `keys` is a persisted auth user. */
export function hasAuthUserKey(keys: Iterable<unknown>): boolean {
  for (const key of keys) if (isAuthUserKey(key)) return true;
  return false;
}

function localStorageKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  return keys;
}

/** The keys of the auth store, or [] when the database or the store does not exist. */
export function indexedDbAuthKeys(factory: IDBFactory): Promise<IDBValidKey[]> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(AUTH_DB_NAME);
    } catch {
      resolve([]);
      return;
    }
    // No database yet: abort the upgrade, so nothing is created and the SDK later starts from scratch.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      event.preventDefault();
      resolve([]);
    };
    request.onblocked = () => resolve([]);
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains(AUTH_STORE_NAME)) {
          db.close();
          resolve([]);
          return;
        }
        const keys = db.transaction(AUTH_STORE_NAME, 'readonly').objectStore(AUTH_STORE_NAME).getAllKeys();
        keys.onsuccess = () => {
          db.close();
          resolve(keys.result);
        };
        keys.onerror = () => {
          db.close();
          resolve([]);
        };
      } catch {
        db.close();
        resolve([]);
      }
    };
  });
}

export interface SessionDeps {
  indexedDB?: IDBFactory | null;
  localStorage?: Storage | null;
}

/** True when a persisted auth user is found; false otherwise and on any error. */
export async function hasPersistedSession(deps: SessionDeps = browserDeps()): Promise<boolean> {
  try {
    if (deps.localStorage && hasAuthUserKey(localStorageKeys(deps.localStorage))) return true;
  } catch {
    // Storage blocked: fall through to IndexedDB.
  }
  try {
    return deps.indexedDB ? hasAuthUserKey(await indexedDbAuthKeys(deps.indexedDB)) : false;
  } catch {
    return false;
  }
}

function browserDeps(): SessionDeps {
  const safe = <T>(read: () => T): T | null => {
    try {
      return read();
    } catch {
      return null;
    }
  };
  return { indexedDB: safe(() => globalThis.indexedDB), localStorage: safe(() => globalThis.localStorage) };
}
