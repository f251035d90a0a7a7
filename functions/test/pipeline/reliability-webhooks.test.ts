/**
 * Proof: reliability — Stripe webhooks. 40 events (100 under `npm run bench -- reliability`) for several customers go through the real
 * handler (a real `stripe` client talking to the Stripe stand-in, whose subscriptions are Stripe's
 * truth): once in order as they happened, once shuffled with duplicates and several at a time, once
 * more as a full replay. The users' subscription state must not depend on the delivery.
 * REL_WEBHOOK_SEED=n tells another story (some seeds end with everyone active or no one).
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureCustomer } from '../../src/billing/checkout';
import { createStripeClient } from '../../src/billing/stripe-client';
import { grantsAccess } from '../../src/billing/subscription-status';
import { handleStripeEvent, type WebhookOutcome } from '../../src/billing/webhook';
import { startStripeStandIn, type StripeStandIn } from '../../../test/support/stripe-stand-in.mjs';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { loadSize } from '../support/load';

const db = () => adminDb();
const SECRET = 'sk_test_standin';
const USERS = ['ana', 'ben', 'chloe', 'dev', 'eli'];
const EVENTS = loadSize(100, 40);
const DUPLICATES = loadSize(40, 16);

let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn({ port: 0, secretKey: SECRET });
  stripe = createStripeClient({ secretKey: SECRET, apiBase: standIn.url });
});
afterAll(async () => {
  await standIn?.close();
});
beforeEach(async () => {
  await clearFirestore();
});

/** Deterministic pseudo-random numbers (mulberry32), so a failure reproduces. */
function random(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

interface TimelineEvent {
  event: Stripe.Event;
  uid: string;
  customer: string;
  subscription: string;
  /** The subscription's status in Stripe right after this event. */
  status: string;
}

/**
 * What happens to the customers' subscriptions, as Stripe would tell it: subscribing (checkout +
 * created), failed payments (past_due, then unpaid), recoveries, cancellations, and subscribing
 * again — sometimes while the old subscription is still unpaid, which Stripe cancels later.
 */
function timeline(customers: Map<string, string>, seed: number): TimelineEvent[] {
  const next = random(seed);
  const events: TimelineEvent[] = [];
  const state = new Map<string, { current: string | null; status: string; leftover: string | null; subs: number }>();
  USERS.forEach((uid) => state.set(uid, { current: null, status: 'none', leftover: null, subs: 0 }));
  let created = 1_790_000_000;
  const push = (uid: string, type: string, subscription: string, status: string) => {
    const customer = customers.get(uid)!;
    const id = `evt_${events.length + 1}_${type.replace(/\W/g, '_')}`;
    const object =
      type === 'checkout.session.completed'
        ? { object: 'checkout.session', id: `cs_${id}`, mode: 'subscription', customer, subscription, client_reference_id: uid }
        : type === 'invoice.payment_failed'
          ? { object: 'invoice', id: `in_${id}`, customer, parent: { subscription_details: { subscription } } }
          : { object: 'subscription', id: subscription, customer, status };
    const event = { id, object: 'event', type, created: created++, livemode: false, data: { object } } as unknown as Stripe.Event;
    events.push({ event, uid, customer, subscription, status });
  };

  while (events.length < EVENTS) {
    const uid = USERS[Math.floor(next() * USERS.length)];
    const s = state.get(uid)!;
    const roll = next();
    if (s.leftover && roll < 0.3) {
      // Stripe ends the dunning of the old, unpaid subscription.
      push(uid, 'customer.subscription.deleted', s.leftover, 'canceled');
      s.leftover = null;
    } else if (!s.current || (s.status === 'unpaid' && roll < 0.6 && !s.leftover)) {
      if (s.current && s.status === 'unpaid') s.leftover = s.current;
      const sub = `sub_${uid}_${++s.subs}`;
      push(uid, 'checkout.session.completed', sub, 'active');
      push(uid, 'customer.subscription.created', sub, 'active');
      s.current = sub;
      s.status = 'active';
    } else if (s.status === 'active' && roll < 0.5) {
      push(uid, 'invoice.payment_failed', s.current, 'past_due');
      push(uid, 'customer.subscription.updated', s.current, 'past_due');
      s.status = 'past_due';
    } else if (s.status === 'past_due' && roll < 0.5) {
      push(uid, 'invoice.payment_failed', s.current, 'unpaid');
      push(uid, 'customer.subscription.updated', s.current, 'unpaid');
      s.status = 'unpaid';
    } else if (s.status !== 'active' && roll < 0.75) {
      push(uid, 'customer.subscription.updated', s.current, 'active');
      s.status = 'active';
    } else {
      push(uid, 'customer.subscription.deleted', s.current, 'canceled');
      s.current = null;
      s.status = 'canceled';
    }
  }
  return events.slice(0, EVENTS);
}

/** Stripe's truth at the end: each subscription's last status. */
function finalTruth(events: TimelineEvent[]): Map<string, TimelineEvent> {
  const last = new Map<string, TimelineEvent>();
  for (const e of events) last.set(e.subscription, e);
  return last;
}

/** The state each user should end in: the subscription that grants access, else the one Stripe spoke of last. */
function expectedStates(events: TimelineEvent[]) {
  const truth = finalTruth(events);
  return Object.fromEntries(
    USERS.filter((uid) => events.some((e) => e.uid === uid)).map((uid) => {
      const subs = [...truth.values()].filter((e) => e.uid === uid);
      const granting = subs.find((e) => grantsAccess(e.status));
      const latest = [...events].reverse().find((e) => e.uid === uid)!;
      const chosen = granting ?? truth.get(latest.subscription)!;
      return [uid, { stripeSubscriptionId: chosen.subscription, subscriptionStatus: chosen.status, subscriptionActive: grantsAccess(chosen.status) }];
    }),
  );
}

async function seedCustomers(): Promise<Map<string, string>> {
  const customers = new Map<string, string>();
  for (const uid of USERS) {
    const now = new Date();
    await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining: 10, subscriptionActive: false, createdAt: now, updatedAt: now });
    // As checkout does: the Stripe customer (idempotent per user, so the same id on every run) and its link to the user.
    customers.set(uid, await ensureCustomer(db(), stripe, { uid, email: `${uid}@example.com` }));
  }
  return customers;
}

