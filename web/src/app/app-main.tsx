import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider, FirebaseAppProvider } from 'reactfire';
import { auth, firebaseApp } from '../lib/firebase';
import { CurrentUserProvider } from './auth-provider';
import { AppRouter } from './router';
import '../styles.css';

/**
 * The signed-in app (and its marketing and auth pages): reactfire's providers for the Firebase app and Auth (set up
 * once in lib/firebase.ts, emulators included), the signed-in user, the router and every screen. Firestore loads once
 * someone is signed in (CurrentUserProvider), the query client with the screens that need it. Loaded by main.tsx for
 * every path except the public share pages.
 */
export function mount(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <FirebaseAppProvider firebaseApp={firebaseApp}>
        <AuthProvider sdk={auth}>
          <CurrentUserProvider>
            <AppRouter />
          </CurrentUserProvider>
        </AuthProvider>
      </FirebaseAppProvider>
    </StrictMode>,
  );
}
