import type { Page } from '@playwright/test';
import { expect, logIn, PASSWORD, test, uniqueEmail, uniqueName } from '../support/accounts';

/**
 * An admin moves a session on /admin/season-events and the home page follows at once. The clock is pinned at
 * 2025-07-05T12:00Z, two hours before qualifying of the British Grand Prix (14:00 UTC, 15:00 at Silverstone).
 */

async function signedInAdmin(page: Page) {
  const user = { email: uniqueEmail('season-admin'), password: PASSWORD };
  expect((await page.request.post('/api/test/users', { data: { ...user, displayName: uniqueName('Season Admin') } })).status()).toBe(201);
  expect((await page.request.post('/api/test/admin-grant', { data: { email: user.email } })).ok()).toBe(true);
  await logIn(page, user);
  return user;
}

const heroTimer = (page: Page) => page.getByRole('region', { name: 'British Grand Prix' }).getByRole('timer');
const qualifying = (page: Page) => page.getByRole('list', { name: 'British Grand Prix sessions' }).getByRole('listitem').filter({ hasText: 'Qualifying' }).first();

test('an admin moves qualifying; the home countdown follows and the change is logged', async ({ page }) => {
  const admin = await signedInAdmin(page);

  await page.goto('/');
  await expect(heroTimer(page)).toHaveText(/^(02:00:00|01:59:\d\d)$/);

  await page.goto('/admin/season-events');
  await expect(page.getByRole('heading', { level: 1, name: 'Season events' })).toBeVisible();
  await expect(qualifying(page)).toContainText('05/07/2025 14:00 UTC');

  await page.getByRole('button', { name: 'Edit time of Qualifying, British Grand Prix' }).click();
  const form = page.getByRole('form', { name: 'New time for Qualifying' });
  await expect(form.getByLabel('Time', { exact: true })).toHaveValue('15:00');
  // 16:30 at Silverstone (BST) is 15:30 UTC.
  await form.getByLabel('Time', { exact: true }).fill('16:30');
  await expect(form.getByText('In UTC: 2025-07-05 15:30 (stored)')).toBeVisible();
  await form.getByRole('button', { name: 'Save time' }).click();
  await expect(qualifying(page)).toContainText('Moved');
  await expect(qualifying(page)).toContainText('05/07/2025 15:30 UTC');

  const changes = page.getByRole('region', { name: 'Recent timetable changes' });
  await expect(changes.getByRole('row').nth(1)).toContainText(admin.email);
  await expect(changes.getByRole('row').nth(1)).toContainText('Moved');
  await expect(changes.getByRole('row').nth(1)).toContainText('British Grand Prix · Qualifying');

  // Within the app and on a fresh load alike, the hero counts down to the new time.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(heroTimer(page)).toHaveText(/^(03:30:00|03:29:\d\d)$/);
  await page.reload();
  await expect(heroTimer(page)).toHaveText(/^(03:30:00|03:29:\d\d)$/);

  // Revert, after confirming: the import's time is back.
  await page.goto('/admin/season-events');
  await page.getByRole('button', { name: 'Revert Qualifying, British Grand Prix to the import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revert Qualifying?' });
  await dialog.getByRole('button', { name: 'Revert' }).click();
  await expect(qualifying(page)).toContainText('05/07/2025 14:00 UTC');
  await expect(qualifying(page)).not.toContainText('Moved');
  await page.goto('/');
  await expect(heroTimer(page)).toHaveText(/^(02:00:00|01:59:\d\d)$/);
});
