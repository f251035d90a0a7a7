import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { followAuth, type Analytics } from '../lib/analytics';
import { analytics as appAnalytics } from '../lib/analytics-firebase';
import { auth } from '../lib/firebase';
import { marketingAnalytics } from '../lib/marketing-analytics';
import { useAuth } from './auth-provider';

/** One Analytics that forwards every call to each of `all` (the app's, and the landing pages' marketing id). */
function fanOut(all: readonly Analytics[]): Analytics {
  return {
    start: () => all.forEach((a) => a.start()),
    pageView: (location, page) => all.forEach((a) => a.pageView(location, page)),
    identify: (identity) => all.forEach((a) => a.identify(identity)),
  };
}

const APP_ANALYTICS = fanOut([appAnalytics, marketingAnalytics]);

/**
 * Renders nothing: loads analytics once the first screen has rendered, sends a page view on every
 * route or query change and keeps the identity in step with sign-in and sign-out (lib/analytics.ts).
 * The layout renders it after the screen, inside the same Suspense, so its effects run once the
 * screen has rendered and set its title.
 */
export function AnalyticsTracker({ analytics = APP_ANALYTICS }: { analytics?: Analytics }) {
  const { pathname, search } = useLocation();
  const { user, authLoading, tokenClaims } = useAuth();
  // undefined while auth resolves; null when signed out.
  const uid = authLoading ? undefined : (user?.uid ?? null);
  // The claims the server last set (a subscription, the first Ready interview): a change re-reads the token.
  const plan = tokenClaims?.plan;
  const activated = tokenClaims?.activated;

  useEffect(() => analytics.start(), [analytics]);

  useEffect(() => {
    analytics.pageView({ pathname, search }, { origin: location.origin, title: document.title });
  }, [analytics, pathname, search]);

  useEffect(() => {
    const expected = plan === undefined ? null : { plan, activated: activated === true };
    if (uid !== undefined) return followAuth(analytics, uid, auth.currentUser, expected);
  }, [analytics, uid, plan, activated]);

  return null;
}
