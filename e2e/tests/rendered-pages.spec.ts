import type { ConsoleMessage } from '@playwright/test';
import { expect, test } from '../support/test';
import { chooseDarkMode } from '../support/theme';

/**
 * The pages visitors land on arrive rendered by the server and the app takes each over as rendered (hydration):
 * any difference between the two would show as a React error in the page.
 */

const LANDING_PAGES = [
  '/',
  '/schedule',
  '/schedule/2025/british-grand-prix',
  '/drivers',
  '/drivers/VER',
  '/teams',
  '/race-results/2024',
  '/qualifying-results/2025',
];

/**
 * The news feed stand-in names a picture that does not exist (e2e/fixtures/feeds/official.xml), and Home shows a
 * plain panel instead. Whether the browser asks for it before the test moves on depends on timing, so its 404 is
 * not counted.
 */
function isMissingThumbnail(message: ConsoleMessage): boolean {
  return message.location().url.endsWith('/fixture-missing-thumbnail.jpg');
}

for (const theme of ['light', 'dark'] as const) {
  test(`the landing pages arrive rendered and the app takes them over without a difference (${theme})`, async ({ page }) => {
    if (theme === 'dark') await chooseDarkMode(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && !isMissingThumbnail(message) && errors.push(message.text()));
    for (const path of LANDING_PAGES) {
      const html = await (await page.request.get(path)).text();
      expect(html, path).toMatch(/<main[^>]*>.*<h1/s);
      // The CSP allows no inline script: the page carries only data blocks and scripts from files.
      expect(html.match(/<script(?![^>]*(?:\ssrc=|type="application\/(?:ld\+)?json"))[^>]*>/g), path).toBeNull();
      await page.goto(path);
      await expect(page.locator('main h1'), path).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
}

test('the home page arrives with the last race’s podiums, read after the last meeting, and is taken over as rendered', async ({ page, request, setClock }) => {
  // After the British Grand Prix: the home page names the last meeting, and its podiums are read from it.
  await setClock('2025-07-10T12:00:00Z');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && !isMissingThumbnail(message) && errors.push(message.text()));
  expect(await (await request.get('/')).text()).toContain('aria-label="Driver podium"');
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Last race results' }).getByRole('list', { name: 'Driver podium' })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('times', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('a first visit is rendered in UTC and shown in local time; later pages are rendered in local time', async ({ page }) => {
    const meeting = '/schedule/2025/british-grand-prix';
    expect(await (await page.request.get(meeting)).text()).not.toContain('America/New_York');
    await page.goto(meeting);
    await expect(page.getByText('(America/New_York)')).toBeVisible();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'timeZone')?.value).toBe('America%2FNew_York');
    expect(await (await page.request.get(meeting)).text()).toContain('America/New_York');
  });
});
