import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminDb } from '../functions/test/support/admin';
import { callApi } from '../functions/test/support/api';
import { createPasswordUser, type TestUser } from '../test/support/emulators';
import { startStripeStandIn, type StripeStandIn } from '../test/support/stripe-stand-in.mjs';
import { completeCheckout, holdRequests, sellNoSoloPrice, STRIPE_SECRET, STRIPE_STAND_IN_PORT } from './support/billing';
import { afterNextFrames, APP_URL, logIn, useBrowser } from './support/browser';
import { createProjectFor, logInNewUser, newAccount } from './support/projects';

const newPage = useBrowser();
let stripe: StripeStandIn;

// The emulated API's Stripe client talks to this stand-in; its checkout and portal URLs serve a page.
beforeAll(async () => {
  // Every emulated function calls the stand-in at one port: starting it waits while another file holds the port.
  stripe = await startStripeStandIn({ port: STRIPE_STAND_IN_PORT, secretKey: STRIPE_SECRET });
});
afterAll(async () => {
  await stripe?.close();
});
beforeEach(() => stripe.reset());

const TEXT = {
  alreadySubscribed: 'You already have an active subscription. Manage it from Account → Subscription.',
  loggedOut: 'You need to log in to manage your subscription.',
  trial: 'You are currently on the free trial. Upgrade to unlock unlimited usage.',
  portalFailed: 'Unable to open the billing portal.',
  portalMissingUrl: 'Could not open the billing portal. Please try again.',
  noBillingAccount: 'There is no billing account for you yet: subscribe from the pricing page first.',
  contactSent: "Thanks! We'll reach out shortly.",
  contactFailed: 'Failed to send. Please email hello@verbatim.app instead.',
};
const BENEFITS = [
  'Instant document insights',
  'Highlights auto-tagged with insights',
  'Instant reports and slide decks based on insights',
  'Export of insights to a whiteboard tool',
  'Cancel any time',
];
const CHECKOUT_PAGE = new RegExp(`^http://127\\.0\\.0\\.1:${STRIPE_STAND_IN_PORT}/checkout/cs_test_[0-9a-f]+$`);
const PORTAL_PAGE = new RegExp(`^http://127\\.0\\.0\\.1:${STRIPE_STAND_IN_PORT}/portal/bps_[0-9a-f]+$`);

/** A trial user out of credits opens the subscribe modal from the interviews list. */
async function openSubscribeModal(page: Page, user: TestUser) {
  const projectId = await createProjectFor(user, 'Billing modal project');
  await adminDb().doc(`users/${user.uid}`).update({ creditsRemaining: 0 });
  await page.goto(`/projects/${projectId}/interviews`);
  await page.getByTestId('credits-line').getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByRole('heading').textContent()).toBe("It's time to subscribe!");
  return dialog;
}

const checkoutSessions = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
const bodyHasModalMarker = (page: Page) => page.evaluate(() => document.body.classList.contains('modal-open'));
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/**
 * The wait for a redirect that follows two API calls (the Solo price, then the checkout session): on a loaded machine
 * the Functions emulator can take over ten seconds to answer one while it starts another worker.
 */
const REDIRECT_AFTER_CALLS_MS = 30_000;

/** Waits for Stripe's (stand-in) checkout page: the redirect goes no further. */
async function expectStripeCheckout(page: Page, uid: string) {
  await page.waitForURL(CHECKOUT_PAGE, { timeout: REDIRECT_AFTER_CALLS_MS });
  expect(await page.getByRole('heading').textContent()).toBe('Stripe Checkout (stand-in)');
  const sessions = checkoutSessions();
  expect(sessions).toHaveLength(1);
  // The price the pricing page sent (the server refuses any other) and the user it is for.
  expect(sessions[0].form).toMatchObject({ 'line_items[0][price]': 'price_demo_solo', client_reference_id: uid, mode: 'subscription' });
}

