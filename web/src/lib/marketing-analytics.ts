import { createAnalytics, type PageLocation } from './analytics';
import { isMarketingAnalyticsEnabled } from './analytics-enabled';
import { config } from './config';

/** The landing pages (router.tsx): the generic one, the home page and one per persona. */
export const LANDING_PATHS: readonly string[] = ['/', '/landing', '/ux-researchers', '/consultants', '/pm', '/modern-research', '/agents'];

export function isLandingPage(location: PageLocation): boolean {
  return LANDING_PATHS.includes(location.pathname);
}

/**
 * The marketing analytics id (VITE_MARKETING_MEASUREMENT_ID): page views of the landing pages only,
 * through gtag, besides the app's own analytics. Off when unset, on the emulators and on a demo project.
 */
export const marketingAnalytics = createAnalytics({
  enabled: isMarketingAnalyticsEnabled(config),
  load: async () => {
    const { createGtagSink } = await import('./gtag');
    return createGtagSink(config.marketingMeasurementId!);
  },
  sendsPageViewOf: isLandingPage,
});
