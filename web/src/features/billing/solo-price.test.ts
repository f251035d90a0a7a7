import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_PRICE_ID, usablePriceId } from './solo-price';

describe('the Solo price id', () => {
  it('a missing id or the placeholder is not usable', () => {
    expect(usablePriceId(undefined)).toBeUndefined();
    expect(usablePriceId(null)).toBeUndefined();
    expect(usablePriceId('')).toBeUndefined();
    expect(usablePriceId('price_XXXX')).toBeUndefined();
    expect(PLACEHOLDER_PRICE_ID).toBe('price_XXXX');
    expect(usablePriceId('price_1Solo')).toBe('price_1Solo');
  });
});
