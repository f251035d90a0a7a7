import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { COMPANY_SIZES, sendContactRequest } = await import('./send-contact-request');

let server: Server | undefined;
beforeEach(() => {
  apiRequest.mockReset();
});
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A local form-collection service answering `status` and recording what it received. */
async function formService(status: number) {
  const received: { method?: string; contentType?: string; body: unknown }[] = [];
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method, contentType: req.headers['content-type'], body: JSON.parse(body) });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/f`, received };
}

describe('the contact form request', () => {
  it('offers the six company sizes in order', () => {
    expect(COMPANY_SIZES).toEqual(['1-10', '11-50', '51-200', '201-500', '501-1000', '1001+']);
  });

  it("by default goes to Verbatim's own API, trimmed, without the visitor's token", async () => {
    apiRequest.mockResolvedValue({ received: true });
    await sendContactRequest({ name: ' Ada ', email: 'ada@example.com ', size: '51-200', notes: ' Two teams ' }, {});
    expect(apiRequest).toHaveBeenCalledWith('/contact', {
      method: 'POST',
      body: { name: 'Ada', email: 'ada@example.com', size: '51-200', notes: 'Two teams' },
      anonymous: true,
    });
  });

  it('an API refusal is a failure', async () => {
    apiRequest.mockRejectedValue(new Error('Too many requests from here.'));
    await expect(sendContactRequest({ name: 'A', email: 'a@b.co', size: '1-10', notes: '' }, {})).rejects.toThrow('Too many requests');
  });

  it('with VITE_CONTACT_FORM_URL set, posts {name, email, size, notes} as JSON there instead, trimmed', async () => {
    const service = await formService(200);
    await sendContactRequest({ name: ' Ada ', email: 'ada@example.com ', size: '51-200', notes: '' }, { url: service.url });
    expect(service.received).toEqual([
      { method: 'POST', contentType: 'application/json', body: { name: 'Ada', email: 'ada@example.com', size: '51-200', notes: '' } },
    ]);
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it("a non-2xx answer or an unreachable outside service is a failure", async () => {
    const service = await formService(500);
    await expect(sendContactRequest({ name: 'A', email: 'a@b.co', size: '1-10', notes: '' }, { url: service.url })).rejects.toThrow('answered 500');
    await expect(sendContactRequest({ name: 'A', email: 'a@b.co', size: '1-10', notes: '' }, { url: 'http://127.0.0.1:9/f' })).rejects.toThrow();
  });
});
