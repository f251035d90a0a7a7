import Stripe from 'stripe';
import type { BillingSettings } from '../config/server-config';

/** A Stripe client for the settings, built on first use (never at import). */
export function createStripeClient(settings: Pick<BillingSettings, 'secretKey' | 'apiBase'>): Stripe {
  if (!settings.apiBase) return new Stripe(settings.secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const url = new URL(settings.apiBase);
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
    maxNetworkRetries: 0,
    timeout: 10_000,
  });
}
