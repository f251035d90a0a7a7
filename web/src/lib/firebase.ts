import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { config } from './config';

// Initialised once, at module level: emulators are connected here and never inside a render. Only the app and Auth
// load with the first page; Firestore lives in ./firestore, reached only by the screens that read data (lazy chunks)
// and by the signed-in user's profile reader.
export const firebaseApp = initializeApp(config.firebase);

// Session persistence is set at startup: the user stays signed in across reloads and tabs. The popup/redirect
// resolver is not set here (it loads Google's gapi script on every page): Google sign-in passes it when used.
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

if (config.useEmulators) {
  connectAuthEmulator(auth, `http://${emulatorHost()}:9099`, { disableWarnings: true });
}

/** The emulators' host: the page's own (so a phone on the LAN reaches them too). */
export function emulatorHost(): string {
  return typeof location !== 'undefined' && location.hostname ? location.hostname : '127.0.0.1';
}
