import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useCreateCheckoutSession } from './api/create-checkout-session';
import { soloPriceQuery, useSoloPriceId } from './api/get-billing-plans';
import { checkoutErrorMessage } from './billing-messages';
import { redirectTo, usePageRestored } from './redirect';

export interface PricingCheckout {
  /** True from the click until the browser has left for Stripe: the button reads 'Redirecting…'. */
  redirecting: boolean;
  /** The banner's text after a failure. */
  error: string | null;
  start: () => void;
}

/** The pricing page's checkout: idle → redirecting → a full-page redirect, or the error in a banner. */
export function usePricingCheckout(): PricingCheckout {
  const checkout = useCreateCheckoutSession();
  const [leaving, setLeaving] = useState(false);
  // Set in the click itself, so the button reads 'Redirecting…' (and takes no second click) while the
  // Solo price is read, before the checkout request is even sent.
  const [starting, setStarting] = useState(false);
  const [configError, setConfigError] = useState<string | null>(null);
  const { mutate, reset } = checkout;
  const queryClient = useQueryClient();
  useSoloPriceId();

  usePageRestored(
    useCallback(() => {
      setLeaving(false);
      setStarting(false);
      reset();
    }, [reset]),
  );

  const start = useCallback(() => {
    setConfigError(null);
    setStarting(true);
    queryClient.fetchQuery(soloPriceQuery).then(
      (priceId) => {
        if (!priceId) {
          console.error('This server sells no Solo price (STRIPE_SOLO_PRICE_ID unset or the placeholder): the pricing page cannot start checkout.');
          setConfigError(checkoutErrorMessage(undefined));
          setStarting(false);
          return;
        }
        mutate(
          { priceId },
          {
            onSuccess: ({ url }) => {
              setLeaving(true);
              redirectTo(url);
            },
            onSettled: () => setStarting(false),
          },
        );
      },
      (error: unknown) => {
        setConfigError(checkoutErrorMessage(error));
        setStarting(false);
      },
    );
  }, [mutate, queryClient]);

  return {
    redirecting: starting || checkout.isPending || leaving,
    error: configError ?? (checkout.error ? checkoutErrorMessage(checkout.error) : null),
    start,
  };
}
