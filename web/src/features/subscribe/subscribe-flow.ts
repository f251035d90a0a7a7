import { MODAL_CHECKOUT_FAILED, usablePriceId } from '../billing';

export interface ModalSubscribeDeps {
  createCheckoutSession: (input: { priceId: string }) => Promise<{ url: string }>;
  redirect: (url: string) => void;
  goToPricing: () => void;
}

/**
 * "Subscribe Now" in the subscribe modal. Without a usable monthly price id (missing, or the
 * placeholder 'price_XXXX') no request is made and the user goes to /pricing; a failed checkout
 * call (or one without url) is logged and also goes to /pricing; otherwise a full-page redirect
 * to Stripe's checkout.
 */
export async function subscribeFromModal(priceId: string | undefined, deps: ModalSubscribeDeps): Promise<'checkout' | 'pricing'> {
  const usable = usablePriceId(priceId);
  if (!usable) {
    deps.goToPricing();
    return 'pricing';
  }
  let url: string;
  try {
    ({ url } = await deps.createCheckoutSession({ priceId: usable }));
  } catch (err) {
    console.error(MODAL_CHECKOUT_FAILED, err);
    deps.goToPricing();
    return 'pricing';
  }
  deps.redirect(url);
  return 'checkout';
}
