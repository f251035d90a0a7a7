import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../../../test/support/stripe-stand-in.mjs';

// scripts/test.sh starts the emulators with STRIPE_* pointing at this stand-in.
const PORT = Number(process.env.STRIPE_STAND_IN_PORT ?? 9312);
export const STRIPE_SECRET = process.env.STRIPE_SECRET_KEY ?? 'sk_test_standin';
export const STRIPE_WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_test';
/** Signs webhook payloads as Stripe does (no request leaves the machine). */
export const stripeSigner = new Stripe(STRIPE_SECRET);

/** The stand-in of Stripe's API for one test file: started before it, reset before each test, closed after. */
export function useStripeStandIn(): () => StripeStandIn {
  let stripe: StripeStandIn | undefined;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ port: PORT, secretKey: STRIPE_SECRET });
  });
  afterAll(async () => {
    await stripe?.close();
  });
  beforeEach(() => {
    stripe?.reset();
  });
  return () => {
    if (!stripe) throw new Error('The Stripe stand-in is not running');
    return stripe;
  };
}
