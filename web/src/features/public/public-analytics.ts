import { createAnalyticsTracker, SIGNED_IN_VISITOR, type AnalyticsTracker } from '../../lib/analytics';
import { browserPage, createGtagSink, type GtagPage } from '../../lib/gtag';

let tracker: AnalyticsTracker | undefined;

/**
 * The public page's page view, sent with gtag to the app's GA4 property. The visitor is known only
 * as signed in (a persisted session) or not: no user id, no plan. Once per address (the tracker
 * skips a repeat, as when StrictMode runs the effect twice).
 */
export function sendPublicPageView(
  measurementId: string,
  loggedIn: boolean,
  where: { location: Pick<Location, 'origin' | 'pathname' | 'search'>; title: string; page?: GtagPage } = { location, title: document.title },
): void {
  tracker ??= createAnalyticsTracker(createGtagSink(measurementId, where.page ?? browserPage()));
  tracker.identify(loggedIn ? SIGNED_IN_VISITOR : null);
  tracker.pageView({ pathname: where.location.pathname, search: where.location.search }, { origin: where.location.origin, title: where.title });
}