describe('pricing page', () => {
  it('shows Solo at $19/month with Subscribe and Team/Enterprise with Contact Us', async () => {
    const page = await newPage();
    await page.goto('/pricing');
    const solo = page.getByRole('article', { name: 'Solo' });
    const team = page.getByRole('article', { name: 'Team / Enterprise' });
    await expect.poll(() => solo.locator('.plan-card__price').textContent()).toBe('$19/month');
    expect(await solo.getByRole('listitem').allTextContents()).toEqual(BENEFITS);
    expect(await solo.getByRole('button').allTextContents()).toEqual(['Subscribe']);
    expect(await team.locator('.plan-card__price').textContent()).toBe('Custom pricing');
    expect(await team.getByRole('button').allTextContents()).toEqual(['Contact Us']);
  });

  it('a logged-out visitor who presses Subscribe logs in and goes straight on to checkout', async () => {
    const user = await createPasswordUser();
    const page = await newPage();
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.waitForURL('**/login?**');
    expect(pathOf(page)).toBe('/login?next=/pricing&plan=solo');
    expect(checkoutSessions()).toHaveLength(0);

    await logIn(page, user.email, user.password);
    await expectStripeCheckout(page, user.uid);
  });

  it('a trial user subscribes: Redirecting… from the click (while the price is still read), then the full-page redirect to Stripe', async () => {
    const page = await newPage();
    const user = await logInNewUser(page);
    const price = await holdRequests(page, '**/api/billing/plans');
    await page.goto('/pricing');
    const subscribe = page.getByRole('article', { name: 'Solo' }).getByRole('button');
    await expect.poll(() => subscribe.textContent()).toBe('Subscribe');
    // Ready once the sign-in is known, while the price is still on its way.
    await expect.poll(() => subscribe.isEnabled()).toBe(true);
    await price.arrived;

    const hold = await holdRequests(page, '**/api/billing/create-checkout-session');
    await subscribe.click();
    expect(await subscribe.textContent()).toBe('Redirecting…');
    expect(await subscribe.isDisabled()).toBe(true);
    price.release();
    await hold.arrived;
    expect(await subscribe.textContent()).toBe('Redirecting…');
    hold.release();
    await expectStripeCheckout(page, user.uid);
    expect(checkoutSessions()).toHaveLength(1);
  });

  it('?autoSubscribe=solo starts checkout for a signed-in user, once: Back from Stripe does not start it again', async () => {
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    await page.goto('/pricing?autoSubscribe=solo');
    await expectStripeCheckout(page, user.uid);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/pricing');
    expect(pathOf(page)).toBe('/pricing');
    const subscribe = page.getByRole('article', { name: 'Solo' }).getByRole('button');
    await expect.poll(() => subscribe.textContent()).toBe('Subscribe');
    // The page loads afresh: the button waits for the sign-in to be known, then is ready.
    await expect.poll(() => subscribe.isEnabled()).toBe(true);
    // Checkout would start in the effect of that render, the button reading 'Redirecting…' at once: it still does not.
    await afterNextFrames(page);
    expect(await subscribe.textContent()).toBe('Subscribe');
    expect(checkoutSessions()).toHaveLength(1);
  });

  it("autoSubscribe for another plan starts nothing", async () => {
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    await page.goto('/pricing?autoSubscribe=team');
    const subscribe = page.getByRole('article', { name: 'Solo' }).getByRole('button');
    await expect.poll(() => subscribe.textContent()).toBe('Subscribe');
    // Once the sign-in is known (the button enabled) and that render's effects have run, checkout has not started:
    // starting it reads 'Redirecting…' at once.
    await expect.poll(() => subscribe.isEnabled()).toBe(true);
    await afterNextFrames(page);
    expect(await subscribe.textContent()).toBe('Subscribe');
    expect(new URL(page.url()).origin).toBe('http://127.0.0.1:5000');
    // This user's: a late request of an earlier test's page (the stand-in is reset between tests) is not this page's.
    expect(checkoutSessions().filter((s) => s.form.client_reference_id === user.uid)).toHaveLength(0);
  });

  it('a subscription the live profile showed stays shown when an older GET /users/me answer arrives after it', async () => {
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    // The server answers at once, as the page asked; the answer reaches the page only after the subscription began.
    let deliver!: () => void;
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    let answered!: () => void;
    const serverAnswered = new Promise<void>((resolve) => (answered = resolve));
    await page.route('**/api/users/me', async (route) => {
      const response = await route.fetch();
      answered();
      await delivered;
      await route.fulfill({ response });
    });
    await page.goto('/projects');
    await expect.poll(() => page.getByTestId('trial-banner').textContent()).toBe('Free trial active 10 credits left');
    await serverAnswered;
    await adminDb().doc(`users/${user.uid}`).update({ subscriptionActive: true });
    await expect.poll(() => page.getByTestId('trial-banner').count()).toBe(0);
    const arrived = page.waitForResponse('**/api/users/me');
    deliver();
    await arrived;
    await afterNextFrames(page);
    expect(await page.getByTestId('trial-banner').count()).toBe(0);
  });

  it("a subscriber's checkout is refused: the server's message shows in the banner and the button comes back", async () => {
    const page = await newPage();
    const user = await logInNewUser(page);
    await adminDb().doc(`users/${user.uid}`).update({ subscriptionActive: true });
    await expect.poll(() => page.getByTestId('trial-banner').count()).toBe(0);
    await page.goto('/pricing');
    const subscribe = page.getByRole('article', { name: 'Solo' }).getByRole('button');
    await subscribe.click();
    await expect.poll(() => page.getByTestId('checkout-error').textContent()).toBe(TEXT.alreadySubscribed);
    expect(await page.getByRole('alert').count()).toBe(1);
    expect(await subscribe.textContent()).toBe('Subscribe');
    expect(await subscribe.isEnabled()).toBe(true);
    expect(checkoutSessions()).toHaveLength(0);
    expect(new URL(page.url()).pathname).toBe('/pricing');
  });

  it("Stripe answers without a checkout page: 'Missing checkout URL', and the user stays on /pricing", async () => {
    const page = await newPage({ signedInAs: await newAccount() });
    await page.goto('/pricing');
    stripe.answerNext('/v1/checkout/sessions', { fields: { url: null } });
    const subscribe = page.getByRole('article', { name: 'Solo' }).getByRole('button');
    await subscribe.click();
    await expect.poll(() => page.getByTestId('checkout-error').textContent()).toBe('Missing checkout URL');
    expect(checkoutSessions()).toHaveLength(1);
    expect(await subscribe.isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/pricing');
  });
});

describe('contact modal', () => {
  /** The requests POST /api/contact stored for the team (server-only: read with the Admin SDK). */
  const contactRequests = async () => (await adminDb().collection('contactRequests').get()).docs.map((d) => d.data());

  async function openContact(page: Page) {
    await page.getByRole('button', { name: 'Contact Us' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    return dialog;
  }

  it('asks for name, email, size and optional notes; closes by × or the overlay; marks the body while open', async () => {
    const page = await newPage();
    await page.goto('/pricing');
    expect(await bodyHasModalMarker(page)).toBe(false);
    const dialog = await openContact(page);
    expect(await bodyHasModalMarker(page)).toBe(true);

    const name = dialog.getByLabel('Name');
    const email = dialog.getByLabel('Email');
    const size = dialog.getByLabel('Company size');
    const notes = dialog.getByLabel('Notes');
    expect(await email.getAttribute('type')).toBe('email');
    expect(await size.locator('option').allTextContents()).toEqual(['Select a size', '1-10', '11-50', '51-200', '201-500', '501-1000', '1001+']);
    expect(await notes.evaluate((el) => [el.tagName, (el as HTMLTextAreaElement).rows])).toEqual(['TEXTAREA', 4]);
    const required = async () =>
      Promise.all([name, email, size, notes].map((field) => field.evaluate((el) => (el as HTMLInputElement).required)));
    expect(await required()).toEqual([true, true, true, false]);

    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await bodyHasModalMarker(page)).toBe(false);

    await openContact(page);
    // A click inside the form does not close it; one on the overlay does.
    await dialog.getByLabel('Name').click();
    expect(await dialog.count()).toBe(1);
    await page.getByTestId('modal-overlay').click({ position: { x: 8, y: 8 } });
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await bodyHasModalMarker(page)).toBe(false);
  });

  it("sends nothing until the required fields are valid, then posts to Verbatim's own API, thanks the visitor and resets", async () => {
    const before = (await contactRequests()).length;
    const page = await newPage();
    const posted: { url: string; body: unknown }[] = [];
    page.on('request', (req) => req.method() === 'POST' && posted.push({ url: req.url(), body: req.postDataJSON() }));
    await page.goto('/pricing');
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    const dialog = await openContact(page);
    const send = dialog.getByRole('button', { name: 'Send' });

    await send.click();
    expect(await dialog.getByLabel('Name').evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(true);
    await dialog.getByLabel('Name').fill('Ada Lovelace');
    await dialog.getByLabel('Email').fill('not-an-email');
    await send.click();
    expect(await dialog.getByLabel('Email').evaluate((el) => (el as HTMLInputElement).validity.typeMismatch)).toBe(true);
    await dialog.getByLabel('Email').fill('ada@example.com');
    await send.click();
    expect(await dialog.getByLabel('Company size').evaluate((el) => (el as HTMLSelectElement).validity.valueMissing)).toBe(true);
    // A post from any of these clicks would also be in `posted` below, beside the one valid send.
    expect(posted).toEqual([]);
    expect(alerts).toEqual([]);

    await dialog.getByLabel('Company size').selectOption('51-200');
    await dialog.getByLabel('Notes').fill('Twelve researchers, two continents.');
    await send.click();
    await expect.poll(() => alerts).toEqual([TEXT.contactSent]);
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await bodyHasModalMarker(page)).toBe(false);
    const sent = { name: 'Ada Lovelace', email: 'ada@example.com', size: '51-200', notes: 'Twelve researchers, two continents.' };
    expect(posted).toEqual([{ url: 'http://127.0.0.1:5000/api/contact', body: sent }]);
    // Stored for the team, with no third-party service involved.
    const stored = await contactRequests();
    expect(stored).toHaveLength(before + 1);
    expect(stored).toContainEqual(expect.objectContaining({ ...sent, status: 'new' }));

    // Opened again, the form is empty.
    await openContact(page);
    const values = await Promise.all(
      ['Name', 'Email', 'Company size', 'Notes'].map((label) => dialog.getByLabel(label).inputValue()),
    );
    expect(values).toEqual(['', '', '', '']);
  });

  /** Fills the form and sends it; alerts are accepted and recorded. */
  async function fillAndSend(page: Page) {
    const alerts: { type: string; message: string }[] = [];
    page.on('dialog', (d) => {
      alerts.push({ type: d.type(), message: d.message() });
      void d.accept();
    });
    const dialog = await openContact(page);
    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill('grace@example.com');
    await dialog.getByLabel('Company size').selectOption('1001+');
    await dialog.getByRole('button', { name: 'Send' }).click();
    return { dialog, alerts };
  }

  it('when the API is unreachable, an alert offers the contact email and the form stays filled in', async () => {
    const page = await newPage();
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
    await page.goto('/pricing');
    const { dialog, alerts } = await fillAndSend(page);
    await expect.poll(() => alerts).toEqual([{ type: 'alert', message: TEXT.contactFailed }]);
    expect(await dialog.count()).toBe(1);
    expect(await bodyHasModalMarker(page)).toBe(true);
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Grace Hopper');
    expect(await dialog.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true);
  });

  it('when the API answers with an error, the same failure alert, and nothing is stored', async () => {
    const before = (await contactRequests()).length;
    const page = await newPage();
    let answered = 0;
    await page.route('**/api/contact', (route) => {
      answered += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"down"}}' });
    });
    await page.goto('/pricing');
    const { dialog, alerts } = await fillAndSend(page);
    await expect.poll(() => alerts).toEqual([{ type: 'alert', message: TEXT.contactFailed }]);
    expect(answered).toBe(1);
    expect(await dialog.count()).toBe(1);
    expect(await contactRequests()).toHaveLength(before);
  });
});

