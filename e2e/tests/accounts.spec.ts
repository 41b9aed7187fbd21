import type { Page } from '@playwright/test';
import {
  collectDialogs,
  confirmedUser,
  expect,
  expectPath,
  googleAuthorizeUrl,
  logIn,
  mailCount,
  mailedLink,
  orangePng,
  PASSWORD,
  setGitHubIdentity,
  setGoogleIdentity,
  test,
  uniqueEmail,
  uniqueName,
} from '../support/accounts';

/**
 * Accounts in a real browser against the real site, with a real SMTP server and local stand-ins for Google
 * and GitHub at the network edge (support/edge.ts). Every test makes its own users.
 */

const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account menu for / });

async function teamLikes(page: Page, teamId: string): Promise<number> {
  const teams = (await (await page.request.get('/api/teams')).json()) as { _id: string; liked_by: number }[];
  return teams.find((team) => team._id === teamId)!.liked_by;
}

test('sign up, confirm through the mailed link, log in, choose favourites, see them, sign out', async ({ page }) => {
  const email = uniqueEmail('lina');
  const name = uniqueName('Lina Marsh');
  await page.goto('/signup');
  await page.getByLabel('Display name (optional)').fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  const password = page.getByLabel('Password', { exact: true });
  const rules = page.getByRole('list', { name: 'Password rules' });
  await password.fill('short');
  await expect(rules.getByRole('listitem').filter({ hasText: 'At least 8 characters' })).toContainText('(not met yet)');
  await password.fill('password123');
  await expect(rules.getByRole('listitem').filter({ hasText: 'Not one of the most common passwords' })).toContainText('(not met yet)');
  await password.fill('abababab');
  await expect(rules.getByRole('listitem').filter({ hasText: 'not a short pattern repeated' })).toContainText('(not met yet)');
  await password.fill(email);
  await expect(rules.getByRole('listitem').filter({ hasText: 'Not your email address' })).toContainText('(not met yet)');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/meet the rule "Not your email address"/)).toBeVisible();
  await password.fill(PASSWORD);
  await expect(rules.getByText('(met)')).toHaveCount(6);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL('/confirm');
  await expect(page.getByText(`We sent a confirmation link to ${email}`)).toBeVisible();
  const firstLink = await mailedLink(email, /Confirm your Slipstream account/);

  // Not confirmed yet: sign-in is refused with a way to get the mail again.
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/Confirm your email address first/);
  await page.getByRole('button', { name: 'Send the confirmation mail again' }).click();
  await expect(page.getByRole('status')).toHaveText(`If ${email} belongs to an account that is not confirmed yet, a new confirmation link is on its way.`);
  await expect.poll(() => mailCount(email)).toBe(2);

  // The new mail replaced the first link.
  await page.goto(firstLink);
  await expect(page.getByRole('alert')).toHaveText(/This link is not valid or has already been used/);
  await page.goto(await mailedLink(email, /Confirm your Slipstream account/));
  await expect(page.getByRole('status')).toHaveText(`${email} is confirmed. You can log in now.`);
  await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).click();

  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(accountMenu(page)).toHaveAccessibleName(`Account menu for ${name}`);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(name)).toBeVisible();
  await expect(footer.getByText(email)).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('currentUser')))!)).toMatchObject({ email, displayName: name });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In', exact: true })).toHaveCount(0);

  // Favourites, names, country and a photo.
  const likesBefore = await teamLikes(page, 'mclaren');
  await accountMenu(page).click();
  await page.getByRole('link', { name: 'Update profile' }).click();
  await expect(page).toHaveURL('/update-profile');
  await page.getByLabel('First name').fill('Lina');
  await page.getByLabel('Last name').fill('Marsh');
  await page.getByLabel('Country').selectOption({ label: 'Italy' });
  await page.getByLabel('Favourite driver').selectOption({ label: 'Oscar Piastri (McLaren)' });
  await page.getByLabel('Favourite team').selectOption({ label: 'McLaren' });
  await page.getByLabel('Choose a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: orangePng() });
  await expect(page.getByRole('img', { name: 'Your photo' }).locator('img')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status')).toHaveText('Your profile is saved.');
  await expect(accountMenu(page).locator('img')).toHaveAttribute('src', /^\/uploads\/photos\/.+\.webp$/);
  await expect(footer.locator('img')).toHaveAttribute('src', /^\/uploads\/photos\/.+\.webp$/);
  expect(await teamLikes(page, 'mclaren')).toBe(likesBefore + 1);

  await accountMenu(page).click();
  await page.getByRole('link', { name: 'Profile', exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(main.getByText('Italy')).toBeVisible();
  const driverCard = main.getByRole('link', { name: /Your favourite driver/ });
  await expect(driverCard).toContainText('Oscar Piastri');
  await expect(driverCard).toContainText('McLaren');
  await expect(driverCard).toContainText(/P\d+/);
  await expect(driverCard).toContainText(/\d+ PTS/);
  await expect(driverCard).toHaveAttribute('href', '/drivers');
  await expect(main.getByRole('link', { name: /Your favourite team/ })).toHaveAttribute('href', '/teams');
  await expect(main.getByRole('heading', { name: 'Your votes' })).toBeVisible();

  // Sign out reloads the page, signed out.
  await accountMenu(page).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await reloaded;
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('currentUser'))).toBeNull();
  expect((await page.request.post('/api/auth/refresh', { headers: { 'x-requested-with': 'fetch' } })).status()).toBe(401);
});

