import {
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  fetchSignInMethodsForEmail,
  browserPopupRedirectResolver,
  getRedirectResult,
  GoogleAuthProvider,
  linkWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signInWithRedirect,
  signOut,
  updateProfile,
  type UserCredential,
} from 'firebase/auth';
import { auth } from '../../lib/firebase';
import { GOOGLE_REDIRECT_PENDING, googleRedirectPending } from './google-redirect';
import { createOrUpdateUser } from './api/create-or-update-user';
import { AUTH_MESSAGES, isGoogleOnly, loginFailure, loginRefusal, signupErrorMessage } from './auth-messages';

/** An auth failure whose message is ready to show. */
export class AuthActionError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    /** Offer "Forgot password?" with the message: the password may be what is wrong. */
    readonly offerReset = false,
  ) {
    super(message);
    this.name = 'AuthActionError';
  }
}

function errorCode(err: unknown): string | undefined {
  return (err as { code?: string })?.code;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Sign-in methods for an email; empty when there is no account, on failure, and always with enumeration protection on. */
async function signInMethods(email: string): Promise<string[]> {
  try {
    return await fetchSignInMethodsForEmail(auth, email);
  } catch (err) {
    console.warn('Could not look up sign-in methods', err);
    return [];
  }
}

export async function logInWithEmail(rawEmail: string, password: string): Promise<UserCredential> {
  const email = rawEmail.trim();
  const methods = await signInMethods(email);
  const refusal = loginRefusal(methods);
  if (refusal) throw new AuthActionError(refusal, 'google-only');
  try {
    return await signInWithEmailAndPassword(auth, email, password);
  } catch (err) {
    const failure = loginFailure(errorCode(err), errorMessage(err), methods);
    throw new AuthActionError(failure.message, errorCode(err), failure.offerReset);
  }
}

export async function signUpWithEmail(rawEmail: string, password: string, rawName: string): Promise<UserCredential> {
  const email = rawEmail.trim();
  const name = rawName.trim();
  const methods = await signInMethods(email);
  if (isGoogleOnly(methods)) throw new AuthActionError(AUTH_MESSAGES.signupGoogleOnly, 'google-only');
  let credential: UserCredential;
  try {
    credential = await createUserWithEmailAndPassword(auth, email, password);
  } catch (err) {
    throw new AuthActionError(signupErrorMessage(errorCode(err), errorMessage(err), methods), errorCode(err));
  }
  if (name) {
    await updateProfile(credential.user, { displayName: name }).catch((err) => console.warn('Could not save the name', err));
  }
  await createOrUpdateUser({ uid: credential.user.uid, name }).catch((err) =>
    // GET /users/me creates a missing profile too, so the trial is not lost.
    console.error('Could not create the profile', err),
  );
  return credential;
}

function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return provider;
}

/** Popup on desktop; a redirect on mobile or on a non-local host. */
export function prefersRedirect(userAgent: string, hostname: string): boolean {
  const mobile = /Android|iPhone|iPad|iPod|Mobile|Silk|Opera Mini/i.test(userAgent);
  const local = hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
  return mobile || !local;
}

export async function logInWithGoogle(): Promise<UserCredential | null> {
  const provider = googleProvider();
  if (prefersRedirect(navigator.userAgent, location.hostname)) {
    sessionStorage.setItem(GOOGLE_REDIRECT_PENDING, '1');
    await signInWithRedirect(auth, provider, browserPopupRedirectResolver);
    return null;
  }
  let credential: UserCredential;
  try {
    credential = await signInWithPopup(auth, provider, browserPopupRedirectResolver);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request') return null;
    throw new AuthActionError(signupErrorMessage(code, errorMessage(err)), code);
  }
  await completeGoogleSignIn(credential);
  return credential;
}

/**
 * Processes a pending Google redirect result once, on load. Only after this tab left for Google: otherwise there is
 * nothing to process, and asking would load Google's scripts on every page.
 */
export async function processGoogleRedirect(): Promise<void> {
  if (!googleRedirectPending()) return;
  sessionStorage.removeItem(GOOGLE_REDIRECT_PENDING);
  try {
    const credential = await getRedirectResult(auth, browserPopupRedirectResolver);
    if (credential) await completeGoogleSignIn(credential);
  } catch (err) {
    if (errorCode(err) !== 'auth/no-auth-event') console.error('Google redirect sign-in failed', err);
  }
}

/** After Google sign-in: give the account a password method when it has none, then sync the profile. */
async function completeGoogleSignIn(credential: UserCredential): Promise<void> {
  const { user } = credential;
  if (user.email && !user.providerData.some((p) => p.providerId === 'password')) {
    try {
      await linkWithCredential(user, EmailAuthProvider.credential(user.email, randomPassword()));
    } catch (err) {
      console.warn('Could not link a password credential to the Google account', err);
    }
  }
  await createOrUpdateUser({ uid: user.uid, name: user.displayName ?? '' }).catch((err) =>
    console.error('Could not update the profile', err),
  );
}

function randomPassword(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function requestPasswordReset(rawEmail: string): Promise<void> {
  try {
    await sendPasswordResetEmail(auth, rawEmail.trim());
  } catch (err) {
    const code = errorCode(err);
    // Never reveal whether the address has an account.
    if (code === 'auth/user-not-found') return;
    throw new AuthActionError(signupErrorMessage(code, errorMessage(err)), code);
  }
}

export async function logOut(): Promise<void> {
  try {
    await signOut(auth);
  } catch (err) {
    console.error('Log out failed', err);
  }
}
