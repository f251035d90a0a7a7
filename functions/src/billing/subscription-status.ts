/**
 * Whether a Stripe subscription status grants unlimited usage. `past_due` keeps access while
 * Stripe retries the payment (its dunning ends in `unpaid` or `canceled`, which remove it).
 */
export function grantsAccess(status: string | null | undefined): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}
