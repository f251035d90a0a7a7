import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { followAuth, type Analytics } from '../lib/analytics';
import { analytics as appAnalytics } from '../lib/analytics-firebase';
import { auth } from '../lib/firebase';
import { useAuth } from './auth-provider';

/**
 * Renders nothing: loads analytics once the first screen has rendered, sends a page view on every
 * route or query change and keeps the identity in step with sign-in and sign-out (lib/analytics.ts).
 * The layout renders it after the screen, inside the same Suspense, so its effects run once the
 * screen has rendered and set its title.
 */
export function AnalyticsTracker({ analytics = appAnalytics }: { analytics?: Analytics }) {
  const { pathname, search } = useLocation();
  const { user, authLoading } = useAuth();
  // undefined while auth resolves; null when signed out.
  const uid = authLoading ? undefined : (user?.uid ?? null);

  useEffect(() => analytics.start(), [analytics]);

  useEffect(() => {
    analytics.pageView({ pathname, search }, { origin: location.origin, title: document.title });
  }, [analytics, pathname, search]);

  useEffect(() => {
    if (uid !== undefined) return followAuth(analytics, uid, auth.currentUser);
  }, [analytics, uid]);

  return null;
}
