/**
 * Proof: reliability — credits under load. A credit is spent by the ingestion service, in the
 * transaction that marks a document `parsed` (`ingestInterview`: `chargeForInterview` from
 * credits/credit-policy, one transaction at a time per account and instance through
 * `oneAtATimePerAccount` from quotas/account-places). These tests race it 60 times at once (200 under
 * `npm run bench -- reliability`), spread over four Firestore clients standing for four function instances, and
 * print what happened.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureCustomer } from '../../src/billing/checkout';
import { createStripeClient } from '../../src/billing/stripe-client';
import { handleStripeEvent } from '../../src/billing/webhook';
import { ingestInterview, type IngestOutcome } from '../../src/ingestion/ingest-interview';
import { reserveInterview } from '../../src/interviews/interview-service';
import { createProject } from '../../src/projects/project-service';
import { startStripeStandIn, type StripeStandIn } from '../../../test/support/stripe-stand-in.mjs';
import { clearFirestore } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { smallInterview } from '../support/fixtures';
import { loadSize } from '../support/load';
import { ROOMY_QUOTAS } from '../support/quotas';

const db = () => adminDb();
const SPENDS = loadSize(200, 40);
const INSTANCES = 4;

/**
 * Firestore clients standing for separate function instances: each has its own in-process queue,
 * so their credit transactions really race each other on the account document.
 */
function instances(count: number): Firestore[] {
  adminDb();
  return Array.from({ length: count }, (_, i) => {
    const name = `instance-${i}`;
    const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-verbatim' }, name);
    return getFirestore(app);
  });
}
const BYTES = smallInterview();

let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn({ port: 0, secretKey: 'sk_test_standin' });
  stripe = createStripeClient({ secretKey: 'sk_test_standin', apiBase: standIn.url });
});
afterAll(async () => {
  await standIn?.close();
});
beforeEach(async () => {
  await clearFirestore();
  standIn.reset();
});

async function seedUser(uid: string, creditsRemaining: number) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining, subscriptionActive: false, createdAt: now, updatedAt: now });
}

/** Every value `users/{uid}.creditsRemaining` takes while the test runs, as the listener sees it. */
function watchCredits(database: Firestore, uid: string) {
  const seen: number[] = [];
  const stop = database.doc(`users/${uid}`).onSnapshot((snap) => {
    const value = snap.get('creditsRemaining');
    if (typeof value === 'number') seen.push(value);
  });
  return { seen, stop };
}

/** `count` documents reserved (step one of an upload), then `beforeSpends`, then all of them ingested at once. */
async function raceSpends(uid: string, count: number, beforeSpends: () => Promise<void> = async () => {}) {
  const project = await createProject(db(), uid, 'Race');
  const reservations = [];
  for (let i = 0; i < count; i += 25) {
    reservations.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(25, count - i) }, (_, j) =>
          reserveInterview(db(), uid, project.id, { fileName: `focus-${i + j}.txt`, size: BYTES.length }, new Date(), ROOMY_QUOTAS),
        ),
      )),
    );
  }
  await beforeSpends();
  const started = Date.now();
  const clients = instances(INSTANCES);
  const outcomes: IngestOutcome[] = await Promise.all(
    reservations.map((r, i) =>
      ingestInterview(clients[i % clients.length], { uid, projectId: project.id, documentId: r.document.id, bytes: BYTES, fileName: r.document.fileName }, undefined, ROOMY_QUOTAS),
    ),
  );
  const ms = Date.now() - started;
  const docs = await Promise.all(reservations.map(async (r) => (await db().doc(`projects/${project.id}/documents/${r.document.id}`).get()).data()!));
  return { project, outcomes, docs, ms };
}

const creditsOf = async (uid: string) => (await db().doc(`users/${uid}`).get()).get('creditsRemaining') as number;

