import { describe, expect, it } from 'vitest';
import { billingPlans } from '../../../src/billing/plans';

const settings = { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', appBaseUrl: 'https://verbatim.example' };

describe('what the server sells (GET /billing/plans)', () => {
  it('the configured Solo price', () => {
    expect(billingPlans({ ...settings, soloPriceId: 'price_1Solo' })).toEqual({ soloPriceId: 'price_1Solo' });
  });

  it('nothing with the placeholder price or without Stripe settings', () => {
    expect(billingPlans({ ...settings, soloPriceId: 'price_XXXX' })).toEqual({ soloPriceId: null });
    expect(billingPlans(null)).toEqual({ soloPriceId: null });
  });
});
