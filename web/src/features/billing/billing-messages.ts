/** The texts billing shows or logs, word for word as the spec has them. */
export const CHECKOUT_ERROR = 'Checkout error.';
export const MISSING_CHECKOUT_URL = 'Missing checkout URL';
export const PORTAL_MISSING_URL = 'Could not open the billing portal. Please try again.';
export const PORTAL_FAILED = 'Unable to open the billing portal.';
export const MODAL_CHECKOUT_FAILED = 'Stripe checkout session failed → redirecting to /pricing';
export const CONTACT_SENT = "Thanks! We'll reach out shortly.";

export function contactFailed(email: string): string {
  return `Failed to send. Please email ${email} instead.`;
}

/** A response that lacked the url to redirect to. */
export class MissingUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MissingUrlError';
  }
}

/** The pricing page's banner: the error's own message, or 'Checkout error.' when it has none. */
export function checkoutErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : typeof error === 'string' ? error.trim() : '';
  return message || CHECKOUT_ERROR;
}

/** The subscription page's portal error: a response without url, or a failed call. */
export function portalErrorMessage(error: unknown): string {
  return error instanceof MissingUrlError ? PORTAL_MISSING_URL : PORTAL_FAILED;
}
