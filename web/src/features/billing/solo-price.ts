import { PLACEHOLDER_PRICE_ID } from '@verbatim/contract/billing';

export { PLACEHOLDER_PRICE_ID };

/** A price id that names a real price: undefined when missing or the placeholder. */
export function usablePriceId(priceId: string | null | undefined): string | undefined {
  const id = priceId?.trim();
  return id && id !== PLACEHOLDER_PRICE_ID ? id : undefined;
}