describe('credits under load', () => {
  it(`${SPENDS} concurrent spends with 10 credits: exactly 10 succeed, ${SPENDS - 10} refused, credits end at 0, never negative`, async () => {
    await seedUser('racer', 10);
    const watch = watchCredits(db(), 'racer');
    const { project, outcomes, docs, ms } = await raceSpends('racer', SPENDS);
    const final = await creditsOf('racer');
    await new Promise((resolve) => setTimeout(resolve, 200));
    watch.stop();

    const succeeded = outcomes.filter((o) => o.status === 'parsed');
    const refused = outcomes.filter((o) => o.status === 'failed' && o.reason === 'credits');
    const lowest = Math.min(final, ...watch.seen);
    console.log(
      `Credits under load: ${SPENDS} concurrent spends over ${INSTANCES} instances with 10 credits → ${succeeded.length} succeeded, ${refused.length} refused, ` +
        `${outcomes.length - succeeded.length - refused.length} other; final credits ${final}, lowest seen ${lowest} (${ms} ms)`,
    );

    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(SPENDS - 10);
    expect(final).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    // Each success saw its own balance: 9, 8, …, 0 — no two spends read the same credit.
    expect(succeeded.map((o) => (o.status === 'parsed' ? o.creditsRemaining : -1)).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(docs.filter((d) => d.status === 'parsed' && d.creditSpent === true)).toHaveLength(10);
    expect(docs.filter((d) => d.status === 'failed' && d.errorCode === 'out-of-credits' && d.creditSpent === false)).toHaveLength(SPENDS - 10);
    expect((await db().doc(`projects/${project.id}`).get()).get('counts')).toMatchObject({ documents: SPENDS, parsed: 10, failed: SPENDS - 10 });
  });

  it(`the subscription toggled on and off through the webhook during ${SPENDS} concurrent spends: no credit lost, none negative`, async () => {
    const START = Math.round(SPENDS * 0.3);
    await seedUser('toggler', START);
    // The subscription lives in Stripe (the stand-in); each toggle is a real webhook event handled by the server.
    const customer = await ensureCustomer(db(), stripe, { uid: 'toggler', email: 'toggler@example.com' });
    const subscription = { id: 'sub_toggler', customer };
    let created = Math.floor(Date.now() / 1000);
    let toggles = 0;
    let racing = true;
    const toggle = async (status: 'active' | 'canceled') => {
      standIn.setSubscription({ ...subscription, status, created });
      const event = {
        id: `evt_toggle_${++toggles}`,
        object: 'event',
        type: status === 'active' ? 'customer.subscription.updated' : 'customer.subscription.deleted',
        created: ++created,
        data: { object: { object: 'subscription', ...subscription, status } },
      } as unknown as Stripe.Event;
      expect(await deliver(event)).toBe('applied');
    };
    // Stripe delivers an event again when its webhook fails: here, when the emulator gives up a transaction that
    // waited too long behind the spends' (ABORTED, "Transaction lock timeout"), nothing was written and the same event
    // comes again.
    const deliver = async (event: Stripe.Event, attempt = 1): Promise<string> => {
      try {
        return await handleStripeEvent(db(), stripe, event);
      } catch (err) {
        if ((err as { code?: number }).code !== 10 || attempt >= 5) throw err;
        return deliver(event, attempt + 1);
      }
    };
    // The subscription turns active as the spends start (so some of them are a subscriber's), then flips every 15 ms.
    let toggler: Promise<void> = Promise.resolve();
    const startToggling = async () => {
      await toggle('active');
      toggler = (async () => {
        while (racing) {
          await new Promise((resolve) => setTimeout(resolve, 15));
          await toggle(toggles % 2 === 0 ? 'active' : 'canceled');
        }
        await toggle('canceled');
      })();
    };

    const watch = watchCredits(db(), 'toggler');
    const { outcomes, docs, ms } = await raceSpends('toggler', SPENDS, startToggling);
    racing = false;
    await toggler;
    const final = await creditsOf('toggler');
    await new Promise((resolve) => setTimeout(resolve, 200));
    watch.stop();

    // The ledger, derived from the results: a spend is an accepted document that carries its credit.
    const accepted = outcomes.map((o, i) => ({ o, d: docs[i] })).filter(({ o }) => o.status === 'parsed');
    const spent = accepted.filter(({ d }) => d.creditSpent === true);
    const asSubscriber = accepted.filter(({ d }) => d.creditSpent !== true);
    const refused = outcomes.filter((o) => o.status === 'failed' && o.reason === 'credits');
    const lowest = Math.min(final, ...watch.seen);
    console.log(
      `Credits with subscription toggling: ${SPENDS} concurrent spends over ${INSTANCES} instances from ${START} credits, ${toggles} webhook toggles → ` +
        `${spent.length} spent a credit, ${asSubscriber.length} free as subscriber, ${refused.length} refused; ` +
        `final credits ${final} = ${START} − ${spent.length}, lowest seen ${lowest} (${ms} ms)`,
    );

    expect(accepted.length + refused.length).toBe(SPENDS);
    expect(final).toBe(START - spent.length);
    expect(lowest).toBeGreaterThanOrEqual(0);
    // Balances after each spend are START-1 … START-n, each once: no spend lost, none counted twice.
    const balances = spent.map(({ o }) => (o.status === 'parsed' ? o.creditsRemaining : -1)).sort((a, b) => b - a);
    expect(balances).toEqual(Array.from({ length: spent.length }, (_, i) => START - 1 - i));
    // A refusal can only happen once the credits are gone.
    if (refused.length > 0) expect(final).toBe(0);
    // The toggling really overlapped the spends: some were free, some paid.
    expect(toggles).toBeGreaterThanOrEqual(4);
    expect(spent.length).toBeGreaterThan(0);
    expect(asSubscriber.length).toBeGreaterThan(0);
    expect((await db().doc('users/toggler').get()).data()).toMatchObject({ subscriptionActive: false, subscriptionStatus: 'canceled' });
  });
});
