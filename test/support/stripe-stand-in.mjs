// A local stand-in of the Stripe API for tests: the real `stripe` SDK talks to it over HTTP
// (form-encoded requests, Stripe's JSON objects and error shape). It records every request,
// honours idempotency keys, and serves a page at the checkout and portal URLs it hands out.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { closeServer, listenOnLoopback } from './loopback-server.mjs';

const id = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding → a flat map of keys like `line_items[0][price]`. */
function parseForm(body) {
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startStripeStandIn(options = {}) {
  const requests = [];
  const idempotent = new Map();
  const subscriptions = new Map();
  // One-shot answers by path: a Stripe error, or the usual object with some fields changed.
  const nextAnswers = new Map();
  let url = '';

  function stripeError(res, status, message, type = 'invalid_request_error') {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { type, message } }));
  }

  function reply(res, status, body) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  }

  function handle(method, path, form) {
    if (method === 'POST' && path === '/v1/customers') {
      return [200, { id: id('cus'), object: 'customer', email: form.email ?? null, metadata: { uid: form['metadata[uid]'] } }];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = id('cs_test');
      return [200, {
        id: sessionId, object: 'checkout.session', mode: form.mode, customer: form.customer ?? null,
        client_reference_id: form.client_reference_id ?? null, success_url: form.success_url, cancel_url: form.cancel_url,
        url: `${url}/checkout/${sessionId}`, status: 'open',
      }];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const sessionId = id('bps');
      return [200, { id: sessionId, object: 'billing_portal.session', customer: form.customer, return_url: form.return_url, url: `${url}/portal/${sessionId}` }];
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sub) {
      const found = subscriptions.get(sub[1]);
      if (!found) return [404, { error: { type: 'invalid_request_error', message: `No such subscription: '${sub[1]}'` } }];
      return [200, { object: 'subscription', ...found }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } }];
  }

  function answer(method, path, form) {
    const next = nextAnswers.get(path);
    nextAnswers.delete(path);
    if (next?.status && next.status >= 400) {
      return [next.status, { error: { type: next.type ?? 'api_error', message: next.message ?? 'An error occurred with our connection to Stripe.' } }];
    }
    const [status, payload] = handle(method, path, form);
    return next?.fields && status === 200 ? [status, { ...payload, ...next.fields }] : [status, payload];
  }

  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const path = new URL(req.url, 'http://x').pathname;
      if (req.method === 'GET' && (path.startsWith('/checkout/') || path.startsWith('/portal/'))) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(`<!doctype html><title>Stripe stand-in</title><h1>${path.startsWith('/checkout/') ? 'Stripe Checkout' : 'Stripe billing portal'} (stand-in)</h1>`);
        return;
      }
      const form = parseForm(body);
      const recorded = { method: req.method, path, form, headers: req.headers, authorization: req.headers.authorization ?? '' };
      requests.push(recorded);
      if (req.headers.authorization !== `Bearer ${options.secretKey ?? 'sk_test_standin'}`) {
        return stripeError(res, 401, 'Invalid API Key provided.', 'authentication_error');
      }
      const key = req.headers['idempotency-key'];
      if (key && idempotent.has(`${req.method} ${path} ${key}`)) {
        const [status, payload] = idempotent.get(`${req.method} ${path} ${key}`);
        return reply(res, status, payload);
      }
      const [status, payload] = answer(req.method, path, form);
      if (key) idempotent.set(`${req.method} ${path} ${key}`, [status, payload]);
      reply(res, status, payload);
    });
  });
  url = await listenOnLoopback(server, options.port);

  return {
    url,
    requests,
    /** Sets what GET /v1/subscriptions/{id} answers (Stripe's current truth). */
    setSubscription(subscription) {
      subscriptions.set(subscription.id, subscription);
    },
    /** The next request to `path` fails with Stripe's error shape (status ≥ 400), or answers with `fields` over the usual object. */
    answerNext(path, next) {
      nextAnswers.set(path, next);
    },
    reset() {
      nextAnswers.clear();
      requests.length = 0;
      idempotent.clear();
      subscriptions.clear();
    },
    close: () => closeServer(server),
  };
}
