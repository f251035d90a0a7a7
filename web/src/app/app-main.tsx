import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from './auth-provider';
import { AppRouter } from './router';
import '../styles.css';

/**
 * The signed-in app (and its marketing and auth pages): Firebase Auth, the router and every screen. Firestore and the
 * query client load with the screens that need them. Loaded by main.tsx for every path except the public share pages.
 */
export function mount(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <AuthProvider>
        <AppRouter />
      </AuthProvider>
    </StrictMode>,
  );
}
