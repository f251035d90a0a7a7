import { PLACEHOLDER_PRICE_ID, type BillingPlans } from '@verbatim/contract/billing';
import type { BillingSettings } from '../config/server-config';

/**
 * What the server sells, as the web app reads it at run time: the Solo price id when billing is configured with a real
 * price; none without Stripe settings or with the placeholder (the app then sends researchers to /pricing).
 */
export function billingPlans(settings: BillingSettings | null): BillingPlans {
  return { soloPriceId: settings && settings.soloPriceId !== PLACEHOLDER_PRICE_ID ? settings.soloPriceId : null };
}
