import type { ClientConfig } from './config';

/**
 * Whether analytics runs at all, in a module of its own so that pages can ask before loading
 * anything of it (the public pages' first load holds only this).
 */
type AnalyticsConfig = Pick<ClientConfig, 'firebase' | 'marketingMeasurementId' | 'useEmulators' | 'demo'>;

/** The app's analytics (VITE_FIREBASE_MEASUREMENT_ID): a measurement id, and neither the emulators nor a demo project. */
export function isAnalyticsEnabled(config: Pick<AnalyticsConfig, 'firebase' | 'useEmulators' | 'demo'>): boolean {
  return Boolean(config.firebase.measurementId) && !config.useEmulators && !config.demo;
}

/** The landing pages' marketing analytics (VITE_MARKETING_MEASUREMENT_ID): the same conditions, its own id. */
export function isMarketingAnalyticsEnabled(config: Pick<AnalyticsConfig, 'marketingMeasurementId' | 'useEmulators' | 'demo'>): boolean {
  return Boolean(config.marketingMeasurementId) && !config.useEmulators && !config.demo;
}
