import { beforeEach, describe, expect, it } from 'vitest';
import { FUNCTIONS_URL, HOSTING_URL, uniqueEmail } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';

// The Team/Enterprise contact form's own endpoint: no login, validated like the form, stored
// server-side, limited per visitor. The limit is held in each function instance's memory, so this file runs when no
// other file calls the API (run alone: the per-instance project of vitest.config.ts). Each test speaks as its own visitor (the address Hosting forwards), with
// an email of its own, and reads back only the requests sent with that email.
const FIELDS = { name: 'Ada Lovelace', size: '51-200', notes: 'Twelve researchers, two continents.' };
let FORM: typeof FIELDS & { email: string };
beforeEach(() => {
  FORM = { ...FIELDS, email: uniqueEmail('ada') };
});

// A visitor's address is new to the function instance, whatever ran before: a range of this run (documentation
// prefix 2001:db8::/32), one address per call.
const RUN = Math.floor(Math.random() * 0xffff).toString(16);
let visitors = 0;
function visitor(): string {
  visitors += 1;
  return `2001:db8:${RUN}::${visitors.toString(16)}`;
}

async function sendContact(body: unknown, { from = visitor(), via = 'function' }: { from?: string; via?: 'function' | 'hosting' } = {}) {
  const res = await fetch(`${via === 'hosting' ? HOSTING_URL : FUNCTIONS_URL}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { received?: boolean; error?: { code: string; message: string } }, retryAfter: res.headers.get('retry-after') };
}

const stored = async () => (await adminDb().collection('contactRequests').where('email', '==', FORM.email).get()).docs.map((d) => d.data());

describe('POST /api/contact', () => {
  it('stores a request sent through Hosting, trimmed, for the team to read', async () => {
    const res = await sendContact({ ...FORM, name: ' Ada Lovelace ' }, { via: 'hosting' });
    expect(res).toMatchObject({ status: 201, body: { received: true } });
    const requests = await stored();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ ...FORM, uid: null, status: 'new' });
    expect(requests[0].createdAt.toDate().getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses what the form would refuse, saying what is wrong, and stores nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ ...FORM, name: '  ' }, 'Please enter your name.'],
      [{ ...FORM, email: 'not-an-email' }, 'Please enter a valid email address.'],
      [{ ...FORM, size: 'huge' }, 'Please choose a company size: 1-10, 11-50, 51-200, 201-500, 501-1000, 1001+.'],
      [{ ...FORM, notes: 'x'.repeat(5001) }, 'The notes are too long (at most 5000 characters).'],
    ];
    for (const [body, message] of cases) {
      const res = await sendContact(body);
      expect(res.status, message).toBe(400);
      expect(res.body.error?.message).toBe(message);
    }
    // Malformed JSON: refused before our code runs (Cloud Functions parses the body first).
    const malformed = await fetch(`${FUNCTIONS_URL}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": "Ada", ' });
    expect(malformed.status).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it('takes five requests from one visitor in ten minutes, then answers 429 with Retry-After; others still get through', async () => {
    const busy = visitor();
    for (let i = 0; i < 5; i++) expect((await sendContact({ ...FORM, notes: `request ${i}` }, { from: busy })).status).toBe(201);
    const refused = await sendContact({ ...FORM, notes: 'request 6' }, { from: busy });
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe('Too many requests from here. Please wait a few minutes, or email us instead.');
    expect(Number(refused.retryAfter)).toBeGreaterThan(500);
    // Entries the caller writes left of the address the front end appended buy nothing.
    expect((await sendContact(FORM, { from: `198.51.100.9, ${busy}` })).status).toBe(429);
    expect((await sendContact(FORM, { from: visitor() })).status).toBe(201);
    expect(await stored()).toHaveLength(6);
  });
});
