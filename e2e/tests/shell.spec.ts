import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { withoutPageState } from '../support/pageState';

/** The application shell in a real browser against the built site: themes, notices, menus, pages. */

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

test.describe('theme', () => {
  test('dark mode is saved and applied before the app runs, so a reload never flashes light', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('switch', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(page.locator('html')).toHaveClass(/\bdarkmode\b/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');

    // Reload with the app's JavaScript blocked: what shows is the page as the server drew it, already dark.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload({ waitUntil: 'load' });
    await expect(page.locator('html')).toHaveClass(/\bdarkmode\b/);
    await expect(page.locator('html')).not.toHaveAttribute('data-app-started');
    await expect(page.getByRole('img', { name: 'Layout of Silverstone Circuit' })).toHaveAttribute('src', '/api/circuits/silverstone-8.svg');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 15, 20)');

    await page.unroute(/\/assets\/.*\.js$/);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdarkmode\b/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
  });
});

test.describe('for a first-time visitor', () => {
  test.use({ cookieNoticeClosed: false });

  test('the cookie notice closes for good', async ({ page }) => {
    await page.goto('/');
    const notice = page.getByRole('complementary', { name: 'Cookie notice' });
    await expect(notice).toContainText('Formula 1’s media server');
    await notice.getByRole('button', { name: 'Close cookie notice' }).click();
    await expect(notice).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(notice).toHaveCount(0);
    await page.goto('/info');
    await expect(page.getByRole('heading', { level: 1, name: 'Info and sources' })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});

test.describe('navbar on a desktop', () => {
  test.use({ viewport: desktop });

  test('dropdowns open on their label and close on Escape, a click elsewhere or a chosen link', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const standings = nav.getByRole('button', { name: 'Standings' });
    const results = nav.getByRole('button', { name: 'Results' });
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();

    await standings.click();
    await expect(standings).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Teams' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(standings).toHaveAttribute('aria-expanded', 'false');
    await expect(standings).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Teams' })).toBeHidden();

    await results.click();
    await expect(nav.getByRole('link', { name: 'Races' })).toHaveAttribute('href', /^\/race-results(\/\d{4})?$/);
    await standings.click(); // a click on the other label counts as elsewhere
    await expect(results).toHaveAttribute('aria-expanded', 'false');
    await expect(standings).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect(standings).toHaveAttribute('aria-expanded', 'false');

    await standings.click();
    await nav.getByRole('link', { name: 'Drivers' }).click();
    await expect(page).toHaveURL(/\/drivers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Driver standings' })).toBeVisible();
    await expect(standings).toHaveAttribute('aria-expanded', 'false');
    expect(errors).toEqual([]);
  });

  test('copes with a failing F1 API: no meeting link, the rest of the shell intact', async ({ page }) => {
    const errors = collectErrors(page);
    await withoutPageState(page, '/');
    await page.route(/\/api\/get-(next|last)$/, (route) => route.fulfill({ status: 500, json: { message: 'Internal server error' } }));
    const nextMeetingAnswered = page.waitForResponse(/\/api\/get-next$/);
    await page.goto('/');
    await nextMeetingAnswered;
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Schedule' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(nav.getByRole('link', { name: /meeting/i })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('navbar on a phone', () => {
  test.use({ viewport: phone });

  test('the burger menu holds the entries plus Game, History and Log In', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Standings' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeHidden();

    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Schedule', 'Teams', 'Drivers', 'Races', 'Qualifying', 'Game', 'History', 'Log In', 'Sign Up']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const rootOverflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow);
    expect(await rootOverflow()).toBe('hidden'); // the page behind stays put
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    expect(await rootOverflow()).toBe('visible');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Game' }).click();
    await expect(page).toHaveURL(/\/reaction-game$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reaction game' })).toBeVisible();
    await expect(menu).toBeHidden();
  });
});

test.describe('before the app has taken a rendered page over', () => {
  /** Holds the app's scripts back until the returned function is called. */
  async function holdTheApp(page: Page): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  test('the burger menu opens and closes at once, and the app keeps it as it finds it', async ({ page }) => {
    await page.setViewportSize(phone);
    const release = await holdTheApp(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const burger = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('navigation', { name: 'Main' });
    await burger.click();
    await expect(menu.getByRole('link', { name: 'Teams', exact: true })).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await burger.click();
    await burger.click();
    await expect(menu).toBeHidden();

    await burger.click();
    await expect(page.locator('html')).not.toHaveAttribute('data-app-started');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-app-started');
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Teams', exact: true })).toBeVisible();
    await close.click();
    await expect(menu).toBeHidden();
  });

  test('a navbar dropdown opens at once, one at a time, and closes on a click elsewhere', async ({ page }) => {
    await page.setViewportSize(desktop);
    await holdTheApp(page);
    await page.goto('/drivers', { waitUntil: 'domcontentloaded' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const standings = nav.getByRole('button', { name: 'Standings' });
    const results = nav.getByRole('button', { name: 'Results' });
    await standings.click();
    await expect(nav.getByRole('link', { name: 'Teams' })).toBeVisible();
    await results.click();
    await expect(nav.getByRole('link', { name: 'Races' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Teams' })).toBeHidden();
    await expect(standings).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(nav.getByRole('link', { name: 'Races' })).toBeHidden();
    await expect(page.locator('html')).not.toHaveAttribute('data-app-started');
  });
});

test('an unknown address shows the not-found page inside the shell', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: /Page not found/ })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Slipstream');
  await expect(page.getByRole('main')).toContainText('/no/such/page');
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/info credits F1DB with the data version the server reports', async ({ page, request }) => {
  const meta = (await (await request.get('/api/meta')).json()) as { dataVersion: { version: string } | null };
  await page.goto('/info');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'F1DB' })).toHaveAttribute('href', 'https://github.com/f1db/f1db');
  await expect(main).toContainText('Philipp Schaefer et al.');
  await expect(main.getByRole('link', { name: /CC BY 4\.0/ })).toHaveAttribute('href', 'https://creativecommons.org/licenses/by/4.0/');
  await expect(main).toContainText(
    meta.dataVersion ? `F1DB ${meta.dataVersion.version}` : 'No F1DB data has been imported on this server yet.',
  );
  await expect(main).toContainText('not associated in any way with the Formula 1 companies');
  await expect(page).toHaveTitle('Info and sources · Slipstream');
});
