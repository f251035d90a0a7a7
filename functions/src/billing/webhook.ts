import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { logs } from '../lib/logs';
import { customerRef, eventRef, userDoc } from './billing-store';
import { grantsAccess } from './subscription-status';

export type WebhookOutcome = 'applied' | 'replayed' | 'ignored' | 'no-user';

const SUBSCRIPTION_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.payment_succeeded',
  'invoice.paid',
]);

/**
 * Applies one verified Stripe event. The subscription is re-read from Stripe, so events arriving
 * out of order still leave its current state; the event id is recorded in the same transaction
 * as the change, so a replay changes nothing. Throws when the change cannot be stored (the
 * route then answers non-2xx and Stripe retries).
 */
export async function handleStripeEvent(db: Firestore, stripe: Stripe, event: Stripe.Event): Promise<WebhookOutcome> {
  if (!SUBSCRIPTION_EVENTS.has(event.type)) return 'ignored';
  if ((await eventRef(db, event.id).get()).exists) return 'replayed';

  const { customerId, subscriptionId, uidHint } = referencesOf(event);
  if (!customerId) return 'ignored';
  let uid = ((await customerRef(db, customerId).get()).get('uid') as string | undefined) ?? undefined;
  if (!uid && uidHint && (await userDoc(db, uidHint).get()).exists) uid = uidHint;
  if (!uid) {
    logs.billingCustomerUnknown(event.id, customerId);
    await eventRef(db, event.id).set({ type: event.type, outcome: 'no-user', at: new Date() });
    return 'no-user';
  }

  const subscription = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : null;
  const status = subscription?.status ?? null;
  const active = grantsAccess(status);
  await db.runTransaction(async (tx) => {
    const seen = await tx.get(eventRef(db, event.id));
    if (seen.exists) return;
    tx.set(
      userDoc(db, uid!),
      {
        stripeCustomerId: customerId,
        ...(subscriptionId ? { stripeSubscriptionId: subscriptionId, subscriptionStatus: status } : {}),
        subscriptionActive: active,
        updatedAt: new Date(),
      },
      { merge: true },
    );
    tx.set(customerRef(db, customerId), { uid }, { merge: true });
    tx.set(eventRef(db, event.id), { type: event.type, uid, status, at: new Date() });
  });
  logs.billingEventApplied(event.id, event.type, uid, status);
  return 'applied';
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === 'string' ? value : value.id;
}

function referencesOf(event: Stripe.Event): { customerId?: string; subscriptionId?: string; uidHint?: string } {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed':
      return {
        customerId: idOf(object.customer as string | null),
        subscriptionId: idOf(object.subscription as string | null),
        uidHint: typeof object.client_reference_id === 'string' ? object.client_reference_id : undefined,
      };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { customerId: idOf(object.customer as string), subscriptionId: object.id as string };
    default: {
      // Invoices: the subscription id moved under `parent.subscription_details` in recent API versions.
      const parent = object.parent as { subscription_details?: { subscription?: string | { id: string } } } | undefined;
      const subscription = idOf(parent?.subscription_details?.subscription) ?? idOf(object.subscription as string | null);
      return { customerId: idOf(object.customer as string), subscriptionId: subscription };
    }
  }
}
