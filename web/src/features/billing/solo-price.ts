/** The placeholder a build carries when no real Solo price id was set. */
export const PLACEHOLDER_PRICE_ID = 'price_XXXX';
/** The Solo price the demo project's (emulated) server sells. */
export const DEMO_SOLO_PRICE_ID = 'price_demo_solo';

/** The configured price id when it names a real price: undefined when missing or the placeholder. */
export function usablePriceId(priceId: string | undefined): string | undefined {
  const id = priceId?.trim();
  return id && id !== PLACEHOLDER_PRICE_ID ? id : undefined;
}

/**
 * The price id the pricing page sends. The configured one when usable; in a demo project without
 * one, the demo server's price (so checkout works on the emulators); otherwise none, and the page
 * says 'Checkout error.' without calling the server.
 */
export function pricingPagePriceId(settings: { stripePriceId?: string; demo: boolean }): string | undefined {
  return usablePriceId(settings.stripePriceId) ?? (settings.demo ? DEMO_SOLO_PRICE_ID : undefined);
}
