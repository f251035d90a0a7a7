import { useCallback, useState } from 'react';
import { config } from '../../lib/config';
import { useCreateCheckoutSession } from './api/create-checkout-session';
import { checkoutErrorMessage } from './billing-messages';
import { redirectTo, usePageRestored } from './redirect';
import { pricingPagePriceId } from './solo-price';

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
  const [configError, setConfigError] = useState<string | null>(null);
  const { mutate, reset } = checkout;

  usePageRestored(
    useCallback(() => {
      setLeaving(false);
      reset();
    }, [reset]),
  );

  const start = useCallback(() => {
    setConfigError(null);
    const priceId = pricingPagePriceId(config);
    if (!priceId) {
      console.error('VITE_STRIPE_PRICE_ID is not set (or is the placeholder): the pricing page cannot start checkout.');
      setConfigError(checkoutErrorMessage(undefined));
      return;
    }
    mutate(
      { priceId },
      {
        onSuccess: ({ url }) => {
          setLeaving(true);
          redirectTo(url);
        },
      },
    );
  }, [mutate]);

  return {
    redirecting: checkout.isPending || leaving,
    error: configError ?? (checkout.error ? checkoutErrorMessage(checkout.error) : null),
    start,
  };
}
