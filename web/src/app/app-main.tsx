import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider } from './auth-provider';
import { AppRouter } from './router';
import '../styles.css';

/**
 * The signed-in app (and its marketing and auth pages): Firebase Auth and Firestore, the router and
 * every screen. Loaded by main.tsx for every path except the public share pages.
 */
export function mount(root: HTMLElement): void {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } });
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AppRouter />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
