import { beforeEach, describe, expect, it } from 'vitest';
import type { StripeStandIn } from '../../../test/support/stripe-stand-in.mjs';
import { createPasswordUser, FUNCTIONS_URL, type TestUser } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { STRIPE_WEBHOOK_SECRET as WEBHOOK_SECRET, stripeSigner as signer, useStripeStandIn } from '../support/stripe';

const PRICE = 'price_demo_solo';
const standIn = useStripeStandIn();
let stripe: StripeStandIn;
beforeEach(async () => {
  stripe = standIn();
});

async function signedUp(): Promise<TestUser> {
  const user = await createPasswordUser();
  await callApi('/users/createOrUpdate', { token: user.idToken, json: { uid: user.uid, email: user.email, name: '' } });
  return user;
}

const profile = async (uid: string) => (await adminDb().doc(`users/${uid}`).get()).data();

let eventCounter = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_${Date.now()}_${++eventCounter}`) {
  return { id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object }, api_version: '2026-10-28.endive', livemode: false };
}

async function sendWebhook(payload: object, signature?: string) {
  const body = JSON.stringify(payload);
  const header = signature ?? signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  const res = await fetch(`${FUNCTIONS_URL}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Checkout through the API, then Stripe's completion webhook for an active subscription. */
async function subscribe(user: TestUser) {
  const res = await callApi<{ url: string }>('/billing/create-checkout-session', { token: user.idToken, json: { priceId: PRICE } });
  const customer = (await profile(user.uid))?.stripeCustomerId as string;
  const subscription = { id: `sub_${user.uid.slice(0, 8)}`, status: 'active', customer };
  stripe.setSubscription(subscription);
  const done = await sendWebhook(event('checkout.session.completed', { object: 'checkout.session', customer, subscription: subscription.id, client_reference_id: user.uid }));
  return { checkout: res, customer, subscription, done };
}

describe('plans', () => {
  it('anyone, signed in or not, reads what is on sale: the Solo price the server is configured with', async () => {
    const res = await fetch(`${FUNCTIONS_URL}/api/billing/plans`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ soloPriceId: PRICE });
  });
});

describe('checkout', () => {
  it('creates one customer per user, a subscription-mode session with the Solo price, and returns its url', async () => {
    const user = await signedUp();
    const first = await callApi<{ url: string }>('/billing/create-checkout-session', { token: user.idToken, json: { priceId: PRICE } });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(new RegExp(`^${stripe.url}/checkout/cs_test_`));
    const second = await callApi<{ url: string }>('/billing/create-checkout-session', { token: user.idToken, json: { priceId: PRICE } });
    expect(second.status).toBe(200);
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
    const sessions = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');
    expect(sessions).toHaveLength(2);
    expect(sessions[0].form).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.uid,
      'line_items[0][price]': PRICE,
      success_url: 'http://127.0.0.1:5000/subscription-success',
      cancel_url: 'http://127.0.0.1:5000/pricing',
    });
    expect(sessions.every((s) => typeof s.headers['idempotency-key'] === 'string')).toBe(true);
    expect((await profile(user.uid))?.stripeCustomerId).toMatch(/^cus_/);
  });

  it('refuses any other price id with 400', async () => {
    const user = await signedUp();
    const res = await callApi('/billing/create-checkout-session', { token: user.idToken, json: { priceId: 'price_enterprise' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'invalid', message: 'That price is not a plan we sell. Choose the Solo plan on the pricing page.' } });
    expect(stripe.requests).toHaveLength(0);
  });

  it('an active subscriber gets 409 pointing to the portal', async () => {
    const user = await signedUp();
    await subscribe(user);
    const res = await callApi('/billing/create-checkout-session', { token: user.idToken, json: { priceId: PRICE } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'conflict', message: 'You already have an active subscription. Manage it from Account → Subscription.' } });
  });

  it('passes on a session without a url as url null (the client says so), and a Stripe failure as 502', async () => {
    const user = await signedUp();
    stripe.answerNext('/v1/checkout/sessions', { fields: { url: null } });
    const noUrl = await callApi<{ url: string | null }>('/billing/create-checkout-session', { token: user.idToken, json: { priceId: PRICE } });
    expect(noUrl).toMatchObject({ status: 200, body: { url: null } });
    stripe.answerNext('/v1/checkout/sessions', { status: 500 });
    const failed = await callApi<{ error: { message: string } }>('/billing/create-checkout-session', { token: user.idToken, json: { priceId: PRICE } });
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toBe('Stripe could not be reached just now. Please try again in a moment.');
  });

  it('needs a signed-in user', async () => {
    expect((await callApi('/billing/create-checkout-session', { json: { priceId: PRICE } })).status).toBe(401);
  });
});

