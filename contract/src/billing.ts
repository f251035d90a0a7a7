/**
 * Billing facts both sides agree on: the Solo price's placeholder and the wire type of GET /billing/plans.
 * Pure TypeScript: no SDK imports.
 */

/** The Solo price id a configuration carries until a real one is set (STRIPE_SOLO_PRICE_ID's default): sells nothing. */
export const PLACEHOLDER_PRICE_ID = 'price_XXXX';

/** GET /billing/plans: the Solo plan's Stripe price id this server sells, or null when it sells none. */
export interface BillingPlans {
  soloPriceId: string | null;
}
