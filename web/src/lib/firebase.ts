import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { config } from './config';

// Initialised once, at module level: emulators are connected here and never inside a render. Only the app and Auth
// load with the first page; Firestore lives in ./firestore, reached only by the screens that read data (lazy chunks)
// and by the signed-in user's profile listener.
export const firebaseApp = initializeApp(config.firebase);

// Session persistence is set at startup: the user stays signed in across reloads and tabs.
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  popupRedirectResolver: browserPopupRedirectResolver,
});

if (config.useEmulators) {
  connectAuthEmulator(auth, `http://${emulatorHost()}:9099`, { disableWarnings: true });
}

/** The emulators' host: the page's own (so a phone on the LAN reaches them too). */
export function emulatorHost(): string {
  return typeof location !== 'undefined' && location.hostname ? location.hostname : '127.0.0.1';
}