async function userStates() {
  const states: Record<string, { stripeSubscriptionId: unknown; subscriptionStatus: unknown; subscriptionActive: unknown; creditsRemaining: unknown }> = {};
  for (const uid of USERS) {
    const d = (await db().doc(`users/${uid}`).get()).data() ?? {};
    states[uid] = { stripeSubscriptionId: d.stripeSubscriptionId, subscriptionStatus: d.subscriptionStatus, subscriptionActive: d.subscriptionActive, creditsRemaining: d.creditsRemaining };
  }
  return states;
}

/** Firestore clients standing for separate function instances (each has its own in-process queue). */
function instances(count: number): Firestore[] {
  adminDb();
  return Array.from({ length: count }, (_, i) => {
    const name = `instance-${i}`;
    const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-verbatim' }, name);
    return getFirestore(app);
  });
}

/** Delivers events `parallel` at a time, as Stripe may, to 4 instances in turn; returns each outcome. */
async function deliver(events: Stripe.Event[], parallel: number): Promise<WebhookOutcome[]> {
  const clients = instances(4);
  const outcomes: WebhookOutcome[] = new Array(events.length);
  let nextIndex = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (nextIndex < events.length) {
        const i = nextIndex++;
        outcomes[i] = await handleStripeEvent(clients[i % clients.length], stripe, events[i]);
      }
    }),
  );
  return outcomes;
}

const tally = (outcomes: WebhookOutcome[]) =>
  outcomes.reduce<Record<string, number>>((counts, o) => ({ ...counts, [o]: (counts[o] ?? 0) + 1 }), {});

describe('Stripe webhooks delivered out of order, twice, and replayed', () => {
  it(`${EVENTS} events for ${USERS.length} customers: shuffled with ${DUPLICATES} duplicates ends as in order; a replay changes nothing`, async () => {
    const customers = await seedCustomers();
    const events = timeline(customers, Number(process.env.REL_WEBHOOK_SEED ?? 20_260_101));
    const types = tally(events.map((e) => e.event.type as WebhookOutcome));
    const expected = expectedStates(events);

    // 1. In order, each event handled as it happened (Stripe's truth moving along with it).
    for (const e of events) {
      standIn.setSubscription({ id: e.subscription, customer: e.customer, status: e.status });
      expect(await handleStripeEvent(db(), stripe, e.event)).toBe('applied');
    }
    const inOrder = await userStates();

    // 2. From scratch: the same events delivered late (Stripe's truth is final), shuffled, with duplicates, 8 at a time.
    await clearFirestore();
    await seedCustomers();
    for (const e of finalTruth(events).values()) standIn.setSubscription({ id: e.subscription, customer: e.customer, status: e.status });
    const next = random(7);
    const duplicates = Array.from({ length: DUPLICATES }, () => events[Math.floor(next() * events.length)].event);
    const deliveries = shuffle([...events.map((e) => e.event), ...duplicates], next);
    const started = Date.now();
    const outcomes = await deliver(deliveries, 8);
    const ms = Date.now() - started;
    const shuffled = await userStates();
    const counts = tally(outcomes);

    // 3. Everything again: a full replay.
    const stripeCalls = standIn.requests.length;
    const replay = tally(await deliver(shuffle(deliveries, next), 8));
    const afterReplay = await userStates();

    const matching = USERS.filter((uid) => JSON.stringify(shuffled[uid]) === JSON.stringify(inOrder[uid])).length;
    console.log(
      `Webhooks: ${EVENTS} events (${Object.entries(types).map(([t, n]) => `${n} ${t}`).join(', ')}) for ${USERS.length} customers; ` +
        `${deliveries.length} deliveries shuffled with ${DUPLICATES} duplicates, 8 at a time over 4 instances → ${counts.applied ?? 0} applied, ${counts.replayed ?? 0} replayed ` +
        `(${ms} ms); final state equals the in-order result for ${matching}/${USERS.length} users; ` +
        `replay of ${deliveries.length} → ${replay.replayed ?? 0} replayed, ${stripeCalls === standIn.requests.length ? 0 : standIn.requests.length - stripeCalls} Stripe calls, ` +
        `${USERS.filter((uid) => JSON.stringify(afterReplay[uid]) !== JSON.stringify(shuffled[uid])).length} users changed`,
    );

    for (const uid of Object.keys(expected)) expect(inOrder[uid], `in order, ${uid}`).toMatchObject(expected[uid]);
    expect(shuffled).toEqual(inOrder);
    expect(counts).toEqual({ applied: EVENTS, replayed: DUPLICATES });
    expect(replay).toEqual({ replayed: deliveries.length });
    expect(afterReplay).toEqual(shuffled);
    expect(standIn.requests.length).toBe(stripeCalls);
    // Subscriptions never touch the trial credits.
    expect(Object.values(afterReplay).every((s) => s.creditsRemaining === 10)).toBe(true);
    // The story really exercised what can go wrong: access gained and lost, and a second subscription.
    expect(Object.values(expected).some((s) => s.subscriptionActive)).toBe(true);
    expect(Object.values(expected).some((s) => !s.subscriptionActive)).toBe(true);
    expect(events.some((e) => /_[2-9]$/.test(e.subscription))).toBe(true);
  });
});
