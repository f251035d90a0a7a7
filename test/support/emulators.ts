/** Addresses of the emulator suite started by `firebase emulators:exec` (see firebase.json). */
export const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-verbatim';
export const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
export const HOSTING_URL = 'http://127.0.0.1:5000';
export const FUNCTIONS_URL = `http://127.0.0.1:5001/${PROJECT_ID}/us-central1`;

/**
 * How long a test waits for work the emulated functions do on their own (an upload parsed, an interview analysed, a
 * public page written). Alone that takes a second or two; under `npm test` the work waits in the Functions emulator's
 * line beside the browser suite on two cores, sometimes over a minute. A wait that never ends still fails.
 */
export const FUNCTIONS_WORK_WAIT_MS = 180_000;

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

const AUTH_API = `http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1`;

/**
 * The Auth emulator closes a kept-alive connection after five idle seconds. Under `npm test`'s load the test's event
 * loop can be late enough to send its next request on a connection the emulator is closing at that moment; the request
 * was never read, and undici reports the socket closed (UND_ERR_SOCKET). That one case is sent again on a new
 * connection; any answer the emulator gave, and any other failure, stands.
 */
function closedBeforeAnswer(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return error instanceof TypeError && cause?.code === 'UND_ERR_SOCKET';
}

async function authCall<T>(path: string, body: unknown): Promise<T> {
  const send = () =>
    fetch(`${AUTH_API}/${path}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const res = await send().catch((error: unknown) => {
    if (closedBeforeAnswer(error)) return send();
    throw error;
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`Auth emulator ${path}: ${json.error?.message ?? res.status}`);
  return json;
}

let counter = 0;
/** A unique email so tests never collide with each other or with the demo data. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/**
 * Creates an email/password account in the Auth emulator and returns a fresh ID token: one from a sign-in right after
 * the sign-up. The emulator stamps a new account's sign-in time when the request arrives and its password's time a
 * moment later; when a second turns between the two, the sign-up's own token carries an auth_time before the
 * account's tokens-valid-after time, and the Admin SDK, which checks revocation on every token against the emulator,
 * refuses it as revoked. A sign-in's time is always later.
 */
export async function createPasswordUser(email = uniqueEmail(), password = 'correct-horse-9', displayName?: string): Promise<TestUser> {
  const res = await authCall<{ localId: string }>('accounts:signUp', { email, password, displayName, returnSecureToken: true });
  return { uid: res.localId, email, password, idToken: await signInWithPassword(email, password) };
}

/** Signs in with email and password, as the app does on the login page: a freshly issued ID token. */
export async function signInWithPassword(email: string, password: string): Promise<string> {
  const res = await authCall<{ idToken: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  return res.idToken;
}

/** The claims an ID token carries (its payload; the Auth emulator's tokens are unsigned). */
export function claimsOf(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Creates a Google-only account in the Auth emulator (no password method). */
export async function createGoogleUser(email = uniqueEmail('google'), displayName = 'Google Person'): Promise<TestUser> {
  const idToken = JSON.stringify({ sub: `g-${Math.random().toString(36).slice(2)}`, email, email_verified: true, name: displayName });
  const res = await authCall<{ localId: string; idToken: string }>('accounts:signInWithIdp', {
    postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`,
    requestUri: 'http://localhost',
    returnSecureToken: true,
    returnIdpCredential: true,
  });
  return { uid: res.localId, email, password: '', idToken: res.idToken };
}

/** Deletes every document in the Firestore emulator. */
export async function clearFirestore(): Promise<void> {
  const res = await fetch(`http://${FIRESTORE_HOST}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  if (!res.ok) throw new Error(`Could not clear Firestore: ${res.status}`);
}

/** The sign-in providers of an Auth emulator account (admin lookup). */
export async function providersOf(email: string): Promise<string[]> {
  const res = await fetch(`${AUTH_API}/projects/${PROJECT_ID}/accounts:lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ email: [email] }),
  });
  const json = (await res.json()) as { users?: { providerUserInfo?: { providerId: string }[] }[] };
  return (json.users?.[0]?.providerUserInfo ?? []).map((p) => p.providerId).sort();
}

/**
 * Turns the Auth emulator's email enumeration protection on or off (a project setting, off in the
 * emulator by default; on by default in new Firebase projects).
 */
export async function setEmailEnumerationProtection(enabled: boolean): Promise<void> {
  const res = await fetch(`http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/config`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: enabled } }),
  });
  if (!res.ok) throw new Error(`Could not set email enumeration protection: ${res.status}`);
}

/** Emails the Auth emulator would have sent (password resets, verifications). */
export async function sentAuthEmails(): Promise<{ email: string; requestType: string }[]> {
  const res = await fetch(`http://${AUTH_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const json = (await res.json()) as { oobCodes?: { email: string; requestType: string }[] };
  return json.oobCodes ?? [];
}
