import { defineSecret, defineString } from 'firebase-functions/params';

/** Stripe's secret API key and the webhook signing secret: Secret Manager secrets. */
export const stripeSecretKey = defineSecret('STRIPE_SECRET_KEY');
export const stripeWebhookSecret = defineSecret('STRIPE_WEBHOOK_SECRET');
/** The Solo plan's monthly price id (price_...). */
export const stripeSoloPriceId = defineString('STRIPE_SOLO_PRICE_ID', { default: 'price_XXXX' });
/** Where checkout returns: the app's public address. */
export const appBaseUrl = defineString('APP_BASE_URL', { default: 'http://127.0.0.1:5000' });

export function billingSecrets() {
  return process.env.FUNCTIONS_EMULATOR === 'true' ? [] : [stripeSecretKey, stripeWebhookSecret];
}

export interface BillingSettings {
  secretKey: string;
  webhookSecret: string;
  soloPriceId: string;
  appBaseUrl: string;
  /** Another Stripe API address (the tests' stand-in), e.g. http://127.0.0.1:9312. */
  apiBase?: string;
}

/** Billing settings, or null when Stripe is not configured (the billing routes then answer 503). */
export function readBillingSettings(): BillingSettings | null {
  const secretKey = (process.env.STRIPE_SECRET_KEY ?? '').trim();
  const webhookSecret = (process.env.STRIPE_WEBHOOK_SECRET ?? '').trim();
  if (!secretKey || !webhookSecret) return null;
  return {
    secretKey,
    webhookSecret,
    soloPriceId: process.env.STRIPE_SOLO_PRICE_ID?.trim() || stripeSoloPriceId.value(),
    appBaseUrl: (process.env.APP_BASE_URL?.trim() || appBaseUrl.value()).replace(/\/+$/, ''),
    apiBase: process.env.STRIPE_API_BASE?.trim() || undefined,
  };
}
