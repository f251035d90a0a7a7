import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiRequest = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

const { createCheckoutSession } = await import('./create-checkout-session');
const { createPortalSession } = await import('./create-portal-session');
const { getSoloPriceId } = await import('./get-billing-plans');
const { MissingUrlError } = await import('../billing-messages');

beforeEach(() => apiRequest.mockReset());

describe('checkout and portal calls', () => {
  it('checkout posts the price id and returns the url', async () => {
    apiRequest.mockResolvedValue({ url: 'https://checkout.stripe.com/c/cs_1' });
    await expect(createCheckoutSession({ priceId: 'price_demo_solo' })).resolves.toEqual({ url: 'https://checkout.stripe.com/c/cs_1' });
    expect(apiRequest).toHaveBeenCalledWith('/billing/create-checkout-session', { method: 'POST', body: { priceId: 'price_demo_solo' } });
  });

  it("a checkout response without url fails with 'Missing checkout URL'", async () => {
    for (const body of [{}, { url: '' }, { url: 42 }, undefined]) {
      apiRequest.mockResolvedValueOnce(body);
      const failure = createCheckoutSession({ priceId: 'price_demo_solo' });
      await expect(failure).rejects.toThrow(new MissingUrlError('Missing checkout URL'));
      await expect(failure).rejects.toBeInstanceOf(MissingUrlError);
    }
  });

  it('the portal posts nothing and returns the url; without one it is a MissingUrlError', async () => {
    apiRequest.mockResolvedValueOnce({ url: 'https://billing.stripe.com/p/1' });
    await expect(createPortalSession()).resolves.toEqual({ url: 'https://billing.stripe.com/p/1' });
    expect(apiRequest).toHaveBeenCalledWith('/billing/portal', { method: 'POST' });
    apiRequest.mockResolvedValueOnce({});
    await expect(createPortalSession()).rejects.toBeInstanceOf(MissingUrlError);
  });

  it('an API error passes through unchanged', async () => {
    const error = new Error('You already have an active subscription. Manage it from Account → Subscription.');
    apiRequest.mockRejectedValueOnce(error);
    await expect(createCheckoutSession({ priceId: 'price_demo_solo' })).rejects.toBe(error);
  });

  it('reads the Solo price the server sells, anonymously; the placeholder, nothing, garbage or a failure read as none', async () => {
    apiRequest.mockResolvedValueOnce({ soloPriceId: 'price_1Solo' });
    await expect(getSoloPriceId()).resolves.toBe('price_1Solo');
    expect(apiRequest).toHaveBeenCalledWith('/billing/plans', { anonymous: true });
    for (const body of [{ soloPriceId: 'price_XXXX' }, { soloPriceId: null }, { soloPriceId: 42 }, undefined]) {
      apiRequest.mockResolvedValueOnce(body);
      await expect(getSoloPriceId()).resolves.toBeNull();
    }
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    apiRequest.mockRejectedValueOnce(new Error('Could not reach the server.'));
    await expect(getSoloPriceId()).resolves.toBeNull();
    expect(logged).toHaveBeenCalledWith('Could not read the plans on sale.', expect.any(Error));
    logged.mockRestore();
  });
});
