import path from 'node:path';
import type { Page } from '@playwright/test';
import { confirmedUser, logIn, test as accountsTest } from '../support/accounts';
import { testFitsEveryLayout } from '../support/layout';
import { expect, test } from '../support/test';

/**
 * No page scrolls sideways at 390 px or at 1280 px, in either theme: the document is exactly as wide as the window.
 * At the e2e clock (2025-07-05, the British Grand Prix weekend, after the Austrian Grand Prix).
 */

type Screen = { name: string; path: string; ready: (page: Page) => Promise<void> };

const heading = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible();
const firstTable = async (page: Page) => {
  await heading(page);
  await expect(page.getByRole('table').first()).toBeVisible();
};

const publicScreens: Screen[] = [
  { name: 'home', path: '/', ready: (page) => expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible() },
  { name: 'drivers', path: '/drivers', ready: (page) => expect(page.getByRole('list', { name: 'Drivers' })).toBeVisible() },
  { name: 'drivers-table', path: '/drivers?view=table', ready: firstTable },
  { name: 'driver', path: '/drivers/ALO', ready: firstTable },
  { name: 'teams', path: '/teams', ready: (page) => expect(page.getByRole('list', { name: 'Teams' })).toBeVisible() },
  { name: 'teams-table', path: '/teams?view=table', ready: firstTable },
  { name: 'race-results', path: '/race-results/2025', ready: firstTable },
  { name: 'qualifying-results', path: '/qualifying-results/2025', ready: firstTable },
  { name: 'schedule', path: '/schedule', ready: heading },
  { name: 'meeting', path: '/schedule/2025/austrian-grand-prix', ready: firstTable },
  { name: 'vote', path: '/vote', ready: heading },
  { name: 'live', path: '/live', ready: heading },
];

function shoot(name: string) {
  return async (page: Page, folder: string, { width, theme }: { width: number; theme: string }) => {
    await page.screenshot({ path: path.join(folder, `${name}-${width}-${theme}.png`), fullPage: true });
  };
}

for (const screen of publicScreens) {
  test.describe(screen.name, () => {
    testFitsEveryLayout(
      async (page) => {
        await page.goto(screen.path);
        await screen.ready(page);
      },
      shoot(screen.name),
    );
  });
}

test.describe('home on a first visit, with the cookie notice', () => {
  test.use({ cookieNoticeClosed: false });
  testFitsEveryLayout(
    async (page) => {
      await page.goto('/');
      await expect(page.getByRole('complementary', { name: 'Cookie notice' })).toBeVisible();
    },
    shoot('home-first-visit'),
  );
});

/**
 * A new account with Fernando Alonso and Aston Martin as favourites (a long name in narrow cards), signed in. Signing
 * in looks for the desktop bar's account menu, so it happens in a desktop window; then the window is as it was.
 */
async function signedInWithFavourites(page: Page) {
  const window = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: window.height });
  await logIn(page, await confirmedUser(page.request, 'layout'));
  await page.goto('/update-profile');
  await page.getByLabel('Favourite driver').selectOption({ label: 'Fernando Alonso (Aston Martin)' });
  await page.getByLabel('Favourite team').selectOption({ label: 'Aston Martin' });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status')).toHaveText('Your profile is saved.');
  await page.setViewportSize(window);
}

const signedInScreens: Screen[] = [
  { name: 'home-signed-in', path: '/', ready: (page) => expect(page.getByRole('link', { name: /Your favourite driver/ })).toContainText('Fernando Alonso') },
  { name: 'profile', path: '/profile', ready: (page) => expect(page.getByRole('link', { name: /Your favourite driver/ })).toContainText('Fernando Alonso') },
];

for (const screen of signedInScreens) {
  test.describe(screen.name, () => {
    testFitsEveryLayout(
      async (page) => {
        await signedInWithFavourites(page);
        await page.goto(screen.path);
        await screen.ready(page);
      },
      shoot(screen.name),
      accountsTest,
    );
  });
}
