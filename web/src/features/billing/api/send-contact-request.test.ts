import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPANY_SIZES, sendContactRequest } from './send-contact-request';

let server: Server | undefined;
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

  it('posts {name, email, size, notes} as JSON, trimmed', async () => {
    const service = await formService(200);
    await sendContactRequest({ name: ' Ada ', email: 'ada@example.com ', size: '51-200', notes: '' }, { url: service.url });
    expect(service.received).toEqual([
      { method: 'POST', contentType: 'application/json', body: { name: 'Ada', email: 'ada@example.com', size: '51-200', notes: '' } },
    ]);
  });

  it('a non-2xx answer, an unreachable service or no address is a failure', async () => {
    const service = await formService(500);
    await expect(sendContactRequest({ name: 'A', email: 'a@b.co', size: '1-10', notes: '' }, { url: service.url })).rejects.toThrow('answered 500');
    await expect(sendContactRequest({ name: 'A', email: 'a@b.co', size: '1-10', notes: '' }, { url: 'http://127.0.0.1:9/f' })).rejects.toThrow();
    await expect(sendContactRequest({ name: 'A', email: 'a@b.co', size: '1-10', notes: '' }, {})).rejects.toThrow('VITE_CONTACT_FORM_URL');
  });
});
