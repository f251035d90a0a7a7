import { Router } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import type { BillingSettings } from '../config/server-config';
import { createCheckoutSession, createPortalSession } from '../billing/checkout';
import { billingPlans } from '../billing/plans';
import { createStripeClient } from '../billing/stripe-client';
import { eventRef } from '../billing/billing-store';
import { handleStripeEvent } from '../billing/webhook';
import { logs } from '../lib/logs';
import { syncIdentityClaims } from '../users/sync-identity-claims';
import { requireAuth } from './auth-middleware';
import { HttpError } from './http-error';
import { objectBody } from './json-body';
import { requireCaller, type ApiRequest } from './request-context';

/**
 * What is on sale, checkout, the billing portal and Stripe's webhook. Without Stripe settings /plans sells nothing and
 * every other route is 503.
 * After each webhook the user's `plan` claim follows the subscription (a failure answers non-2xx,
 * so Stripe's retry, a replay, sets it again).
 */
export function billingRouter(db: Firestore, readSettings: () => BillingSettings | null, auth: Auth): Router {
  const router = Router();
  let client: { key: string; stripe: Stripe } | undefined;
  const configured = () => {
    const settings = readSettings();
    if (!settings) throw new HttpError(503, 'Billing is not configured on this server.');
    if (client?.key !== settings.secretKey) client = { key: settings.secretKey, stripe: createStripeClient(settings) };
    return { settings, stripe: client.stripe };
  };
  const requestId = (req: ApiRequest) => String(req.headers['x-request-id'] ?? randomUUID());

  // Public: the pricing page and the subscribe prompt read the price at run time (no price is built into the app).
  router.get('/plans', (_req, res) => {
    res.json(billingPlans(readSettings()));
  });

  router.post('/create-checkout-session', requireAuth, async (req: ApiRequest, res) => {
    const { settings, stripe } = configured();
    const caller = requireCaller(req);
    res.json(await viaStripe(() => createCheckoutSession(db, stripe, settings, caller, objectBody(req).priceId, requestId(req))));
  });

  router.post('/portal', requireAuth, async (req: ApiRequest, res) => {
    const { settings, stripe } = configured();
    res.json(await viaStripe(() => createPortalSession(db, stripe, settings, requireCaller(req).uid, requestId(req))));
  });

  // Stripe's signature covers the exact bytes it sent: verify on the raw body.
  router.post('/webhook', async (req: ApiRequest, res) => {
    const { settings, stripe } = configured();
    const signature = req.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (!req.rawBody || typeof signature !== 'string') throw new Error('missing body or signature');
      event = stripe.webhooks.constructEvent(req.rawBody, signature, settings.webhookSecret);
    } catch (err) {
      logs.billingWebhookRejected(err instanceof Error ? err.message : String(err));
      throw new HttpError(400, 'The webhook signature could not be verified.');
    }
    const outcome = await handleStripeEvent(db, stripe, event);
    const uid = outcome === 'applied' || outcome === 'replayed' ? (await eventRef(db, event.id).get()).get('uid') : undefined;
    if (typeof uid === 'string') await syncIdentityClaims({ db, auth }, uid);
    res.json({ received: true, outcome });
  });

  return router;
}

/** A failure on Stripe's side answers 502 with a message the user can act on; ours stay as they are. */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    logs.billingStripeFailed(err.type, err.message);
    throw new HttpError(502, 'Stripe could not be reached just now. Please try again in a moment.');
  }
}
