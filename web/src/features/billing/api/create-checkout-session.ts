import type { CheckoutRequest } from '@verbatim/contract/request-bodies';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MISSING_CHECKOUT_URL, MissingUrlError } from '../billing-messages';

export type CreateCheckoutSessionInput = CheckoutRequest;

/**
 * POST /billing/create-checkout-session {priceId} → {url}: Stripe's hosted checkout for the Solo
 * plan. The server answers 400 for another price, 409 for a user already subscribed, 503 when
 * billing is not configured; a response without url is an error too ('Missing checkout URL').
 */
export async function createCheckoutSession({ priceId }: CreateCheckoutSessionInput): Promise<{ url: string }> {
  const response = await apiRequest<{ url?: unknown } | undefined>('/billing/create-checkout-session', {
    method: 'POST',
    body: { priceId } satisfies CheckoutRequest,
  });
  const url = response?.url;
  if (typeof url !== 'string' || !url) throw new MissingUrlError(MISSING_CHECKOUT_URL);
  return { url };
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
