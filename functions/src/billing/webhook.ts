import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { oneAtATimePerAccount } from '../quotas/account-places';
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
 * out of order still leave its current state, and a late event about an older subscription never
 * replaces a newer one (`replacesStoredSubscription`); an event without a subscription (a one-off
 * invoice) leaves the access as it is. The event id is recorded in the same transaction as the
 * change, so a replay — even one delivered at the same moment — changes nothing. Throws when the change cannot be stored (the
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
  const outcome = await oneAtATimePerAccount(db, uid, () =>
    db.runTransaction(async (tx): Promise<WebhookOutcome> => {
      const [seen, profile] = await Promise.all([tx.get(eventRef(db, event.id)), tx.get(userDoc(db, uid!))]);
      // The same event delivered twice at once: the first transaction recorded it.
      if (seen.exists) return 'replayed';
      const takes = subscriptionId !== undefined && replacesStoredSubscription(profile.data() ?? {}, subscriptionId, active, event.created);
      tx.set(
        userDoc(db, uid!),
        {
          stripeCustomerId: customerId,
          ...(takes
            ? {
                stripeSubscriptionId: subscriptionId,
                subscriptionStatus: status,
                subscriptionActive: active,
                subscriptionEventCreated: Math.max(event.created, numberOr(profile.get('subscriptionEventCreated'), 0)),
              }
            : {}),
          updatedAt: new Date(),
        },
        { merge: true },
      );
      tx.set(customerRef(db, customerId), { uid }, { merge: true });
      tx.set(eventRef(db, event.id), { type: event.type, uid, status, subscriptionId: subscriptionId ?? null, superseded: !takes, at: new Date() });
      return 'applied';
    }),
  );
  if (outcome === 'applied') logs.billingEventApplied(event.id, event.type, uid, status);
  return outcome;
}

/**
 * Whether an event's subscription (re-read from Stripe just now) becomes the user's subscription.
 * The same subscription always does (its state is current). Another one does when it grants access,
 * or when the stored one no longer does and the event is not older than the one that stored it: a
 * late event about an old, canceled subscription never takes away a newer one, in any order.
 */
function replacesStoredSubscription(
  profile: Record<string, unknown>,
  subscriptionId: string,
  active: boolean,
  eventCreated: number,
): boolean {
  const stored = typeof profile.stripeSubscriptionId === 'string' ? profile.stripeSubscriptionId : '';
  if (!stored || stored === subscriptionId || active) return true;
  return profile.subscriptionActive !== true && eventCreated >= numberOr(profile.subscriptionEventCreated, 0);
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
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
