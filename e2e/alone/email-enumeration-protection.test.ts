import { afterEach, describe, expect, it } from 'vitest';
import { createGoogleUser, createPasswordUser, setEmailEnumerationProtection, uniqueEmail } from '../../test/support/emulators';
import { logIn, useBrowser } from '../support/browser';

// The Auth emulator's email enumeration protection is one setting for the whole project: this file runs after every
// other suite, when nothing else signs in (the alone run of scripts/test-emulated.sh).
const newPage = useBrowser();

describe('log in with email enumeration protection on (the default of new Firebase projects)', () => {
  afterEach(() => setEmailEnumerationProtection(false));

  it('one combined message for an unknown email, a wrong password and a Google-only account, with Forgot password? carrying the email', async () => {
    const [user, google] = await Promise.all([createPasswordUser(), createGoogleUser()]);
    await setEmailEnumerationProtection(true);
    const page = await newPage();
    const combined = "That email and password don't match an account. Check them, reset your password, or use the Sign in with Google button.";
    for (const [email, password] of [
      [uniqueEmail('nobody'), 'whatever-123'],
      [user.email, 'not-the-password'],
      [google.email, 'whatever-123'],
    ]) {
      await page.goto('/login');
      await logIn(page, email, password);
      await expect.poll(() => page.getByTestId('form-error').textContent()).toBe(combined);
      expect(await page.getByTestId('reset-offer').isVisible()).toBe(true);
    }

    await page.goto('/login');
    await logIn(page, user.email, 'not-the-password');
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe(combined);
    await page.getByTestId('reset-offer').getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/reset-password');
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);

    // The right password still gets in.
    await page.goto('/login');
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/projects');
  });
});

