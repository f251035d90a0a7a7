import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MissingUrlError, PORTAL_MISSING_URL } from '../billing-messages';

/**
 * POST /billing/portal → {url}: Stripe's customer portal for the signed-in user's customer
 * (upgrade, downgrade, payment details, cancel). 404 when the user has no billing account yet.
 */
export async function createPortalSession(): Promise<{ url: string }> {
  const response = await apiRequest<{ url?: unknown } | undefined>('/billing/portal', { method: 'POST' });
  const url = response?.url;
  if (typeof url !== 'string' || !url) throw new MissingUrlError(PORTAL_MISSING_URL);
  return { url };
}

export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
