import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, loginFailure, loginRefusal, signupErrorMessage } from './auth-messages';

// Every error a password sign-in can end in, as the Firebase Auth SDK names it, with the SDK's own message.
const sdkMessage = (code: string) => `Firebase: Error (${code}).`;
const PASSED_THROUGH = [
  'auth/invalid-email',
  'auth/missing-password',
  'auth/user-disabled',
  'auth/too-many-requests',
  'auth/network-request-failed',
  'auth/operation-not-allowed',
  'auth/internal-error',
];

describe('login with email enumeration protection off (the project reveals sign-in methods)', () => {
  // The methods lookup answers for real: [] for no account, ['google.com'] for Google only.
  it('refuses before trying when the email signs in with Google only', () => {
    expect(loginRefusal(['google.com'])).toBe(AUTH_MESSAGES.googleOnly);
    expect(loginRefusal(['google.com', 'password'])).toBeNull();
    expect(loginRefusal(['password'])).toBeNull();
  });

  it('an unknown email: no account found (auth/user-not-found), no reset offered', () => {
    expect(loginFailure('auth/user-not-found', sdkMessage('auth/user-not-found'), [])).toEqual({ message: AUTH_MESSAGES.noMethods, offerReset: false });
  });

  it('a wrong password: incorrect password (auth/wrong-password, or invalid-credential with a password method), reset offered', () => {
    expect(loginFailure('auth/wrong-password', sdkMessage('auth/wrong-password'), ['password'])).toEqual({ message: AUTH_MESSAGES.wrongPassword, offerReset: true });
    expect(loginFailure('auth/invalid-credential', sdkMessage('auth/invalid-credential'), ['password'])).toEqual({ message: AUTH_MESSAGES.wrongPassword, offerReset: true });
    expect(loginFailure('auth/invalid-login-credentials', 'x', ['google.com', 'password'])).toEqual({ message: AUTH_MESSAGES.wrongPassword, offerReset: true });
  });

  it.each(PASSED_THROUGH)('%s passes its own message, without the SDK prefix', (code) => {
    expect(loginFailure(code, sdkMessage(code), ['password'])).toEqual({ message: `Error (${code}).`, offerReset: false });
  });

  it('sign-up for an email that exists says to log in instead (Google-only ones are refused before, by their methods)', () => {
    expect(signupErrorMessage('auth/email-already-in-use', 'x', ['password'])).toBe(AUTH_MESSAGES.emailInUse);
  });
});

describe('login with email enumeration protection on (methods hidden, one answer for every bad pair)', () => {
  // The methods lookup answers [] for every email, so nothing is refused before trying.
  it('never refuses before trying', () => {
    expect(loginRefusal([])).toBeNull();
  });

  it('an unknown email, a wrong password and a Google-only account all get the one combined message, with the reset offered', () => {
    for (const code of ['auth/invalid-credential', 'auth/invalid-login-credentials']) {
      expect(loginFailure(code, sdkMessage(code), [])).toEqual({ message: AUTH_MESSAGES.credentialsRejected, offerReset: true });
    }
    // It names no account and no method, and offers every way forward.
    expect(AUTH_MESSAGES.credentialsRejected).not.toMatch(/no account|incorrect password|linked to google/i);
    expect(AUTH_MESSAGES.credentialsRejected).toMatch(/reset your password/);
    expect(AUTH_MESSAGES.credentialsRejected).toMatch(/Sign in with Google/);
  });

  it.each(PASSED_THROUGH)('%s passes its own message, without the SDK prefix', (code) => {
    expect(loginFailure(code, sdkMessage(code), [])).toEqual({ message: `Error (${code}).`, offerReset: false });
  });

  it('sign-up for an email that exists says so, without guessing how it signs in', () => {
    expect(signupErrorMessage('auth/email-already-in-use', 'x', [])).toBe(AUTH_MESSAGES.emailInUseMethodsHidden);
  });
});

describe('sign-up messages, either mode', () => {
  it('explains a weak password and an invalid email; passes others through', () => {
    expect(signupErrorMessage('auth/weak-password', 'x', [])).toBe(AUTH_MESSAGES.weakPassword);
    expect(signupErrorMessage('auth/invalid-email', 'x', [])).toBe(AUTH_MESSAGES.invalidEmail);
    expect(signupErrorMessage('auth/network-request-failed', sdkMessage('auth/network-request-failed'), [])).toBe('Error (auth/network-request-failed).');
    expect(signupErrorMessage(undefined, '', [])).toBe('Something went wrong. Please try again.');
  });
});
