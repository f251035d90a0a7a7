import { describe, expect, it } from 'vitest';
import { createPasswordUser, uniqueEmail } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';

const TRIAL = 10;


describe('POST /users/createOrUpdate', () => {
  it('creates the profile with the trial credits on the first call', async () => {
    const user = await createPasswordUser();
    const res = await callApi('/users/createOrUpdate', { token: user.idToken, json: { uid: user.uid, email: user.email, name: 'Ada' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ created: true, creditsRemaining: TRIAL, subscriptionActive: false });
    expect(res.credits).toBe(String(TRIAL));
    const stored = (await adminDb().doc(`users/${user.uid}`).get()).data();
    expect(stored).toMatchObject({ email: user.email, name: 'Ada', creditsRemaining: TRIAL, subscriptionActive: false });
  });

  it('never resets credits or the subscription on later calls', async () => {
    const user = await createPasswordUser();
    await callApi('/users/createOrUpdate', { token: user.idToken, json: { uid: user.uid, email: user.email, name: 'Ada' } });
    await adminDb().doc(`users/${user.uid}`).update({ creditsRemaining: 3, subscriptionActive: true });

    const res = await callApi('/users/createOrUpdate', { token: user.idToken, json: { uid: user.uid, email: user.email, name: 'Ada L.' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: false, creditsRemaining: 3, subscriptionActive: true });
    expect(res.credits).toBe('3');
    const stored = (await adminDb().doc(`users/${user.uid}`).get()).data();
    expect(stored).toMatchObject({ name: 'Ada L.', creditsRemaining: 3, subscriptionActive: true });
  });

  it('creates exactly one trial when many first calls race', async () => {
    const user = await createPasswordUser();
    await adminDb().doc(`users/${user.uid}`).delete();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => callApi('/users/createOrUpdate', { token: user.idToken, json: { uid: user.uid, email: user.email, name: '' } })),
    );
    expect(results.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect((await adminDb().doc(`users/${user.uid}`).get()).data()?.creditsRemaining).toBe(TRIAL);
  });

  it("refuses to touch another user's profile", async () => {
    const alice = await createPasswordUser();
    const bob = await createPasswordUser();
    await callApi('/users/createOrUpdate', { token: alice.idToken, json: { uid: alice.uid, email: alice.email, name: '' } });
    const res = await callApi('/users/createOrUpdate', { token: alice.idToken, json: { uid: bob.uid, email: bob.email, name: 'Mallory' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: 'forbidden', message: 'You can only create or update your own profile.' } });
    expect(res.credits).toBe(String(TRIAL));
    expect((await adminDb().doc(`users/${bob.uid}`).get()).exists).toBe(false);
  });

  it("stores the signed-in account's own email, never an address sent in the body", async () => {
    const user = await createPasswordUser();
    const first = await callApi('/users/createOrUpdate', { token: user.idToken, json: { uid: user.uid, email: 'ceo@victim.example', name: 'Ada' } });
    expect(first.status).toBe(201);
    expect((await adminDb().doc(`users/${user.uid}`).get()).data()?.email).toBe(user.email);

    // A later call cannot replace it either.
    const later = await callApi('/users/createOrUpdate', { token: user.idToken, json: { uid: user.uid, email: 'billing@victim.example', name: 'Ada' } });
    expect(later.status).toBe(200);
    expect((await adminDb().doc(`users/${user.uid}`).get()).data()?.email).toBe(user.email);
  });

  it('ignores client attempts to set credits or the subscription', async () => {
    const user = await createPasswordUser();
    const res = await callApi('/users/createOrUpdate', {
      token: user.idToken,
      json: { uid: user.uid, email: user.email, name: '', creditsRemaining: 9999, subscriptionActive: true },
    });
    expect(res.body).toMatchObject({ creditsRemaining: TRIAL, subscriptionActive: false });
  });

  it('answers 400 with a reason for a missing uid or a wrong type', async () => {
    const user = await createPasswordUser();
    const missing = await callApi('/users/createOrUpdate', { token: user.idToken, json: { email: user.email } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: { code: 'bad-request', message: 'The uid field is required and must be a string.' } });
    const wrongType = await callApi('/users/createOrUpdate', { token: user.idToken, json: { uid: user.uid, name: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toEqual({ error: { code: 'bad-request', message: 'The name field must be a string.' } });
    const array = await callApi('/users/createOrUpdate', { token: user.idToken, json: [user.uid] });
    expect(array.status).toBe(400);
  });
});

describe('GET /users/me', () => {
  it('answers the credits and subscription, with the credits header', async () => {
    const user = await createPasswordUser();
    await callApi('/users/createOrUpdate', { token: user.idToken, json: { uid: user.uid, email: user.email, name: '' } });
    await adminDb().doc(`users/${user.uid}`).update({ creditsRemaining: 4 });
    const res = await callApi('/users/me', { token: user.idToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ creditsRemaining: 4, subscriptionActive: false });
    expect(res.credits).toBe('4');
  });

  it('gives a signed-in user without a profile their trial', async () => {
    const user = await createPasswordUser(uniqueEmail('lost'));
    await adminDb().doc(`users/${user.uid}`).delete();
    const res = await callApi('/users/me', { token: user.idToken });
    expect(res.body).toEqual({ creditsRemaining: TRIAL, subscriptionActive: false });
  });

  it('works through the Hosting rewrite at /api', async () => {
    const user = await createPasswordUser();
    const res = await callApi('/users/me', { token: user.idToken, via: 'hosting' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ creditsRemaining: TRIAL, subscriptionActive: false });
  });
});

describe('bad requests', () => {
  it('answers 401 JSON without a token, with a malformed header, or with a forged token', async () => {
    const none = await callApi('/users/me');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in to continue.' } });
    expect(none.credits).toBeNull();

    const malformed = await callApi('/users/me', { authorization: 'Token abc' });
    expect(malformed.status).toBe(401);

    const forged = await callApi('/users/me', { token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: { code: 'unauthenticated', message: 'Your sign-in token is not valid. Please sign in again.' } });
  });

  it('answers 404 JSON for an unknown route, still with the credits header', async () => {
    const user = await createPasswordUser();
    await callApi('/users/me', { token: user.idToken });
    const res = await callApi('/nowhere', { token: user.idToken });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not-found', message: 'No API route for GET /nowhere.' } });
    expect(res.credits).toBe(String(TRIAL));
  });

  it('answers 400 to malformed JSON and keeps serving', async () => {
    const user = await createPasswordUser();
    const res = await callApi('/users/createOrUpdate', { token: user.idToken, rawBody: '{"uid": ' });
    expect(res.status).toBe(400);
    const after = await callApi('/users/me', { token: user.idToken });
    expect(after.status).toBe(200);
  });

  it('answers 413 to an oversized body, with the credits header', async () => {
    const user = await createPasswordUser();
    await callApi('/users/me', { token: user.idToken });
    const res = await callApi('/users/createOrUpdate', {
      token: user.idToken,
      json: { uid: user.uid, email: user.email, name: 'x'.repeat(200_000) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: 'payload-too-large' } });
    expect(res.credits).toBe(String(TRIAL));
  });
});
