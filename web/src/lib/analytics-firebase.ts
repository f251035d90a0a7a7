import type { FirebaseApp } from 'firebase/app';
import { createAnalytics, isAnalyticsEnabled, type AnalyticsSink } from './analytics';
import { config } from './config';
import { firebaseApp } from './firebase';

/**
 * The Firebase Analytics sink. firebase/analytics is imported here dynamically, so it is a chunk of
 * its own, fetched only when analytics is on and only after the first render; null when the
 * browser cannot run it (isSupported()).
 */
export async function loadFirebaseSink(app: FirebaseApp): Promise<AnalyticsSink | null> {
  const sdk = await import('firebase/analytics');
  if (!(await sdk.isSupported())) return null;
  // Page views are ours (one per route or query change): the SDK's automatic first one is turned off.
  const instance = sdk.initializeAnalytics(app, { config: { send_page_view: false } });
  return {
    logEvent: (name, params) => sdk.logEvent(instance, name, params),
    setUserId: (id) => sdk.setUserId(instance, id),
    setUserProperties: (properties) => sdk.setUserProperties(instance, properties),
  };
}

/** The app's analytics: off without a measurement id, and with the emulators or a demo project. */
export const analytics = createAnalytics({
  enabled: isAnalyticsEnabled(config),
  load: () => loadFirebaseSink(firebaseApp),
});
