import { afterEach, describe, expect, it, vi } from 'vitest';

// Billing's public surface includes its API calls; no Firebase is needed (or started) here.
vi.mock('../../lib/firebase', () => ({ auth: { currentUser: null }, db: {} }));
import { subscribeFromModal, type ModalSubscribeDeps } from './subscribe-flow';

function deps(checkout: ModalSubscribeDeps['createCheckoutSession']) {
  const calls: string[] = [];
  const d: ModalSubscribeDeps = {
    createCheckoutSession: vi.fn(checkout),
    redirect: (url) => calls.push(`redirect ${url}`),
    goToPricing: () => calls.push('pricing'),
  };
  return { d, calls };
}

afterEach(() => vi.restoreAllMocks());

describe('Subscribe Now in the subscribe modal', () => {
  it('without a price id, or with the placeholder, makes no request and goes to /pricing', async () => {
    for (const priceId of [undefined, '', 'price_XXXX']) {
      const { d, calls } = deps(async () => ({ url: 'https://stripe.test/c' }));
      await expect(subscribeFromModal(priceId, d)).resolves.toBe('pricing');
      expect(d.createCheckoutSession).not.toHaveBeenCalled();
      expect(calls).toEqual(['pricing']);
    }
  });

  it('with a price id, redirects the whole page to the checkout url', async () => {
    const { d, calls } = deps(async () => ({ url: 'https://stripe.test/c/cs_1' }));
    await expect(subscribeFromModal('price_1Solo', d)).resolves.toBe('checkout');
    expect(d.createCheckoutSession).toHaveBeenCalledWith({ priceId: 'price_1Solo' });
    expect(calls).toEqual(['redirect https://stripe.test/c/cs_1']);
  });

  it('a failed checkout call (or one without url) is logged and goes to /pricing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('Missing checkout URL');
    const { d, calls } = deps(async () => {
      throw failure;
    });
    await expect(subscribeFromModal('price_1Solo', d)).resolves.toBe('pricing');
    expect(calls).toEqual(['pricing']);
    expect(log).toHaveBeenCalledWith('Stripe checkout session failed → redirecting to /pricing', failure);
  });
});
