import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { AppError } from '@verbatim/contract/app-error';
import { checkoutRequestBody, requireBody, UNKNOWN_PRICE_MESSAGE } from '@verbatim/contract/request-bodies';
import type { BillingSettings } from '../config/server-config';
import { customerRef, userDoc } from './billing-store';

export interface Caller {
  uid: string;
  email: string;
}

/** The user's Stripe customer, created once and remembered (both ways) for every later call. */
export async function ensureCustomer(db: Firestore, stripe: Stripe, caller: Caller): Promise<string> {
  const ref = userDoc(db, caller.uid);
  const existing = (await ref.get()).get('stripeCustomerId');
  if (typeof existing === 'string' && existing) return existing;
  const customer = await stripe.customers.create(
    { email: caller.email || undefined, metadata: { uid: caller.uid } },
    { idempotencyKey: `customer-${caller.uid}` },
  );
  await db.runTransaction(async (tx) => {
    const again = (await tx.get(ref)).get('stripeCustomerId');
    if (typeof again === 'string' && again) return;
    tx.set(ref, { stripeCustomerId: customer.id }, { merge: true });
    tx.set(customerRef(db, customer.id), { uid: caller.uid, createdAt: new Date() });
  });
  return ((await ref.get()).get('stripeCustomerId') as string) ?? customer.id;
}

/**
 * A Checkout session for the Solo plan; refuses other prices and users already subscribed. The url is
 * Stripe's, or null when Stripe gave none: the client then tells the user in the spec's words.
 */
export async function createCheckoutSession(
  db: Firestore,
  stripe: Stripe,
  settings: BillingSettings,
  caller: Caller,
  priceId: unknown,
  requestId: string,
): Promise<{ url: string | null }> {
  const request = requireBody(checkoutRequestBody, { priceId });
  if (request.priceId !== settings.soloPriceId) throw new AppError('invalid', UNKNOWN_PRICE_MESSAGE);
  const profile = (await userDoc(db, caller.uid).get()).data();
  if (profile?.subscriptionActive) {
    throw new AppError('conflict', 'You already have an active subscription. Manage it from Account → Subscription.');
  }
  const customer = await ensureCustomer(db, stripe, caller);
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      customer,
      client_reference_id: caller.uid,
      line_items: [{ price: settings.soloPriceId, quantity: 1 }],
      success_url: `${settings.appBaseUrl}/subscription-success`,
      cancel_url: `${settings.appBaseUrl}/pricing`,
      allow_promotion_codes: true,
    },
    { idempotencyKey: `checkout-${caller.uid}-${requestId}` },
  );
  return { url: session.url || null };
}

/** A billing-portal session for the user's customer; its url as Stripe gave it (null when none). */
export async function createPortalSession(
  db: Firestore,
  stripe: Stripe,
  settings: BillingSettings,
  uid: string,
  requestId: string,
): Promise<{ url: string | null }> {
  const customer = (await userDoc(db, uid).get()).get('stripeCustomerId');
  if (typeof customer !== 'string' || !customer) {
    throw new AppError('not-found', 'There is no billing account for you yet: subscribe from the pricing page first.');
  }
  const session = await stripe.billingPortal.sessions.create(
    { customer, return_url: `${settings.appBaseUrl}/account/subscription` },
    { idempotencyKey: `portal-${uid}-${requestId}` },
  );
  return { url: session.url || null };
}

