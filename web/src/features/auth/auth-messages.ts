/**
 * The sign-in and sign-up messages of the error catalogue, and the rules that pick them, in both
 * modes of a Firebase project's email enumeration protection (Authentication → Settings → User
 * actions; on by default for projects created since September 2023):
 *
 * - **off**: the project says which sign-in methods an email has and why a password sign-in
 *   failed, so the spec's own messages apply: no account, Google only, wrong password.
 * - **on**: it says neither (the methods lookup answers nothing, and an unknown email and a wrong
 *   password fail alike with `auth/invalid-credential`), so one honest combined message stands for
 *   both, and the login form offers the way to reset the password.
 *
 * The mode is never configured: each failure shows it. `auth/invalid-credential` (the backend's
 * INVALID_LOGIN_CREDENTIALS) is the protected answer; `auth/user-not-found` and
 * `auth/wrong-password` are only given with protection off.
 */
export const AUTH_MESSAGES = {
  noMethods: 'No account found for that email. Please sign up or use the Sign in with Google button.',
  googleOnly: "This email is linked to Google sign-in only. Please use the 'Sign in with Google' button.",
  wrongPassword: 'Incorrect password. Please try again or reset your password.',
  signupGoogleOnly: 'You already have a Google account with that email. Please sign in with Google.',
  // Protection on: it must not reveal whether the email has an account, nor how it signs in.
  credentialsRejected:
    "That email and password don't match an account. Check them, reset your password, or use the Sign in with Google button.",
  emailInUse: 'An account already exists for that email. Please log in instead.',
  // Protection on: the account exists (sign-up says so), but not how it signs in.
  emailInUseMethodsHidden: 'An account already exists for that email. Please log in with your password or the Sign in with Google button.',
  weakPassword: 'Please choose a password of at least 6 characters.',
  invalidEmail: 'Please enter a valid email address.',
} as const;

const PASSWORD = 'password';
const GOOGLE = 'google.com';

/** True when the email's only way in is Google. */
export function isGoogleOnly(methods: readonly string[]): boolean {
  return methods.includes(GOOGLE) && !methods.includes(PASSWORD);
}

/**
 * A refusal to attempt a password login, given the email's known sign-in methods. With protection
 * on the methods are always hidden (empty), so this never refuses and the sign-in itself answers.
 */
export function loginRefusal(methods: readonly string[]): string | null {
  return isGoogleOnly(methods) ? AUTH_MESSAGES.googleOnly : null;
}

export interface LoginFailure {
  message: string;
  /** Show the "Forgot password?" way out next to the message (a password may be what is wrong). */
  offerReset: boolean;
}

/** A failed password login: its message, and whether to offer a password reset. `methods` is empty when the project hides them. */
export function loginFailure(code: string | undefined, message: string, methods: readonly string[]): LoginFailure {
  switch (code) {
    case 'auth/user-not-found':
      return { message: AUTH_MESSAGES.noMethods, offerReset: false };
    case 'auth/wrong-password':
      return { message: AUTH_MESSAGES.wrongPassword, offerReset: true };
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      // With the methods revealed and a password among them, only the password can be wrong.
      return { message: methods.includes(PASSWORD) ? AUTH_MESSAGES.wrongPassword : AUTH_MESSAGES.credentialsRejected, offerReset: true };
    default:
      // Other login errors pass their own message (spec, error catalogue).
      return { message: cleanFirebaseMessage(message), offerReset: false };
  }
}

/** The message for a failed sign-up. `methods` is empty when unknown or hidden by the project. */
export function signupErrorMessage(code: string | undefined, message: string, methods: readonly string[] = [PASSWORD]): string {
  switch (code) {
    case 'auth/email-already-in-use':
      return methods.length === 0 ? AUTH_MESSAGES.emailInUseMethodsHidden : AUTH_MESSAGES.emailInUse;
    case 'auth/weak-password':
      return AUTH_MESSAGES.weakPassword;
    case 'auth/invalid-email':
      return AUTH_MESSAGES.invalidEmail;
    default:
      return cleanFirebaseMessage(message);
  }
}

/** "Firebase: Error (auth/x)." reads better without the SDK's prefix. */
export function cleanFirebaseMessage(message: string): string {
  return message.replace(/^Firebase:\s*/, '').trim() || 'Something went wrong. Please try again.';
}
