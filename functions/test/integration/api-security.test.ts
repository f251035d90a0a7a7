import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPasswordUser, type TestUser } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { callApi } from '../support/api';
import { fixture } from '../support/fixtures';
import { uploadViaApi, userWithProject } from '../support/projects';
import { waitFor } from '../support/wait';

// Every API route a client can call, with every kind of bad credential, another user's token on the owner's ids,
// and bodies that are too big or not JSON. Each case counts; the suite prints the total.
let cases = 0;
let unexpected = 0;
afterAll(() => console.log(`API security: ${cases} cases, ${unexpected} unexpected`));

function expectStatus(label: string, actual: number, expected: number | number[]) {
  cases++;
  const ok = Array.isArray(expected) ? expected.includes(actual) : actual === expected;
  if (!ok) unexpected++;
  expect(ok, `${label}: answered ${actual}, expected ${JSON.stringify(expected)}`).toBe(true);
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An emulator-style (unsigned) ID token with the given claims. */
function forgedToken(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
}

let owner: TestUser;
let stranger: TestUser;
let projectId: string;
let documentId: string;
let insightId: string;
let otherInsightId: string;

beforeAll(async () => {
  ({ user: owner, projectId } = await userWithProject('Security study'));
  stranger = await createPasswordUser();
  const { reserve } = await uploadViaApi(owner.idToken, projectId, 'science.txt', fixture('04_anthropic-interviewer_science_0012.txt'));
  documentId = reserve.body.document.id;
  await waitFor(async () => (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).get('status'), (s) => s === 'ready');
  [insightId, otherInsightId] = (await adminDb().collection(`projects/${projectId}/insights`).limit(2).get()).docs.map((d) => d.id);
});

interface Route {
  method: string;
  path: () => string;
  json?: () => unknown;
  /** Routes about the caller's own account: another user's token is simply that user's own call. */
  self?: boolean;
}

const ROUTES: Route[] = [
  { method: 'GET', path: () => '/users/me', self: true },
  { method: 'POST', path: () => '/users/createOrUpdate', json: () => ({ uid: owner.uid, email: owner.email, name: 'Mallory' }) },
  { method: 'POST', path: () => '/billing/create-checkout-session', json: () => ({ priceId: 'price_demo_solo' }), self: true },
  { method: 'POST', path: () => '/billing/portal', self: true },
  { method: 'POST', path: () => '/projects', json: () => ({ name: 'Mine' }), self: true },
  { method: 'PATCH', path: () => `/projects/${projectId}`, json: () => ({ name: 'Renamed by someone else' }) },
  { method: 'DELETE', path: () => `/projects/${projectId}` },
  { method: 'POST', path: () => `/projects/${projectId}/documents`, json: () => ({ fileName: 'x.txt', size: 10 }) },
  { method: 'PATCH', path: () => `/projects/${projectId}/documents/${documentId}`, json: () => ({ name: 'Renamed' }) },
  { method: 'POST', path: () => `/projects/${projectId}/documents/${documentId}/reanalyse`, json: () => ({}) },
  { method: 'POST', path: () => `/projects/${projectId}/documents/${documentId}/confirm-roles`, json: () => ({ rolesVersion: 0 }) },
  { method: 'DELETE', path: () => `/projects/${projectId}/documents/${documentId}` },
  { method: 'POST', path: () => `/projects/${projectId}/documents/import-drive`, json: () => ({ files: [{ id: 'f1', name: 'a.txt', mimeType: 'text/plain' }], accessToken: 'ya29.token' }) },
  { method: 'POST', path: () => `/projects/${projectId}/insights`, json: () => ({ documentId, start: 0, end: 10, title: 'Mine' }) },
  { method: 'POST', path: () => `/projects/${projectId}/insights/merge`, json: () => ({ insightIds: [insightId, otherInsightId] }) },
  { method: 'POST', path: () => `/projects/${projectId}/insights/${insightId}/quotes`, json: () => ({ documentId, start: 0, end: 10 }) },
  { method: 'POST', path: () => `/projects/${projectId}/insights/${insightId}/unmerge`, json: () => ({}) },
  { method: 'GET', path: () => `/projects/${projectId}/shares` },
  { method: 'PUT', path: () => `/projects/${projectId}/shares/summary`, json: () => ({ enabled: true }) },
  { method: 'POST', path: () => `/projects/${projectId}/shares/summary/regenerate`, json: () => ({}) },
  { method: 'GET', path: () => `/projects/${projectId}/exports/report.docx` },
  { method: 'GET', path: () => `/search?q=science&projectId=${projectId}` },
  { method: 'POST', path: () => '/search/ask', json: () => ({ question: 'What about science?', projectId }) },
  { method: 'POST', path: () => `/projects/${projectId}/miro/boards`, json: () => ({ token: 'miro-token-of-someone' }) },
  { method: 'POST', path: () => `/projects/${projectId}/miro/boards/uXjVboard=/stickies`, json: () => ({ token: 'miro-token-of-someone', frameIds: ['1'], planId: 'p', from: 0 }) },
];

const call = (route: Route, authorization?: string) =>
  callApi(route.path(), { method: route.method, authorization, json: route.json?.() });

/** What the owner's data looks like, to prove a refused call changed nothing. */
async function ownerState() {
  const project = (await adminDb().doc(`projects/${projectId}`).get()).data();
  const doc = (await adminDb().doc(`projects/${projectId}/documents/${documentId}`).get()).data();
  const insights = (await adminDb().collection(`projects/${projectId}/insights`).get()).docs.map((d) => [d.id, d.get('title'), d.get('mergedInto') ?? null]);
  const shares = (await adminDb().collection(`projects/${projectId}/shareLinks`).get()).docs.map((d) => [d.id, d.get('enabled'), d.get('token')]);
  const profile = (await adminDb().doc(`users/${owner.uid}`).get()).data();
  return JSON.stringify({ name: project?.name, doc: [doc?.name, doc?.status], insights, shares, profile: [profile?.name, profile?.creditsRemaining] });
}

describe('API security', () => {
  it('no token, a malformed header, an expired token and a token of another project: 401 on every route', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: owner.uid, user_id: owner.uid, auth_time: now - 7200, iat: now - 7200, firebase: { identities: {}, sign_in_provider: 'password' } };
    const expired = forgedToken({ ...claims, iss: 'https://securetoken.google.com/demo-verbatim', aud: 'demo-verbatim', exp: now - 3600 });
    const otherProject = forgedToken({ ...claims, iss: 'https://securetoken.google.com/demo-elsewhere', aud: 'demo-elsewhere', iat: now, exp: now + 3600 });
    const before = await ownerState();
    for (const route of ROUTES) {
      const label = `${route.method} ${route.path()}`;
      expectStatus(`${label} without a token`, (await call(route)).status, 401);
      expectStatus(`${label} with "Token abc"`, (await call(route, 'Token abc')).status, 401);
      expectStatus(`${label} with garbage`, (await call(route, 'Bearer not.a.jwt')).status, 401);
      const late = await call(route, `Bearer ${expired}`);
      expectStatus(`${label} expired`, late.status, 401);
      expect((late.body as { error: { message: string } }).error.message).toBe('Your session has expired. Please sign in again.');
      expectStatus(`${label} other project`, (await call(route, `Bearer ${otherProject}`)).status, 401);
    }
    expect(await ownerState()).toBe(before);
  });

  it("another user's token on the owner's ids: refused (not found, or forbidden for a profile), nothing changes", async () => {
    const before = await ownerState();
    for (const route of ROUTES.filter((r) => !r.self)) {
      const res = await call(route, `Bearer ${stranger.idToken}`);
      expectStatus(`${route.method} ${route.path()} as another user`, res.status, route.path().startsWith('/users/') ? 403 : 404);
    }
    // Ids that do not exist look the same as ids that are not yours.
    expectStatus('unknown project', (await callApi('/projects/no-such-project/exports/report.docx', { token: stranger.idToken })).status, 404);
    expectStatus('unknown document', (await callApi(`/projects/${projectId}/documents/nope`, { token: owner.idToken, method: 'PATCH', json: { name: 'x' } })).status, 404);
    expect(await ownerState()).toBe(before);
  });

  it('bodies that are too big or not JSON are refused with a clear status, and change nothing', async () => {
    const before = await ownerState();
    const huge = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    expectStatus('2 MB JSON body', (await callApi('/projects', { token: owner.idToken, rawBody: huge })).status, 413);
    expectStatus('malformed JSON', (await callApi(`/projects/${projectId}`, { token: owner.idToken, method: 'PATCH', rawBody: '{"name": "half' })).status, 400);
    expectStatus('JSON that is not an object', (await callApi(`/projects/${projectId}`, { token: owner.idToken, method: 'PATCH', rawBody: '["name"]' })).status, 400);
    expectStatus('a name of the wrong type', (await callApi(`/projects/${projectId}`, { token: owner.idToken, method: 'PATCH', json: { name: { $gt: '' } } })).status, 400);
    // A file declared over 20 MB is listed as failed with its reason, before any byte is sent, and costs nothing.
    const big = await callApi<{ document: { status: string; errorCode: string } }>(`/projects/${projectId}/documents`, { token: owner.idToken, json: { fileName: 'big.txt', size: 25 * 1024 * 1024 } });
    expectStatus('upload declared over 20 MB', big.status, 201);
    expect(big.body.document).toMatchObject({ status: 'failed', errorCode: 'too-large' });
    expect(await ownerState()).toBe(before);
  });
});
