import { expect, test } from '../support/test';
import { chooseDarkMode } from '../support/theme';

/**
 * The pages visitors land on arrive drawn by the server (issue 10) and the app takes each over as drawn: any
 * difference between the two would show as a React error in the page.
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

for (const theme of ['light', 'dark'] as const) {
  test(`the landing pages arrive drawn and the app takes them over without a difference (${theme})`, async ({ page }) => {
    if (theme === 'dark') await chooseDarkMode(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
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

test('the home page is taken over as drawn while the network answers what was not drawn (the last race’s podiums)', async ({ page, request }) => {
  // After the British Grand Prix: the home page names the last meeting, whose podiums the page does not carry.
  expect((await request.put('/api/test/clock', { data: { now: '2025-07-10T12:00:00Z' } })).ok()).toBe(true);
  try {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Last race results' }).getByRole('list', { name: 'Driver podium' })).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await request.put('/api/test/clock', { data: { now: '2025-07-05T12:00:00Z' } });
  }
});

test.describe('times', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('a first visit is drawn in UTC and shown in local time; later pages are drawn in local time', async ({ page }) => {
    const meeting = '/schedule/2025/british-grand-prix';
    expect(await (await page.request.get(meeting)).text()).not.toContain('America/New_York');
    await page.goto(meeting);
    await expect(page.getByText('(America/New_York)')).toBeVisible();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'timeZone')?.value).toBe('America%2FNew_York');
    expect(await (await page.request.get(meeting)).text()).toContain('America/New_York');
  });
});
