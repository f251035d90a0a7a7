/**
 * Bursts from one account through the real API app, in-process: one function instance (as Cloud Functions
 * runs it, many requests at once), a stand-in Auth that takes the bearer token as the uid, the Firestore
 * emulator. Then the leases that hold an account to its running places over several instances.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { initializeApp } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_BUSY_MESSAGE, ACCOUNT_BUSY_RETRY_SECONDS } from '../../src/api/account-gate';
import { createApiApp } from '../../src/api/app';
import { readServerConfig } from '../../src/config/server-config';
import { LEASE_MS, takeLease } from '../../src/quotas/account-leases';
import { searchesQuotaMessage } from '../../src/quotas/quota-messages';
import { createProject } from '../../src/projects/project-service';
import { testRecordingStore } from '../support/recording-store';
import { noFileStore } from '../../src/storage/file-store';
import { clearFirestore, PROJECT_ID } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { waitFor } from '../support/wait';

const db = () => adminDb();
const otherInstance = () => getFirestore(initializeApp({ projectId: PROJECT_ID }, `instance-${Math.random()}`));
const config = readServerConfig({ QUOTA_SEARCHES_PER_MINUTE: '30' });
const { inFlight } = config.limits.accountRequests;

let server: Server;
let apiUrl = '';

beforeAll(async () => {
  const auth = { verifyIdToken: async (token: string) => ({ uid: token, email: `${token}@example.com` }) } as unknown as Auth;
  server = createApiApp({ db: db(), auth, files: noFileStore, recordings: testRecordingStore(), config: { ...config, uploadVia: 'api' } }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(async () => {
  await clearFirestore();
});

interface Answer {
  status: number;
  retryAfter: string | null;
  message: string;
}

async function call(uid: string, path: string, json?: unknown): Promise<Answer> {
  const res = await fetch(`${apiUrl}${path}`, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${uid}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const body = (await res.json()) as { error?: { message: string } };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), message: body.error?.message ?? '' };
}

async function trialAccount(uid: string) {
  const now = new Date();
  await db().doc(`users/${uid}`).set({ email: `${uid}@example.com`, name: '', creditsRemaining: 10, subscriptionActive: false, createdAt: now, updatedAt: now });
}

const leasesOf = async (uid: string) => (await db().collection(`accountUsage/${uid}/running`).get()).size;

describe('a burst from one account', () => {
  it('100 requests at once: what may run and wait is served, the rest refused at once with 429 and Retry-After; another account is answered meanwhile', async () => {
    await trialAccount('burst');
    await trialAccount('neighbour');
    const project = await createProject(db(), 'burst', 'Target');
    const started = Date.now();
    const creations = Array.from({ length: 40 }, (_, i) => call('burst', '/projects', { name: `Burst ${i}` }));
    const reservations = Array.from({ length: 60 }, (_, i) => call('burst', `/projects/${project.id}/documents`, { fileName: `interview-${i}.txt`, size: 1000 }));
    const neighbour = await call('neighbour', '/projects', { name: 'Mine' });
    const neighbourMs = Date.now() - started;
    const [created, reserved] = [await Promise.all(creations), await Promise.all(reservations)];
    const count = (status: number) => [...created, ...reserved].filter((a) => a.status === status).length;
    console.log(
      `Bursts, one instance in-process: 100 at once from one account → ${count(201)} admitted, ${count(429)} refused with 429, ` +
        `${100 - count(201) - count(429)} failed, all answered in ${Date.now() - started} ms; another account's new project answered in ${neighbourMs} ms`,
    );

    expect(neighbour.status).toBe(201);
    const burst = [...created, ...reserved];
    expect(new Set(burst.map((a) => a.status))).toEqual(new Set([201, 429]));
    const busy = burst.filter((a) => a.status === 429);
    // Past what the instance lets the account run and line up (6 + 12 by default, and those that ended while the
    // burst was still arriving), refused at once: most of the burst.
    expect(busy.length).toBeGreaterThanOrEqual(50);
    for (const refusal of busy) expect(refusal).toEqual({ status: 429, retryAfter: String(ACCOUNT_BUSY_RETRY_SECONDS), message: ACCOUNT_BUSY_MESSAGE });
    // A refused request changed nothing.
    const projects = await db().collection('projects').where('ownerId', '==', 'burst').count().get();
    expect(projects.data().count).toBe(1 + created.filter((a) => a.status === 201).length);
    const documents = await db().collection(`projects/${project.id}/documents`).count().get();
    expect(documents.data().count).toBe(reserved.filter((a) => a.status === 201).length);
    // Every request's lease is gone once it ended: the account can work again.
    await waitFor(() => leasesOf('burst'), (n) => n === 0, 10_000);
    expect((await call('burst', '/projects', { name: 'After the burst' })).status).toBe(201);
  });

  it('searches are counted per account and minute: past the quota, 429 with when to try again; another account searches on', async () => {
    await trialAccount('searcher');
    const answers: Answer[] = [];
    // One at a time, as a researcher types: the places are not what stops them, the quota is.
    for (let i = 0; i < 31; i++) answers.push(await call('searcher', `/search?q=${encodeURIComponent(`aquifer ${i}`)}`));
    expect(answers.slice(0, 30).map((a) => a.status)).toEqual(Array(30).fill(200));
    const refused = answers[30];
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.message).toBe(searchesQuotaMessage(30, Number(refused.retryAfter)));
    expect((await call('other-searcher', '/search?q=aquifer')).status).toBe(200);
  });
});

describe('leases over every instance', () => {
  it("one account's requests spread over four instances: exactly the running places are granted; a lease given back or lapsed frees one", async () => {
    const instances = [db(), otherInstance(), otherInstance(), otherInstance()];
    const leases = await Promise.all(Array.from({ length: 20 }, (_, i) => takeLease(instances[i % 4], 'spread', inFlight)));
    expect(leases.filter((l) => l.admitted)).toHaveLength(inFlight);
    expect(await leasesOf('spread')).toBe(inFlight);
    // Another account is not held to this one's leases.
    expect((await takeLease(db(), 'someone-else', inFlight)).admitted).toBe(true);

    expect((await takeLease(db(), 'spread', inFlight)).admitted).toBe(false);
    await leases.find((l) => l.admitted)!.release();
    expect((await takeLease(db(), 'spread', inFlight)).admitted).toBe(true);
  });

  it('leases an instance left behind when it crashed stop counting once they are older than any request may run', async () => {
    const crashed = Timestamp.fromMillis(Date.now() - LEASE_MS - 1_000);
    for (let i = 0; i < inFlight; i++) await db().collection('accountUsage/crashy/running').add({ at: crashed, expiresAt: new Date(crashed.toMillis() + LEASE_MS) });
    expect((await takeLease(db(), 'crashy', inFlight)).admitted).toBe(true);
  });
});