describe('portal', () => {
  it("opens the portal for the user's customer", async () => {
    const user = await signedUp();
    const { customer } = await subscribe(user);
    const res = await callApi<{ url: string }>('/billing/portal', { token: user.idToken, method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    expect(stripe.requests.find((r) => r.path === '/v1/billing_portal/sessions')?.form).toMatchObject({
      customer,
      return_url: 'http://127.0.0.1:5000/account/subscription',
    });
  });

  it('says clearly when the user has no billing account', async () => {
    const user = await signedUp();
    const res = await callApi('/billing/portal', { token: user.idToken, method: 'POST' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not-found', message: 'There is no billing account for you yet: subscribe from the pricing page first.' } });
  });
});

describe('webhook', () => {
  it('checkout completion activates the subscription; credits stay as they were', async () => {
    const user = await signedUp();
    const { done } = await subscribe(user);
    expect(done).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await profile(user.uid)).toMatchObject({ subscriptionActive: true, subscriptionStatus: 'active', creditsRemaining: 10 });
  });

  it('a forged signature is refused with 400 and changes nothing', async () => {
    const user = await signedUp();
    await callApi('/billing/create-checkout-session', { token: user.idToken, json: { priceId: PRICE } });
    const customer = (await profile(user.uid))?.stripeCustomerId as string;
    stripe.setSubscription({ id: 'sub_forged', status: 'active', customer });
    const payload = event('checkout.session.completed', { customer, subscription: 'sub_forged', client_reference_id: user.uid });
    const forged = signer.webhooks.generateTestHeaderString({ payload: JSON.stringify(payload), secret: 'whsec_wrong' });
    const res = await sendWebhook(payload, forged);
    expect(res.status).toBe(400);
    expect((await profile(user.uid))?.subscriptionActive).toBe(false);
  });

  it('a replayed event changes nothing the second time', async () => {
    const user = await signedUp();
    const { customer, subscription } = await subscribe(user);
    const cancel = event('customer.subscription.deleted', { object: 'subscription', id: subscription.id, customer, status: 'canceled' });
    stripe.setSubscription({ ...subscription, status: 'canceled' });
    expect((await sendWebhook(cancel)).body.outcome).toBe('applied');
    expect((await profile(user.uid))?.subscriptionActive).toBe(false);
    // Reactivated meanwhile; the old cancellation arriving again must not undo it.
    stripe.setSubscription({ ...subscription, status: 'active' });
    await sendWebhook(event('customer.subscription.updated', { object: 'subscription', id: subscription.id, customer, status: 'active' }));
    expect((await sendWebhook(cancel)).body.outcome).toBe('replayed');
    expect((await profile(user.uid))?.subscriptionActive).toBe(true);
  });

  it('events out of order leave the subscription as Stripe has it now', async () => {
    const user = await signedUp();
    const { customer, subscription } = await subscribe(user);
    // Stripe now says canceled; an older "updated: active" event arrives late.
    stripe.setSubscription({ ...subscription, status: 'canceled' });
    await sendWebhook(event('customer.subscription.deleted', { object: 'subscription', id: subscription.id, customer, status: 'canceled' }));
    await sendWebhook(event('customer.subscription.updated', { object: 'subscription', id: subscription.id, customer, status: 'active' }));
    expect(await profile(user.uid)).toMatchObject({ subscriptionActive: false, subscriptionStatus: 'canceled', creditsRemaining: 10 });
  });

  it('a failed payment that ends unpaid removes access; the trial credits come back into play', async () => {
    const user = await signedUp();
    const { customer, subscription } = await subscribe(user);
    stripe.setSubscription({ ...subscription, status: 'unpaid' });
    const res = await sendWebhook(event('invoice.payment_failed', { object: 'invoice', customer, parent: { subscription_details: { subscription: subscription.id } } }));
    expect(res.body.outcome).toBe('applied');
    expect(await profile(user.uid)).toMatchObject({ subscriptionActive: false, creditsRemaining: 10 });
  });

  it('unknown event types are acknowledged and ignored; a customer with no user too', async () => {
    expect((await sendWebhook(event('customer.tax_id.created', { object: 'tax_id' }))).body).toEqual({ received: true, outcome: 'ignored' });
    const orphan = await sendWebhook(event('customer.subscription.updated', { object: 'subscription', id: 'sub_orphan', customer: 'cus_nobody', status: 'active' }));
    expect(orphan).toEqual({ status: 200, body: { received: true, outcome: 'no-user' } });
  });
});
