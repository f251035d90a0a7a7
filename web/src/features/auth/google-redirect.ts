/** Set in this tab's session while a Google sign-in redirect is under way. */
export const GOOGLE_REDIRECT_PENDING = 'verbatim:google-redirect';

/**
 * Whether this tab left for Google's sign-in and came back: only then is there a result to process, so the sign-in
 * code (and the API client it calls) loads on a visitor's first page only after a redirect.
 */
export function googleRedirectPending(): boolean {
  return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(GOOGLE_REDIRECT_PENDING) !== null;
}