test('forgot password: the mailed link sets a new one, once; the answer never tells who has an account', async ({ page, request }) => {
  const user = await confirmedUser(request, 'reset');
  const stranger = uniqueEmail('nobody');
  for (const email of [stranger, user.email]) {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The login form (with its own Email field) stays up until the next page's code has arrived.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(page.getByRole('status')).toHaveText(`If ${email} belongs to an account, a link to reset its password is on its way. The link works once, for an hour.`);
  }

  const link = await mailedLink(user.email, /Reset your Slipstream password/);
  await page.goto(link);
  await expect(page.getByText(`New password for ${user.email}.`)).toBeVisible();
  const newPassword = page.getByLabel('New password');
  await newPassword.fill('1234567');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Must meet the rule "At least 8 characters"')).toBeVisible();
  await newPassword.fill('Pit-wall-2026');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password is changed. Sign in with the new one.');

  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(/This link is not valid or has already been used/);

  await logIn(page, { email: user.email, password: 'Pit-wall-2026' });
  await accountMenu(page).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await reloaded;
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong password. Try again, or reset your password.');
});

test.describe('Google and GitHub', () => {
  test('a first Google sign-in opens a 500×600 popup, which closes, and lands the new account on update-profile', async ({ page }) => {
    const email = uniqueEmail('charles');
    const displayName = uniqueName('Charles Lec');
    await setGoogleIdentity({ sub: `google-${email}`, email, email_verified: true, name: displayName });
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      window.open = (...args) => {
        (window as unknown as { openedWith: unknown[] }).openedWith = args;
        return open(...args);
      };
    });
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    await popup.waitForEvent('close');

    await expect(page).toHaveURL('/update-profile');
    await expect(accountMenu(page)).toHaveAccessibleName(`Account menu for ${displayName}`);
    await expect(page.getByLabel('Display name')).toHaveValue(displayName);
    const [url, name, features] = await page.evaluate(() => (window as unknown as { openedWith: string[] }).openedWith);
    expect([url, name]).toEqual(['/api/auth/oauth/google', 'slipstream-oauth']);
    expect(features).toMatch(/width=500,height=600/);
  });

  test('GitHub signs in the existing account with the same verified address, and lands on /', async ({ page, request }) => {
    const user = await confirmedUser(request, 'kimi');
    await setGitHubIdentity({
      user: { id: Date.now(), login: 'kimi-a', name: 'Kimi A', avatar_url: 'https://avatars.example/kimi.png' },
      emails: [{ email: user.email, primary: true, verified: true }],
    });
    await page.goto('/signup');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await (await popupOpened).waitForEvent('close');
    await expect(page).toHaveURL('/');
    // The account signed up with email, now also signed in by GitHub: no display name, so its address shows.
    await expect(accountMenu(page)).toHaveAccessibleName(`Account menu for ${user.email}`);
  });

  test('a popup closed before signing in finished says so', async ({ page }) => {
    // The provider's page never answers, as if the user were still looking at it.
    await page.context().route(googleAuthorizeUrl, () => {});
    await page.goto('/login');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await (await popupOpened).close();
    await expect(page.getByRole('alert')).toHaveText('The sign-in window was closed before signing in finished.');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  test('a blocked popup says so and offers the same sign-in in this window (redirect)', async ({ page }) => {
    const email = uniqueEmail('blocked');
    const displayName = uniqueName('Blocked Popup');
    await setGoogleIdentity({ sub: `google-${email}`, email, email_verified: true, name: displayName });
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('alert')).toHaveText('The browser blocked the sign-in window. Allow popups for this site and try again.');
    await page.getByRole('link', { name: 'Continue with Google in this window' }).click();
    await expect(page).toHaveURL('/update-profile');
    await expect(accountMenu(page)).toHaveAccessibleName(`Account menu for ${displayName}`);
  });

  test('a provider without a verified address is refused with a clear message', async ({ page }) => {
    await setGoogleIdentity({ sub: `google-${uniqueEmail('unverified')}`, email: uniqueEmail('unverified'), email_verified: false });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Your account at that provider has no verified email address. Verify one there, or sign up with email.',
    );
  });

  test('a sign-in started on another address of the site is refused (unauthorized domain)', async ({ page, baseURL }) => {
    const otherHost = baseURL!.replace('127.0.0.1', 'localhost');
    await page.goto(`${otherHost}/login`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Google and GitHub sign-in is not set up for this web address. Open the site at its usual address and try again.',
    );
  });
});

