import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, loginErrorMessage, loginRefusal, signupErrorMessage } from './auth-messages';

describe('login messages', () => {
  it('refuses a password login for an email that only has Google', () => {
    expect(loginRefusal(['google.com'])).toBe(AUTH_MESSAGES.googleOnly);
  });

  it('lets a password login go ahead when the email also has a password', () => {
    expect(loginRefusal(['google.com', 'password'])).toBeNull();
    expect(loginRefusal([])).toBeNull();
  });

  it('tells an unknown email to sign up', () => {
    expect(loginErrorMessage('auth/user-not-found', 'x', [])).toBe(AUTH_MESSAGES.noMethods);
  });

  it('names a wrong password when the account is known to have one', () => {
    expect(loginErrorMessage('auth/wrong-password', 'x', ['password'])).toBe(AUTH_MESSAGES.wrongPassword);
    expect(loginErrorMessage('auth/invalid-credential', 'x', ['password'])).toBe(AUTH_MESSAGES.wrongPassword);
  });

  it('does not reveal whether an account exists when sign-in methods are hidden', () => {
    expect(loginErrorMessage('auth/invalid-credential', 'x', [])).toBe(AUTH_MESSAGES.credentialsRejected);
  });

  it('passes other errors through without the SDK prefix', () => {
    expect(loginErrorMessage('auth/too-many-requests', 'Firebase: Error (auth/too-many-requests).', [])).toBe(
      'Error (auth/too-many-requests).',
    );
  });
});

describe('sign-up messages', () => {
  it('explains an email already in use', () => {
    expect(signupErrorMessage('auth/email-already-in-use', 'x')).toBe(AUTH_MESSAGES.emailInUse);
  });
});
