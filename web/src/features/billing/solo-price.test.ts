import { describe, expect, it } from 'vitest';
import { DEMO_SOLO_PRICE_ID, PLACEHOLDER_PRICE_ID, pricingPagePriceId, usablePriceId } from './solo-price';

describe('the Solo price id', () => {
  it('a missing id or the placeholder is not usable', () => {
    expect(usablePriceId(undefined)).toBeUndefined();
    expect(usablePriceId('')).toBeUndefined();
    expect(usablePriceId('price_XXXX')).toBeUndefined();
    expect(PLACEHOLDER_PRICE_ID).toBe('price_XXXX');
    expect(usablePriceId('price_1Solo')).toBe('price_1Solo');
  });

  it('the pricing page sends the configured id, in any project', () => {
    expect(pricingPagePriceId({ stripePriceId: 'price_1Solo', demo: false })).toBe('price_1Solo');
    expect(pricingPagePriceId({ stripePriceId: 'price_1Solo', demo: true })).toBe('price_1Solo');
  });

  it("without one, a demo project sends the demo server's price and a real project none", () => {
    expect(pricingPagePriceId({ demo: true })).toBe(DEMO_SOLO_PRICE_ID);
    expect(DEMO_SOLO_PRICE_ID).toBe('price_demo_solo');
    expect(pricingPagePriceId({ stripePriceId: 'price_XXXX', demo: true })).toBe('price_demo_solo');
    expect(pricingPagePriceId({ demo: false })).toBeUndefined();
    expect(pricingPagePriceId({ stripePriceId: 'price_XXXX', demo: false })).toBeUndefined();
  });
});
