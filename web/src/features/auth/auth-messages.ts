/** The sign-in and sign-up messages of the error catalogue, and the rules that pick them. */
export const AUTH_MESSAGES = {
  noMethods: 'No account found for that email. Please sign up or use the Sign in with Google button.',
  googleOnly: "This email is linked to Google sign-in only. Please use the 'Sign in with Google' button.",
  wrongPassword: 'Incorrect password. Please try again or reset your password.',
  signupGoogleOnly: 'You already have a Google account with that email. Please sign in with Google.',
  // Shown when the project hides sign-in methods (email enumeration protection): it must not
  // reveal whether the email has an account.
  credentialsRejected:
    "That email and password don't match an account. Check them, reset your password, or use the Sign in with Google button.",
  emailInUse: 'An account already exists for that email. Please log in instead.',
  weakPassword: 'Please choose a password of at least 6 characters.',
  invalidEmail: 'Please enter a valid email address.',
} as const;

const PASSWORD = 'password';
const GOOGLE = 'google.com';

/** True when the email's only way in is Google. */
export function isGoogleOnly(methods: readonly string[]): boolean {
  return methods.includes(GOOGLE) && !methods.includes(PASSWORD);
}

/** A refusal to attempt a password login, given the email's known sign-in methods. */
export function loginRefusal(methods: readonly string[]): string | null {
  return isGoogleOnly(methods) ? AUTH_MESSAGES.googleOnly : null;
}

/** The message for a failed password login. `methods` is empty when the project hides them. */
export function loginErrorMessage(code: string | undefined, message: string, methods: readonly string[]): string {
  switch (code) {
    case 'auth/user-not-found':
      return AUTH_MESSAGES.noMethods;
    case 'auth/wrong-password':
      return AUTH_MESSAGES.wrongPassword;
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return methods.includes(PASSWORD) ? AUTH_MESSAGES.wrongPassword : AUTH_MESSAGES.credentialsRejected;
    default:
      return cleanFirebaseMessage(message);
  }
}

/** The message for a failed sign-up. */
export function signupErrorMessage(code: string | undefined, message: string): string {
  switch (code) {
    case 'auth/email-already-in-use':
      return AUTH_MESSAGES.emailInUse;
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
