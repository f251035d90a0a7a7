import { createPasswordUser, type TestUser } from '../../../test/support/emulators';
import { adminDb } from './admin';
import { callApi } from './api';

/**
 * A signed-up user (profile with the trial) and one empty project of theirs. The tests' server has a Gemini key, so
 * a new project would default to Gemini: suites about other things ask for the built-in analyser, the default here;
 * `analyser: 'default'` takes the server's default.
 */
export async function userWithProject(
  name = 'Onboarding study',
  analyser: 'local' | 'gemini' | 'default' = 'local',
): Promise<{ user: TestUser; projectId: string }> {
  const user = await createPasswordUser();
  await signUp(user);
  const json = analyser === 'default' ? { name } : { name, settings: { analyser } };
  const res = await callApi<{ project: { id: string } }>('/projects', { token: user.idToken, json });
  if (res.status !== 201) throw new Error(`Could not create a project: ${res.status}`);
  return { user, projectId: res.body.project.id };
}

/**
 * The call the app makes after Auth's sign-up: the profile, with the trial. It must succeed, or the test stops here
 * saying why. A 5xx is the emulator still starting a function process on a busy machine (it drops the request that
 * woke it): asked again, at most three times.
 */
export async function signUp(user: TestUser): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const res = await callApi('/users/createOrUpdate', { token: user.idToken, json: { uid: user.uid, email: user.email, name: '' } });
    if (res.status === 200 || res.status === 201) return;
    if (res.status < 500 || attempt === 3) throw new Error(`Could not sign up ${user.email}: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

export async function setCredits(uid: string, creditsRemaining: number, subscriptionActive = false): Promise<void> {
  await adminDb().doc(`users/${uid}`).update({ creditsRemaining, subscriptionActive });
}

export async function creditsOf(uid: string): Promise<number> {
  return (await adminDb().doc(`users/${uid}`).get()).data()?.creditsRemaining;
}

/** Reserve + upload through the API, as the browser does without Cloud Storage. */
export async function uploadViaApi(token: string, projectId: string, fileName: string, bytes: Buffer) {
  const reserve = await callApi<{ document: { id: string; status: string; error: string | null }; uploadVia: string }>(
    `/projects/${projectId}/documents`,
    { token, json: { fileName, size: bytes.length } },
  );
  if (reserve.status !== 201 || reserve.body.document.status !== 'uploading') return { reserve, upload: null };
  const upload = await callApi(`/projects/${projectId}/documents/${reserve.body.document.id}/content`, {
    token,
    method: 'PUT',
    rawBody: bytes,
    contentType: 'application/octet-stream',
  });
  return { reserve, upload };
}
