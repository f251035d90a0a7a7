import { describe, expect, it } from 'vitest';
import { checkoutErrorMessage, contactFailed, MissingUrlError, portalErrorMessage } from './billing-messages';

describe('billing messages', () => {
  it("the pricing banner shows the error's message, or 'Checkout error.' when it has none", () => {
    expect(checkoutErrorMessage(new Error('You already have an active subscription.'))).toBe('You already have an active subscription.');
    expect(checkoutErrorMessage(new MissingUrlError('Missing checkout URL'))).toBe('Missing checkout URL');
    expect(checkoutErrorMessage(new Error(''))).toBe('Checkout error.');
    expect(checkoutErrorMessage(new Error('   '))).toBe('Checkout error.');
    expect(checkoutErrorMessage(undefined)).toBe('Checkout error.');
    expect(checkoutErrorMessage({ status: 500 })).toBe('Checkout error.');
  });

  it('the portal: a response without url asks to try again; any failed call cannot open it', () => {
    expect(portalErrorMessage(new MissingUrlError('x'))).toBe('Could not open the billing portal. Please try again.');
    expect(portalErrorMessage(new Error('There is no billing account for you yet'))).toBe('Unable to open the billing portal.');
    expect(portalErrorMessage(undefined)).toBe('Unable to open the billing portal.');
  });

  it('the contact failure names the fallback email', () => {
    expect(contactFailed('sales@example.com')).toBe('Failed to send. Please email sales@example.com instead.');
  });
});
