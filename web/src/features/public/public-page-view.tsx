import { useEffect } from 'react';
import { isAnalyticsEnabled } from '../../lib/analytics-enabled';
import { config } from '../../lib/config';

/**
 * Renders nothing: once the page has rendered, its page view, from a chunk of its own (gtag, not the
 * Firebase SDK), and only with a measurement id, never on the emulators or a demo project. So the
 * first load carries only this check. Rendered after the page, so the page has set its title.
 */
export function PublicPageView({ loggedIn }: { loggedIn: boolean }) {
  useEffect(() => {
    const measurementId = config.firebase.measurementId;
    if (!measurementId || !isAnalyticsEnabled(config)) return;
    import('./public-analytics').then(
      ({ sendPublicPageView }) => sendPublicPageView(measurementId, loggedIn),
      (err) => console.warn('Analytics: could not load', err),
    );
  }, [loggedIn]);
  return null;
}
