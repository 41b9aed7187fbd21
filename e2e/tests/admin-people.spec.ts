import type { APIRequestContext, Page } from '@playwright/test';
import { expect, logIn, orangePng, PASSWORD, REIMPORT_MS, REIMPORT_TEST_MS, test, uniqueEmail, uniqueName } from '../support/accounts';

/**
 * The driver editor in a real browser against the real site: an admin changes a driver's colour and photo,
 * /drivers shows them, a re-import of F1DB keeps them, the change history lists each change, and a revert
 * brings the imported look back. The admin is made through the test hooks.
 */

test.describe.configure({ timeout: 240_000 });

async function adminUser(request: APIRequestContext) {
  const user = { email: uniqueEmail('editor'), password: PASSWORD };
  expect((await request.post('/api/test/users', { data: { ...user, displayName: uniqueName('E2E Editor') } })).status()).toBe(201);
  expect((await request.post('/api/test/admin-grant', { data: { email: user.email } })).ok()).toBe(true);
  return user;
}

/** Lando Norris's colour on the driver cards, as the API gives it. */
async function cardColour(request: APIRequestContext): Promise<string> {
  const drivers: { _id: string; culoare: string }[] = await (await request.get('/api/drivers')).json();
  return drivers.find((driver) => driver._id === 'lando-norris')!.culoare;
}

const landoCard = (page: Page) => page.getByRole('link', { name: /Lando\s*Norris/ });

async function openLandoEditor(page: Page) {
  await page.goto('/admin/driver-editor?driver=lando-norris');
  await expect(page.getByRole('heading', { level: 2, name: 'Lando Norris' })).toBeVisible();
}

test('an admin edits a driver’s colour and photo, sees them on /drivers, keeps them through a re-import, then reverts', async ({ page, request }) => {
  test.setTimeout(REIMPORT_TEST_MS);
  await logIn(page, await adminUser(request));
  await openLandoEditor(page);

  // A run before this one may have left an edit behind.
  const revertAll = page.getByRole('button', { name: 'Revert all to imported' });
  if (await revertAll.isEnabled()) {
    await revertAll.click();
    await expect(page.getByText('Every field shows its imported value again.')).toBeVisible();
  }

  const importedColour = await cardColour(request);
  const colour = page.getByRole('textbox', { name: 'Colour', exact: true });
  // The editor's imported value is the colour the cards show without an edit.
  await expect(colour).toHaveAccessibleDescription(new RegExp(`^Imported: ${importedColour}`));
  await colour.fill('not a colour');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('A colour as #RRGGBB.')).toBeVisible();
  await expect(colour).toBeFocused();

  await colour.fill('#12AB34');
  await page.getByLabel('Upload a file (JPEG, PNG or WebP)').setInputFiles({ name: 'lando.png', mimeType: 'image/png', buffer: orangePng(160) });
  await expect(page.getByText('Uploaded: save to use it.')).toBeVisible();
  const photoUrl = await page.getByRole('textbox', { name: 'Photo' }).inputValue();
  expect(photoUrl).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.webp$/);
  await expect(page.getByRole('img', { name: 'Photo preview' })).toHaveAttribute('src', photoUrl);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved: colour, photo.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Changes to this driver' }).getByText(`Colour → #12AB34; Photo → ${photoUrl}`)).toBeVisible();

  // The site's own page shows the edit at once, through the app's navigation and on a fresh load.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/drivers');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(landoCard(page)).toHaveCSS('--team', /^#12ab34$/i);
  await expect(landoCard(page).locator('img').first()).toHaveAttribute('src', photoUrl);

  // A re-import from the dashboard; the override lives apart from the imported tables and stays.
  await page.goto('/admin');
  const status = page.getByRole('region', { name: 'Data status' });
  await status.getByRole('button', { name: 'Re-import F1 data' }).click();
  await expect(status.getByText(/^Re-import finished: F1DB v/)).toBeVisible({ timeout: REIMPORT_MS });
  await page.goto('/drivers');
  await expect(landoCard(page)).toHaveCSS('--team', /^#12ab34$/i);
  await expect(landoCard(page).locator('img').first()).toHaveAttribute('src', photoUrl);

  // The audit log records each change; reverting brings back the imported colour and no photo.
  await openLandoEditor(page);
  const changes = page.getByRole('list', { name: 'Changes to this driver' });
  await expect(changes.getByText(`Colour → #12AB34; Photo → ${photoUrl}`)).toBeVisible();
  await page.getByRole('button', { name: 'Revert all to imported' }).click();
  await expect(page.getByText('Every field shows its imported value again.')).toBeVisible();
  await expect(changes.getByText('Reverted every field to the imported data').first()).toBeVisible();

  await page.goto('/drivers');
  await expect(landoCard(page)).toHaveCSS('--team', new RegExp(`^${importedColour}$`, 'i'));
  await expect(landoCard(page).locator('img')).toHaveCount(1); // the flag only
});
