import { useQuery } from '@tanstack/react-query';
import type { BillingPlans } from '@verbatim/contract/billing';
import { apiRequest } from '../../../lib/api-client';
import { usablePriceId } from '../solo-price';

/**
 * GET /billing/plans → the Solo price id the server sells, read at run time (no price is built into the app). Null
 * when it sells none, answers something unexpected or cannot be reached: the subscribe prompt then sends researchers
 * to /pricing, and the pricing page says 'Checkout error.' without calling checkout.
 */
export async function getSoloPriceId(): Promise<string | null> {
  try {
    const body = await apiRequest<Partial<BillingPlans> | undefined>('/billing/plans', { anonymous: true });
    return usablePriceId(typeof body?.soloPriceId === 'string' ? body.soloPriceId : null) ?? null;
  } catch (err) {
    console.error('Could not read the plans on sale.', err);
    return null;
  }
}

export const soloPriceQuery = { queryKey: ['billing', 'plans'], queryFn: getSoloPriceId, staleTime: 5 * 60_000 } as const;

/** Reads the price ahead, so a click on Subscribe rarely waits for it. */
export function useSoloPriceId() {
  return useQuery(soloPriceQuery);
}
