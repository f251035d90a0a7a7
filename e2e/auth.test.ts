import { describe, expect, it } from 'vitest';
import { createGoogleUser, createPasswordUser, providersOf, uniqueEmail } from '../test/support/emulators';
import { logIn, signUp, TEXT, useBrowser } from './support/browser';

const newPage = useBrowser();

describe('sign up', () => {
  it('a new researcher signs up and the banner shows the trial credits', async () => {
    const page = await newPage();
    const email = uniqueEmail('signup');
    await signUp(page, 'Rosa Researcher', `  ${email}  `, 'a-good-password');
    await page.waitForURL('**/projects');
    const banner = page.getByTestId('trial-banner');
    await expect.poll(() => banner.textContent()).toBe('Free trial active 10 credits left');
    // The banner pushes the page down 92 px and the navbar down 32 px.
    expect(await page.getByTestId('page').evaluate((el) => getComputedStyle(el).paddingTop)).toBe('92px');
    expect(await page.locator('header.navbar').evaluate((el) => getComputedStyle(el).top)).toBe('32px');
    await expect.poll(() => page.getByText(`Signed in as ${email}`).count()).toBe(1);
  });

  it('refuses to sign up an email that already signs in with Google only', async () => {
    const google = await createGoogleUser();
    const page = await newPage();
    await signUp(page, 'Someone', google.email, 'a-good-password');
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe(TEXT.signupGoogleOnly);
    expect(new URL(page.url()).pathname).toBe('/signup');
  });
});

describe('log in and out', () => {
  it('logs out from the account menu to /login', async () => {
    const user = await createPasswordUser();
    const page = await newPage();
    await page.goto('/login');
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/projects');
    await page.getByRole('button', { name: /Account/ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    // Signed out: the protected page sends us back to the login form.
    await page.goto('/projects');
    await page.waitForURL('**/login');
  });

  it('says when no account exists for the email', async () => {
    const page = await newPage();
    await page.goto('/login');
    await logIn(page, uniqueEmail('nobody'), 'whatever-123');
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe(TEXT.noMethods);
  });

  it('says when the email signs in with Google only', async () => {
    const google = await createGoogleUser();
    const page = await newPage();
    await page.goto('/login');
    await logIn(page, google.email, 'whatever-123');
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe(TEXT.googleOnly);
  });

  it('says when the password is wrong', async () => {
    const user = await createPasswordUser();
    const page = await newPage();
    await page.goto('/login');
    await logIn(page, user.email, 'not-the-password');
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe(TEXT.wrongPassword);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('returns to the protected page that sent the user to log in', async () => {
    const user = await createPasswordUser();
    const page = await newPage();
    await page.goto('/projects?view=recent');
    await page.waitForURL('**/login');
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/projects?view=recent');
    expect(new URL(page.url()).search).toBe('?view=recent');
  });
});

describe('Google sign-in', () => {
  it('signs in with Google through the Auth emulator and gets the trial', async () => {
    const page = await newPage({ googleSignIn: true });
    const warnings: string[] = [];
    page.on('console', (msg) => msg.type() === 'warning' && warnings.push(msg.text()));
    await page.goto('/login');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    const email = uniqueEmail('gpopup');
    const addAccount = popup.locator('#add-account-button');
    if (await addAccount.isVisible()) await addAccount.click();
    await popup.locator('#email-input').fill(email);
    await popup.locator('#display-name-input').fill('Grace Google');
    await popup.locator('#sign-in').click();
    await page.waitForURL('**/projects');
    await expect.poll(() => page.getByTestId('trial-banner').textContent()).toBe('Free trial active 10 credits left');
    await expect.poll(() => page.getByText(`Signed in as ${email}`).count()).toBe(1);
    // The app tries to give the Google account a password method. The Auth emulator refuses to
    // link a password to an email it already holds (production allows it), so here the attempt
    // must end as a warning only, with the sign-in intact.
    await expect.poll(() => warnings.some((w) => w.startsWith('Could not link a password credential'))).toBe(true);
    expect(await providersOf(email)).toEqual(['google.com']);
  });
});
