import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callApi } from '../../functions/test/support/api';
import { signUp } from '../../functions/test/support/projects';
import { createPasswordUser, type TestUser } from '../../test/support/emulators';
import { logIn } from './browser';

/** A new password account, logged in on `page`, on /projects with its 10 trial credits shown. */
export async function logInNewUser(page: Page): Promise<TestUser> {
  const user = await createPasswordUser();
  await page.goto('/login');
  await logIn(page, user.email, user.password);
  await page.waitForURL('**/projects');
  await expect.poll(() => page.getByTestId('trial-banner').textContent(), { timeout: 10_000 }).toBe('Free trial active 10 credits left');
  return user;
}

/**
 * A new password account with its trial, as a sign-up leaves it (the profile made through the API), for a page opened
 * with `newPage({ signedInAs })`: what `logInNewUser` gives without walking the login form again (each file walks it once).
 */
export async function newAccount(): Promise<TestUser> {
  const user = await createPasswordUser();
  await signUp(user);
  return user;
}

/**
 * Creates a project for `user` through the API (not the UI) and returns its id. The tests' server has a Gemini key;
 * these projects use the built-in analyser unless asked otherwise.
 */
export async function createProjectFor(user: TestUser, name: string, analyser: 'local' | 'gemini' = 'local'): Promise<string> {
  const res = await callApi<{ project: { id: string } }>('/projects', { token: user.idToken, json: { name, settings: { analyser } } });
  if (res.status !== 201) throw new Error(`Could not create the project: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.project.id;
}
