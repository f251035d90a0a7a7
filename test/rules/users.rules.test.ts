import { deleteDoc, doc, getDoc, getDocs, collection, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { allowed, asUser, asVisitor, denied, seed, useRulesEnv } from './rules-env';

const env = useRulesEnv();

const profile = (overrides: Record<string, unknown> = {}) => ({
  email: 'alice@example.com',
  name: 'Alice',
  creditsRemaining: 10,
  subscriptionActive: false,
  ...overrides,
});

async function seedAlice() {
  await seed(env, (db) => setDoc(doc(db, 'users/alice'), profile()));
}

describe('policy: user profiles', () => {
  it('a user can read their own profile', async () => {
    await seedAlice();
    await allowed(getDoc(doc(asUser(env, 'alice'), 'users/alice')));
  });

  it("a user cannot read another user's profile", async () => {
    await seedAlice();
    await denied(getDoc(doc(asUser(env, 'bob'), 'users/alice')));
  });

  it('a visitor cannot read any profile', async () => {
    await seedAlice();
    await denied(getDoc(doc(asVisitor(env), 'users/alice')));
  });

  it("a user can neither read nor reset their account's Gemini token usage (the monthly allowance is the server's)", async () => {
    await seedAlice();
    await seed(env, (db) => setDoc(doc(db, 'users/alice/geminiUsage/2026-11'), { tokens: 10_000_000, calls: 80 }));
    await denied(getDoc(doc(asUser(env, 'alice'), 'users/alice/geminiUsage/2026-11')));
    await denied(setDoc(doc(asUser(env, 'alice'), 'users/alice/geminiUsage/2026-11'), { tokens: 0, calls: 0 }));
    await denied(deleteDoc(doc(asUser(env, 'alice'), 'users/alice/geminiUsage/2026-12')));
  });

  it('nobody can list the users collection', async () => {
    await seedAlice();
    await denied(getDocs(collection(asUser(env, 'alice'), 'users')));
  });

  it('a user cannot create their own profile (the server grants the trial)', async () => {
    await denied(setDoc(doc(asUser(env, 'alice'), 'users/alice'), profile()));
  });

  it('a user cannot change their credits', async () => {
    await seedAlice();
    await denied(updateDoc(doc(asUser(env, 'alice'), 'users/alice'), { creditsRemaining: 1000 }));
  });

  it('a user cannot activate a subscription', async () => {
    await seedAlice();
    await denied(updateDoc(doc(asUser(env, 'alice'), 'users/alice'), { subscriptionActive: true }));
  });

  it('a user cannot add billing fields', async () => {
    await seedAlice();
    await denied(updateDoc(doc(asUser(env, 'alice'), 'users/alice'), { stripeCustomerId: 'cus_123' }));
  });

  it('a user cannot overwrite the profile wholesale, even keeping the credits', async () => {
    await seedAlice();
    await denied(setDoc(doc(asUser(env, 'alice'), 'users/alice'), profile({ creditsRemaining: 10, extra: true })));
  });

  it('a user can rename themselves', async () => {
    await seedAlice();
    await allowed(updateDoc(doc(asUser(env, 'alice'), 'users/alice'), { name: 'Alice Liddell' }));
  });

  it("a user cannot rename another user", async () => {
    await seedAlice();
    await denied(updateDoc(doc(asUser(env, 'bob'), 'users/alice'), { name: 'Mallory' }));
  });

  it('a user cannot delete their profile from the client', async () => {
    await seedAlice();
    await denied(deleteDoc(doc(asUser(env, 'alice'), 'users/alice')));
  });
});

describe('policy: everything not named is denied', () => {
  it('a signed-in user cannot write an unknown collection', async () => {
    await denied(setDoc(doc(asUser(env, 'alice'), 'anything/x'), { a: 1 }));
  });

  it('a signed-in user cannot read an unknown collection', async () => {
    await seed(env, (db) => setDoc(doc(db, 'anything/x'), { a: 1 }));
    await denied(getDoc(doc(asUser(env, 'alice'), 'anything/x')));
  });
});

describe('policy: billing records', () => {
  it('nobody reads or writes Stripe customers or handled events from the client', async () => {
    await seed(env, async (db) => {
      await setDoc(doc(db, 'billingCustomers/cus_1'), { uid: 'alice' });
      await setDoc(doc(db, 'stripeEvents/evt_1'), { uid: 'alice' });
    });
    await denied(getDoc(doc(asUser(env, 'alice'), 'billingCustomers/cus_1')));
    await denied(getDoc(doc(asUser(env, 'alice'), 'stripeEvents/evt_1')));
    await denied(setDoc(doc(asUser(env, 'alice'), 'billingCustomers/cus_2'), { uid: 'alice' }));
    await denied(setDoc(doc(asUser(env, 'alice'), 'stripeEvents/evt_2'), { uid: 'alice' }));
  });

  it('a user cannot set their own Stripe customer or subscription status', async () => {
    await seedAlice();
    await denied(updateDoc(doc(asUser(env, 'alice'), 'users/alice'), { subscriptionStatus: 'active' }));
    await denied(updateDoc(doc(asUser(env, 'alice'), 'users/alice'), { stripeSubscriptionId: 'sub_1' }));
  });
});
