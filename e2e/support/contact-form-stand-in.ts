import { createServer, type Server } from 'node:http';

/**
 * A local stand-in of the outside form-collection service the contact form posts to. A demo
 * build posts to http://127.0.0.1:9313/contact (DEMO_CONTACT_FORM_URL in web/src/lib/config.ts),
 * so the browser tests serve it here; with it stopped, that port is closed and the form fails.
 */
export const CONTACT_FORM_PORT = 9313;

export interface ContactSubmission {
  contentType: string | undefined;
  origin: string | undefined;
  body: unknown;
}

export interface ContactFormStandIn {
  readonly received: ContactSubmission[];
  /** What it answers to a POST (200 by default). */
  answer(status: number): void;
  close(): Promise<void>;
}

export async function startContactFormStandIn(port = CONTACT_FORM_PORT): Promise<ContactFormStandIn> {
  const received: ContactSubmission[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    // A cross-origin JSON POST: the browser asks first (CORS preflight), like with a real service.
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type, accept',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/contact') {
        res.writeHead(404, cors);
        res.end();
        return;
      }
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {
        // kept as text: the test sees what arrived
      }
      received.push({ contentType: req.headers['content-type'], origin: req.headers.origin, body: parsed });
      res.writeHead(status, { ...cors, 'content-type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { ok: true } : { error: 'stand-in failure' }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    received,
    answer(next) {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
