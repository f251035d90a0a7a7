import type { Page } from 'playwright-core';
import Stripe from 'stripe';
import { billingPlans } from '../../functions/src/billing/plans';
import { adminDb } from '../../functions/test/support/admin';
import { FUNCTIONS_URL } from '../../test/support/emulators';
import type { StripeStandIn } from '../../test/support/stripe-stand-in.mjs';

/** The emulators' Stripe settings (scripts/test.sh): the stand-in's port and keys. */
export const STRIPE_STAND_IN_PORT = Number(process.env.STRIPE_STAND_IN_PORT ?? 9312);
export const STRIPE_SECRET = process.env.STRIPE_SECRET_KEY ?? 'sk_test_standin';
const WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_test';
const signer = new Stripe(STRIPE_SECRET);

let eventCounter = 0;

/** Posts a Stripe event to the API's webhook, signed as Stripe would. */
export async function sendStripeWebhook(type: string, object: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now()}_${++eventCounter}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
  });
  const res = await fetch(`${FUNCTIONS_URL}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    body: payload,
  });
  return { status: res.status, body: await res.json() };
}

/**
 * Stripe's side of a completed checkout for `uid`, after the app's checkout call gave the user a
 * Stripe customer: the subscription exists (in the stand-in) and the completion webhook lands.
 */
export async function completeCheckout(stripe: StripeStandIn, uid: string): Promise<{ customer: string; subscription: string }> {
  const customer = (await adminDb().doc(`users/${uid}`).get()).get('stripeCustomerId');
  if (typeof customer !== 'string') throw new Error(`users/${uid} has no stripeCustomerId: did checkout start?`);
  const subscription = `sub_e2e_${uid.slice(0, 10)}`;
  stripe.setSubscription({ id: subscription, status: 'active', customer });
  const res = await sendStripeWebhook('checkout.session.completed', {
    object: 'checkout.session',
    customer,
    subscription,
    client_reference_id: uid,
  });
  if (res.status !== 200) throw new Error(`The webhook answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { customer, subscription };
}

/**
 * Holds the page's requests to `url` (a glob) until `release()`: the real request then goes on,
 * unchanged, to the real server. For seeing a transient state such as 'Redirecting…'.
 */
export async function holdRequests(page: Page, url: string): Promise<{ arrived: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(url, async (route) => {
    arrive();
    await released;
    await route.continue();
  });
  return { arrived, release };
}

/**
 * The page reads GET /api/billing/plans as a server with the placeholder price (or without Stripe) answers it: nothing
 * on sale. This run's server sells the demo price; the answer is the server's own for no billing settings.
 */
export async function sellNoSoloPrice(page: Page): Promise<void> {
  await page.route('**/api/billing/plans', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(billingPlans(null)) }));
}
