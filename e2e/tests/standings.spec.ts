import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test';

/**
 * The standings screens on the real F1DB data, with the e2e server's clock pinned at 2025-07-05T12:00:00Z, so
 * the featured season is 2025.
 */

const phone = { width: 390, height: 844 };

/** Every image on the page has loaded: no broken pictures (fallbacks stand in for missing ones). */
async function expectNoBrokenImages(page: Page) {
  const broken = await page
    .locator('main img')
    .evaluateAll((images) => (images as HTMLImageElement[]).filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src));
  expect(broken).toEqual([]);
}

async function expectFocusRing(link: Locator) {
  await expect(link).toBeFocused();
  expect(await link.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
}

test.describe('team standings', () => {
  test('are titled with the featured season and show the ten teams with points and drivers', async ({ page }) => {
    await page.goto('/teams');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formula 1 Team Standings 2025 Season');
    await expect(page).toHaveTitle('Team standings 2025 · Slipstream');
    const teams = page.getByRole('list', { name: 'Teams' }).getByRole('link');
    await expect(teams).toHaveCount(10);
    await expect(teams.first()).toContainText('Position 1');
    for (const card of await teams.all()) {
      await expect(card).toHaveAttribute('href', '/teams');
      await expect(card).toContainText(/\d+ PTS/);
      await expect(card).toContainText(/Races won \d+/);
      await expect(card).toContainText(/\S+ \S+ · \S+ \S+/); // two drivers
    }
    await expectNoBrokenImages(page);
  });

  test('are walked through with the keyboard, card by card, each with a visible focus ring', async ({ page }) => {
    await page.goto('/teams');
    const teams = page.getByRole('list', { name: 'Teams' }).getByRole('link');
    await expect(teams).toHaveCount(10);
    // Start sequential navigation at the view switch's last link, as a visitor who just chose the cards would.
    await page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'Table' }).focus();
    for (let index = 0; index < 10; index++) {
      await page.keyboard.press('Tab');
      await expectFocusRing(teams.nth(index));
    }
  });
});

test.describe('driver standings', () => {
  test('are titled with the featured season and show each driver with points and the gap to the leader', async ({ page }) => {
    await page.goto('/drivers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formula 1 Driver Standings 2025 Season');
    await expect(page).toHaveTitle('Driver standings 2025 · Slipstream');
    const drivers = page.getByRole('list', { name: 'Drivers' }).getByRole('link');
    await expect(drivers.first()).toBeVisible();
    expect(await drivers.count()).toBeGreaterThanOrEqual(20);

    const leader = drivers.first();
    await expect(leader).toContainText('Position 1');
    await expect(leader).toContainText(/\d+ PTS/);
    await expect(leader).not.toContainText('Gap');
    // The leader keeps the first three letters of their surname as route code, which the gap line names.
    const leaderCode = (await leader.getAttribute('href'))!.replace('/drivers/', '');
    expect(leaderCode).toMatch(/^[A-Z]{3}$/);
    await expect(drivers.nth(1)).toContainText(new RegExp(`Gap to ${leaderCode}: -\\d+p`));
    await expectNoBrokenImages(page);

    await expect(page.getByRole('link', { name: 'Sign up to pick your favourite driver' })).toHaveAttribute('href', '/signup');
  });

  test('open a driver’s page with their season race by race and the points chart', async ({ page }) => {
    await page.goto('/drivers');
    const second = page.getByRole('list', { name: 'Drivers' }).getByRole('link').nth(1);
    const href = (await second.getAttribute('href'))!;
    await second.click();
    await expect(page).toHaveURL(href);
    const table = page.getByRole('table', { name: 'Results of 2025, race by race' });
    await expect(table).toBeVisible();

    const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
    expect(name).toMatch(/^\S+ \S+/);
    await expect(page).toHaveTitle(`${name} · Slipstream`);
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText(/Age\s*\d+/);
    await expect(page.getByRole('region', { name: 'Career' })).toContainText(/Starts\s*\d+/);

    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    await expect(rows.first().getByRole('link')).toHaveAttribute('href', /^\/schedule\/2025\/[a-z0-9-]+$/);

    const chart = page.getByRole('img', { name: `${name}: championship points after each round of 2025` });
    await expect(chart).toBeVisible();
    await expect(chart.locator('circle')).toHaveCount(await rows.count());
    await expectNoBrokenImages(page);

    // The Grand Prix link leads to its meeting page.
    const meeting = rows.first().getByRole('link');
    const meetingHref = (await meeting.getAttribute('href'))!;
    await meeting.click();
    await expect(page).toHaveURL(meetingHref);
  });

  test('are walked through with the keyboard, and Enter opens the focused driver', async ({ page }) => {
    await page.goto('/drivers');
    const drivers = page.getByRole('list', { name: 'Drivers' }).getByRole('link');
    await expect(drivers.first()).toBeVisible();
    await page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'Table' }).focus();
    for (let index = 0; index < 3; index++) {
      await page.keyboard.press('Tab');
      await expectFocusRing(drivers.nth(index));
    }
    const href = (await drivers.nth(2).getAttribute('href'))!;
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('table', { name: /race by race/ })).toBeVisible();
  });

  test('fit a phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize(phone);
    for (const path of ['/teams', '/drivers', '/drivers/NOR']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(phone.width);
    }
  });
});

test('an unknown driver code is a friendly not-found page leading back to the drivers', async ({ page }) => {
  await page.goto('/drivers/XYZ');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Driver not found');
  await expect(page).toHaveTitle('Driver not found · Slipstream');
  await expect(page.getByRole('main')).toContainText('There is no driver XYZ this season.');
  await page.getByRole('link', { name: 'See all drivers' }).click();
  await expect(page).toHaveURL('/drivers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formula 1 Driver Standings 2025 Season');
});
