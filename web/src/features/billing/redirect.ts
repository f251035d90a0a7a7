import { useEffect } from 'react';

/** A full-page redirect to a hosted Stripe page (checkout or the customer portal). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}

/**
 * Calls `onRestore` when the browser brings this page back from its back-forward cache (the user
 * pressed Back on Stripe's page): a button left reading 'Redirecting…' must become usable again.
 */
export function usePageRestored(onRestore: () => void): void {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) onRestore();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [onRestore]);
}
