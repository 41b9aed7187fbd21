import type { APIRequestContext, Page } from '@playwright/test';
import { expect, logIn, PASSWORD, REIMPORT_MS, REIMPORT_TEST_MS, test, uniqueEmail, type User } from '../support/accounts';

/**
 * The admin dashboard in a real browser against the real site: data status, the F1DB re-import (the full
 * shared data, so it runs for a while and changes nothing), a role change and the audit log that records it.
 */

/** A confirmed account made through the test hook, optionally made an admin. */
async function testUser(request: APIRequestContext, tag: string, role: 'user' | 'admin' = 'user'): Promise<User & { uid: string }> {
  const user = { email: uniqueEmail(tag), password: PASSWORD };
  const created = await request.post('/api/test/users', { data: user });
  expect(created.status()).toBe(201);
  if (role === 'admin') {
    const grant = await request.post('/api/test/admin-grant', { data: { email: user.email } });
    expect(await grant.json()).toEqual({ result: 'granted' });
  }
  return { ...user, uid: ((await created.json()) as { uid: string }).uid };
}

const section = (page: Page, title: string) => page.getByRole('region', { name: title });

test('an admin sees the data status, re-imports F1 data, changes a role and finds it in the audit log', async ({ page, request }) => {
  test.setTimeout(REIMPORT_TEST_MS);
  const admin = await testUser(request, 'boss', 'admin');
  const fan = await testUser(request, 'fan');
  await logIn(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible();

  // Data status: the imported F1DB version and the row counts.
  const status = section(page, 'Data status');
  const version = status.getByRole('term').filter({ hasText: 'Version' }).locator('+ dd');
  await expect(version).toHaveText(/^v\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
  await expect(status.getByRole('term').filter({ hasText: /^races$/ }).locator('+ dd')).not.toHaveText('0');

  // The re-import runs as a job: progress first, then its result (the data is already there: nothing changes).
  await status.getByRole('button', { name: 'Re-import F1 data' }).click();
  await expect(status.getByRole('button', { name: 'Re-importing…' })).toBeDisabled();
  await expect(status.getByText(/^Re-import finished: F1DB v/)).toBeVisible({ timeout: REIMPORT_MS });
  await expect(status.getByText(/Nothing changed: the database already held this data\./)).toBeVisible();
  await expect(status.getByRole('button', { name: 'Re-import F1 data' })).toBeEnabled();

  // Users: the admin's own row cannot be changed; the fan becomes an admin.
  const users = section(page, 'Users');
  await users.getByRole('searchbox', { name: 'Email or name' }).fill(admin.email);
  await users.getByRole('button', { name: 'Search' }).click();
  await expect(users.getByRole('button', { name: `Make ${admin.email} a user` })).toBeDisabled();
  await expect(users.getByRole('button', { name: `Delete ${admin.email}` })).toBeDisabled();
  await users.getByRole('searchbox', { name: 'Email or name' }).fill(fan.email);
  await users.getByRole('button', { name: 'Search' }).click();
  await users.getByRole('button', { name: `Make ${fan.email} an admin` }).click();
  await expect(users.getByRole('button', { name: `Make ${fan.email} a user` })).toBeVisible();

  // The audit log shows both changes, the role change with its values before and after.
  const audit = section(page, 'Audit log');
  const entries = audit.getByRole('list', { name: 'Audit entries, newest first' });
  const roleChange = entries.getByRole('listitem').filter({ hasText: `by ${admin.email}` }).filter({ hasText: 'user.role' }).first();
  await expect(roleChange).toContainText(`user ${fan.uid}`);
  await expect(roleChange.getByRole('row', { name: /^role/ }).getByRole('cell')).toHaveText(['user', 'admin']);
  await expect(entries.getByRole('listitem').filter({ hasText: `by ${admin.email}` }).filter({ hasText: 'data.reimport' })).toHaveCount(1);

  await audit.getByLabel('Action starts with').fill('data.');
  await audit.getByLabel('Actor email').fill(admin.email);
  await audit.getByRole('button', { name: 'Filter' }).click();
  await expect(entries.getByRole('listitem')).toHaveCount(1);
  await expect(entries.getByRole('listitem')).toContainText('data.reimport');
});

test('a signed-in user who is not an admin is kept out of the admin pages and API', async ({ page, request }) => {
  const fan = await testUser(request, 'outsider');
  expect((await request.get('/api/admin/status')).status()).toBe(401);
  await logIn(page, fan);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
  expect(dialogs.length).toBe(1);
});
