import { beforeEach, describe, expect, it } from 'vitest';
import { FUNCTIONS_URL, HOSTING_URL, uniqueEmail } from '../../../test/support/emulators';
import { adminDb } from '../support/admin';
import { forgedForwardedFor } from '../support/forged-forwarded-for';

// The Team/Enterprise contact form's own endpoint: no login, validated like the form, stored
// server-side, limited per visitor. The limit is held in each function instance's memory, so this file runs when no
// other file calls the API (run alone: the per-instance project of vitest.config.ts). On the emulators, under the trust
// setting `npm start` uses, every caller is one visitor (the function sees no address, and nobody appends to
// X-Forwarded-For). Each test has an email of its own, and reads back only the requests sent with that email.
const FIELDS = { name: 'Ada Lovelace', size: '51-200', notes: 'Twelve researchers, two continents.' };
let FORM: typeof FIELDS & { email: string };
beforeEach(() => {
  FORM = { ...FIELDS, email: uniqueEmail('ada') };
});

async function sendContact(body: unknown, { forwardedFor, via = 'function' }: { forwardedFor?: string; via?: 'function' | 'hosting' } = {}) {
  const res = await fetch(`${via === 'hosting' ? HOSTING_URL : FUNCTIONS_URL}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }) },
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

  it('takes at most five requests from the visitor in ten minutes, then answers 429 with Retry-After; forged X-Forwarded-For entries get the same answer', async () => {
    let accepted = 0;
    let refused = await sendContact({ ...FORM, notes: 'request 1' });
    while (refused.status === 201) {
      expect(++accepted).toBeLessThanOrEqual(5);
      refused = await sendContact({ ...FORM, notes: `request ${accepted + 1}` });
    }
    expect(refused.status).toBe(429);
    expect(refused.body.error?.message).toBe('Too many requests from here. Please wait a few minutes, or email us instead.');
    // The window is ten minutes from the visitor's first request to this instance. The browser suite's contact form
    // may have opened it earlier in the run (on the emulators every caller is one visitor), so only its bounds hold.
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(600);
    // Whatever the caller writes, through Hosting or straight to the function, it is the same visitor.
    const forged: string[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await sendContact(FORM, { forwardedFor: forgedForwardedFor(i), via: i % 2 === 0 ? 'hosting' : 'function' });
      if (res.status !== 429) forged.push(`${forgedForwardedFor(i)} → ${res.status}`);
    }
    expect(forged).toEqual([]);
    expect(await stored()).toHaveLength(accepted);
  });
});
