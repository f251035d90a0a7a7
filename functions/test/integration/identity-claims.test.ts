import { describe, expect, it } from 'vitest';
import { createAnalyticsTracker, identityFor, type AnalyticsSink } from '../../../web/src/lib/analytics';
import { claimsOf, FUNCTIONS_URL, signInWithPassword, type TestUser } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { fixture } from '../support/fixtures';
import { uploadViaApi, userWithProject } from '../support/projects';
import { STRIPE_WEBHOOK_SECRET, stripeSigner, useStripeStandIn } from '../support/stripe';
import { waitFor } from '../support/wait';

// The ID token's `plan` and `activated` claims (read by the web app's analytics) follow the
// account: set by the server on the Auth emulator, seen in a freshly issued token, mirrored on the
// profile so the signed-in app knows to refresh its token.
const standIn = useStripeStandIn();

let events = 0;
async function sendWebhook(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_claims_${Date.now()}_${++events}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object }, livemode: false });
  const res = await fetch(`${FUNCTIONS_URL}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSigner.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }) },
    body: payload,
  });
  expect(res.status).toBe(200);
}

/** The claims of a token issued now (a sign-in, or the app's forced refresh). */
const freshClaims = async (user: TestUser) => claimsOf(await signInWithPassword(user.email, user.password));
const mirror = async (uid: string) => (await adminDb().doc(`users/${uid}`).get()).get('identityClaims') as Record<string, unknown> | undefined;

/** What the app's analytics sends for a token with these claims (a spy in place of Firebase Analytics). */
async function analyticsProperties(uid: string, claims: Record<string, unknown>) {
  const properties: Record<string, unknown>[] = [];
  const sink: AnalyticsSink = { logEvent() {}, setUserId() {}, setUserProperties: (p) => properties.push(p) };
  createAnalyticsTracker(sink).identify(await identityFor(uid, { uid, getIdTokenResult: async () => ({ claims }) }));
  return properties.at(-1);
}

describe('identity claims for analytics', () => {
  it("a subscription through Stripe's signed webhook turns the token's plan to solo; a cancellation back to free", async () => {
    const { user } = await userWithProject('Claims study');
    expect(await freshClaims(user)).not.toHaveProperty('plan');
    expect(await analyticsProperties(user.uid, await freshClaims(user))).toEqual({ login_status: 'logged_in', plan: 'free', activation_status: 'unactivated' });

    await callApi('/billing/create-checkout-session', { token: user.idToken, json: { priceId: 'price_demo_solo' } });
    const customer = (await adminDb().doc(`users/${user.uid}`).get()).get('stripeCustomerId') as string;
    const stripe = standIn();
    const subscription = { id: `sub_claims_${user.uid.slice(0, 8)}`, status: 'active', customer };
    stripe.setSubscription(subscription);
    await sendWebhook('checkout.session.completed', { object: 'checkout.session', customer, subscription: subscription.id, client_reference_id: user.uid });

    const solo = await waitFor(() => freshClaims(user), (c) => c.plan === 'solo', 20_000);
    expect(solo).toMatchObject({ plan: 'solo', activated: false });
    expect(await mirror(user.uid)).toMatchObject({ plan: 'solo', activated: false });
    expect(await analyticsProperties(user.uid, solo)).toEqual({ login_status: 'logged_in', plan: 'solo', activation_status: 'unactivated' });

    stripe.setSubscription({ ...subscription, status: 'canceled' });
    await sendWebhook('customer.subscription.deleted', { object: 'subscription', id: subscription.id, customer, status: 'canceled' });
    const free = await waitFor(() => freshClaims(user), (c) => c.plan === 'free', 20_000);
    expect(await analyticsProperties(user.uid, free)).toEqual({ login_status: 'logged_in', plan: 'free', activation_status: 'unactivated' });
    expect(await mirror(user.uid)).toMatchObject({ plan: 'free', activated: false });
  });

  it('the first interview reaching Ready activates the account; its token then says activated', async () => {
    const { user, projectId } = await userWithProject('Activation study');
    const { reserve } = await uploadViaApi(user.idToken, projectId, '04_interview.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
    const documentId = reserve.body.document.id;
    // Not before Ready: while it is parsed or analysed, the account is not activated yet.
    expect((await freshClaims(user)).activated ?? false).toBe(false);
    await waitFor(async () => (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).get('status'), (s) => s === 'ready');

    const activated = await waitFor(() => freshClaims(user), (c) => c.activated === true, 20_000);
    expect(activated).toMatchObject({ plan: 'free', activated: true });
    expect((await adminDb().doc(`users/${user.uid}`).get()).get('activatedAt')).toBeTruthy();
    expect(await analyticsProperties(user.uid, activated)).toEqual({ login_status: 'logged_in', plan: 'free', activation_status: 'activated' });
  });
});