describe('subscribe modal', () => {
  it('a trial user out of credits asks to subscribe: the offer, then /pricing without a checkout call (a server that sells no Solo price)', async () => {
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    await sellNoSoloPrice(page);
    const projectId = await createProjectFor(user, 'Billing modal project');
    await page.goto(`/projects/${projectId}/interviews`);
    await adminDb().doc(`users/${user.uid}`).update({ creditsRemaining: 0 });
    const checkoutCalls: string[] = [];
    page.on('request', (req) => req.url().includes('/billing/create-checkout-session') && checkoutCalls.push(req.url()));

    await page.getByTestId('credits-line').getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe("It's time to subscribe!");
    expect(await dialog.locator('.modal__lead').textContent()).toBe("Get full access to the product's powerful features.");
    expect(await dialog.getByRole('listitem').allTextContents()).toEqual(BENEFITS);
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['×', 'Cancel', 'Subscribe Now']);
    expect(await bodyHasModalMarker(page)).toBe(true);

    await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL('**/pricing');
    expect(await dialog.count()).toBe(0);
    expect(await bodyHasModalMarker(page)).toBe(false);
    expect(checkoutCalls).toEqual([]);
    expect(checkoutSessions()).toHaveLength(0);
  });
});

describe('subscribe modal, with the Solo price the server sells (read at run time)', () => {
  it('Subscribe Now reads Redirecting… while checkout starts, then the full-page redirect to Stripe for the Solo price', async () => {
    expect(await (await fetch(`${APP_URL}/api/billing/plans`)).json()).toEqual({ soloPriceId: 'price_demo_solo' });
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    const dialog = await openSubscribeModal(page, user);
    const subscribeNow = dialog.getByRole('button', { name: /^(Subscribe Now|Redirecting…)$/ });
    const hold = await holdRequests(page, '**/api/billing/create-checkout-session');
    await subscribeNow.click();
    await hold.arrived;
    expect(await subscribeNow.textContent()).toBe('Redirecting…');
    expect(await subscribeNow.isDisabled()).toBe(true);
    hold.release();
    await expectStripeCheckout(page, user.uid);
  });

  it('a failed checkout, or one without a url, is logged to the console and the user goes to /pricing', async () => {
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    const logged: string[] = [];
    page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));

    for (const next of [{ status: 500 }, { fields: { url: null } }]) {
      logged.length = 0;
      stripe.answerNext('/v1/checkout/sessions', next);
      const dialog = await openSubscribeModal(page, user);
      await dialog.getByRole('button', { name: 'Subscribe Now' }).click();
      await page.waitForURL('**/pricing');
      expect(await dialog.count()).toBe(0);
      expect(await bodyHasModalMarker(page)).toBe(false);
      await expect.poll(() => logged.some((text) => text.startsWith('Stripe checkout session failed → redirecting to /pricing'))).toBe(true);
    }
    expect(checkoutSessions()).toHaveLength(2);
  });
});

