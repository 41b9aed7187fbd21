import { expect, test } from '../support/test';

test('the built site loads in Chromium', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page).toHaveTitle(/Slipstream/);
  await expect(page.locator('#app')).not.toBeEmpty();
  expect(errors).toEqual([]);
});

test('the API answers through the same server', async ({ request }) => {
  const response = await request.get('/api/time');
  expect(response.ok()).toBe(true);
  expect(await response.json()).toEqual({ now: '2025-07-05T12:00:00.000Z', pinned: true });
});