test('the sign-in form says what went wrong, in words', async ({ page, request }) => {
  const user = await confirmedUser(request, 'errors');
  await page.goto('/login');
  const email = page.getByRole('textbox', { name: 'Email' });
  const password = page.getByLabel('Password', { exact: true });
  const logInButton = page.getByRole('button', { name: 'Log in', exact: true });

  await logInButton.click();
  await expect(page.getByText('An email address like name@example.com')).toBeVisible();
  await expect(page.getByText('Must not be empty')).toBeVisible();

  await email.fill(uniqueEmail('unknown'));
  await password.fill(PASSWORD);
  await logInButton.click();
  await expect(page.getByRole('alert')).toHaveText('No account uses this email address. Check it, or sign up.');

  await email.fill(user.email);
  await page.route('**/api/auth/sign-in', (route) => route.abort('internetdisconnected'));
  await logInButton.click();
  await expect(page.getByRole('alert')).toHaveText('The sign-in service could not be reached. Check your connection and try again.');
  await page.unroute('**/api/auth/sign-in');

  // Five wrong passwords are free; the next attempt must wait.
  await password.fill('not-the-password');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await logInButton.click();
    await expect(page.getByRole('alert')).toHaveText('Wrong password. Try again, or reset your password.');
    await expect(logInButton).toBeEnabled();
  }
  // (Each further failure doubles the wait, so a slow machine reaches it on a later attempt.)
  await expect(async () => {
    await logInButton.click();
    await expect(page.getByRole('alert')).toHaveText(/^Too many attempts\. Try again in \d+ seconds?\.$/, { timeout: 2_000 });
  }).toPass();

  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('An account already uses this email address. Sign in, or reset your password.');
});

test.describe('guards', () => {
  test('profile pages need a login, and the login page returns there', async ({ page, request }) => {
    const dialogs = collectDialogs(page);
    const user = await confirmedUser(request, 'guard');
    for (const path of ['/profile', '/update-profile']) {
      await page.goto(path);
      await expectPath(page, '/login');
    }
    expect(dialogs.splice(0)).toEqual(['You have to log in to view this page!', 'You have to log in to view this page!']);
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectPath(page, '/update-profile');

    // Signed in, /signup (its isAuth route, docs/product.md, Accounts and guards) says so and goes home; /login goes home quietly.
    await page.goto('/signup');
    await expectPath(page, '/');
    await page.goto('/login');
    await expectPath(page, '/');
    expect(dialogs).toEqual(['Already logged in!']);
  });

  test('admin pages: log in first, then only for admins', async ({ page, request }) => {
    const dialogs = collectDialogs(page);
    for (const path of ['/admin', '/admin/driver-editor', '/test', '/update-teams']) {
      await page.goto(path);
      await expectPath(page, '/login');
    }
    expect(dialogs.splice(0)).toEqual(Array(4).fill('Log in to admin account first!'));

    // Logging in there goes back to the admin page, which refuses a user who is not an admin.
    const user = await confirmedUser(request, 'steward');
    await page.getByRole('textbox', { name: 'Email' }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectPath(page, '/');
    expect(dialogs.splice(0)).toEqual(['You are not the admin']);

    await page.route('**/api/check-admin', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    await page.goto('/admin/season-events');
    await expectPath(page, '/');
    expect(dialogs.splice(0)).toEqual(['Server error during admin check']);
    await page.unroute('**/api/check-admin');

    expect((await request.post('/api/test/admin-grant', { data: { email: user.email } })).ok()).toBe(true);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();
    await page.goto('/update-teams');
    await expect(page.getByRole('heading', { level: 1, name: 'Update teams' })).toBeVisible();

    // The session ends elsewhere (signed out with this browser's cookie): its access token stops working.
    expect((await page.request.post('/api/auth/sign-out', { headers: { 'x-requested-with': 'fetch' } })).status()).toBe(204);
    await page.getByRole('banner').getByRole('link', { name: 'Schedule', exact: true }).click();
    await expectPath(page, '/schedule');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/admin/test');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectPath(page, '/');
    expect(dialogs).toEqual(['Invalid or expired token. Please log in again.']);
  });
});
