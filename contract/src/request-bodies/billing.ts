import { z } from 'zod';

// ---- POST /billing/create-checkout-session ----------------------------------------------------------------

/** The sentence for a price that is not the plan on sale (the server compares the id with its own setting). */
export const UNKNOWN_PRICE_MESSAGE = 'That price is not a plan we sell. Choose the Solo plan on the pricing page.';

export const checkoutRequestBody = z.object({
  priceId: z.string({ error: UNKNOWN_PRICE_MESSAGE }),
});

export type CheckoutRequest = z.infer<typeof checkoutRequestBody>;