describe('subscription page', () => {
  it('logged out: asks to log in', async () => {
    const page = await newPage();
    await page.goto('/account/subscription');
    await expect.poll(() => page.getByTestId('subscription-message').textContent()).toBe(TEXT.loggedOut);
    expect(await page.getByRole('button', { name: 'Manage Plan' }).count()).toBe(0);
  });

  it('a trial user: the free-trial line and Upgrade Now to /pricing', async () => {
    const page = await newPage();
    await logInNewUser(page);
    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Subscription' }).click();
    await page.waitForURL('**/account/subscription');
    await expect.poll(() => page.getByTestId('subscription-message').textContent()).toBe(TEXT.trial);
    expect(await page.getByRole('button', { name: 'Manage Plan' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Upgrade Now' }).click();
    await page.waitForURL('**/pricing');
  });

  it("a subscriber: status active, and Manage Plan opens Stripe's billing portal ('Loading…' meanwhile)", async () => {
    const page = await newPage();
    const user = await logInNewUser(page);
    // Subscribed through the real API and Stripe's signed webhook (not through the UI).
    const checkout = await callApi('/billing/create-checkout-session', { token: user.idToken, json: { priceId: 'price_demo_solo' } });
    expect(checkout.status).toBe(200);
    const { customer } = await completeCheckout(stripe, user.uid);
    await expect.poll(() => page.getByTestId('trial-banner').count()).toBe(0);

    await page.goto('/account/subscription');
    await expect.poll(() => page.getByTestId('subscription-status').textContent()).toBe('Status: active');
    expect(await page.getByTestId('subscription-message').count()).toBe(0);
    const manage = page.getByRole('button', { name: 'Manage Plan' });
    const hold = await holdRequests(page, '**/api/billing/portal');
    await manage.click();
    await hold.arrived;
    const button = page.locator('.account-card .button');
    await expect.poll(() => button.textContent()).toBe('Loading…');
    expect(await button.isDisabled()).toBe(true);
    hold.release();
    await page.waitForURL(PORTAL_PAGE);
    expect(await page.getByRole('heading').textContent()).toBe('Stripe billing portal (stand-in)');
    expect(stripe.requests.find((r) => r.path === '/v1/billing_portal/sessions')?.form.customer).toBe(customer);
  });

  it("the portal answers without a url: 'Could not open the billing portal. Please try again.'", async () => {
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    expect((await callApi('/billing/create-checkout-session', { token: user.idToken, json: { priceId: 'price_demo_solo' } })).status).toBe(200);
    await completeCheckout(stripe, user.uid);
    await page.goto('/account/subscription');
    stripe.answerNext('/v1/billing_portal/sessions', { fields: { url: null } });
    const manage = page.getByRole('button', { name: 'Manage Plan' });
    await manage.click();
    await expect.poll(() => page.getByTestId('portal-error').locator('p').first().textContent()).toBe(TEXT.portalMissingUrl);
    expect(await manage.isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/account/subscription');
  });

  it('a subscriber without a billing account: the portal cannot open, with the reason', async () => {
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    await adminDb().doc(`users/${user.uid}`).update({ subscriptionActive: true });
    await page.goto('/account/subscription');
    await page.getByRole('button', { name: 'Manage Plan' }).click();
    const error = page.getByTestId('portal-error');
    await expect.poll(() => error.locator('p').allTextContents()).toEqual([TEXT.portalFailed, TEXT.noBillingAccount]);
    expect(await page.getByRole('button', { name: 'Manage Plan' }).isEnabled()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/account/subscription');
  });
});

describe('subscription success', () => {
  it('back from checkout before the webhook: the banner stays until it lands, then goes without a reload', async () => {
    const user = await newAccount();
    const page = await newPage({ signedInAs: user });
    await page.goto('/pricing');
    await page.getByRole('article', { name: 'Solo' }).getByRole('button').click();
    await expectStripeCheckout(page, user.uid);

    // Stripe sends the browser back to the success URL; its webhook has not landed yet.
    await page.goto('/subscription-success');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Subscription Activated!');
    expect(await page.locator('.success-page__lead').textContent()).toBe('Enjoy accelerating your time to high quality insights.');
    const status = page.getByTestId('activation-status');
    await expect.poll(() => status.textContent()).toBe('Confirming your payment with Stripe…');
    await expect.poll(() => page.getByTestId('trial-banner').textContent()).toBe('Free trial active 10 credits left');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await completeCheckout(stripe, user.uid);
    await expect.poll(() => page.getByTestId('trial-banner').count(), { timeout: 10_000 }).toBe(0);
    expect(await status.textContent()).toBe('Your Solo plan is active: unlimited usage.');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    const dashboard = page.getByRole('link', { name: 'Go to Project Dashboard' });
    expect(await dashboard.getAttribute('href')).toBe('/');
    await dashboard.click();
    await page.waitForURL('**/projects');
  });

  it('throws confetti over the page without blocking it; the dashboard button goes to /', async () => {
    const page = await newPage();
    await page.goto('/subscription-success');
    const confetti = page.getByTestId('confetti');
    await expect.poll(() => confetti.count()).toBe(1);
    expect(await confetti.getAttribute('data-pieces')).toBe('280');
    // Pieces are drawn: some pixels of the full-screen canvas are not transparent.
    await expect
      .poll(() =>
        confetti.evaluate((canvas) => {
          const c = canvas as HTMLCanvasElement;
          const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let painted = 0;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted += 1;
          return painted;
        }),
      )
      .toBeGreaterThan(1000);
    expect(await confetti.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    // Logged out there is no status line; the button is still reachable through the confetti.
    expect(await page.getByTestId('activation-status').count()).toBe(0);
    await page.getByRole('link', { name: 'Go to Project Dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('removes the confetti after 120 seconds', async () => {
    const page = await newPage();
    await page.clock.install();
    // The page's clock flows with real time until paused: note (on that clock) when the confetti came.
    await page.addInitScript(() => {
      const note = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="confetti"]')) return;
        (window as unknown as { confettiAt: number }).confettiAt = Date.now();
        note.disconnect();
      });
      note.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/subscription-success');
    const confetti = page.getByTestId('confetti');
    await expect.poll(() => confetti.count()).toBe(1);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const shownFor = await page.evaluate(() => Date.now() - (window as unknown as { confettiAt: number }).confettiAt);
    await page.clock.runFor(119_000 - shownFor);
    expect(await confetti.count()).toBe(1);
    await page.clock.runFor(1_500);
    await expect.poll(() => confetti.count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Subscription Activated!');
  });
});
