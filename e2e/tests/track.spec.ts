import type { Page } from '@playwright/test';
import { expect, test, waitForTheAppOnEveryPage } from '../support/test';

/** The track visualiser against the built site with the full F1DB data (clock pinned in 2025). */

async function openTrack(page: Page, search = '') {
  await page.goto(`/track-vizualizer${search}`);
}

/** True once the browser has drawn the image (a broken one has no natural width). */
const drawn = (page: Page, name: string) =>
  page.getByRole('img', { name }).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);

test('draws every circuit of the featured season, the current meeting’s one large', async ({ page }) => {
  // The clock is on the British GP's Saturday: the page opens on Silverstone.
  await openTrack(page);
  await expect(page.getByRole('heading', { name: 'Silverstone Circuit' })).toBeVisible();
  await expect.poll(() => drawn(page, 'Layout of Silverstone Circuit as raced in 2025')).toBe(true);
  const grid = page.getByRole('region', { name: 'Every circuit of 2025' });
  await expect(grid.getByRole('link')).toHaveCount(24);
  await expect(page.getByRole('combobox', { name: 'Season' })).toHaveValue('2025');
});

test('a deep link opens a circuit with its facts, lap record and winners; the grid switches circuits', async ({ page }) => {
  await openTrack(page, '?circuit=silverstone&season=2025');
  await expect(page.getByRole('heading', { name: 'Silverstone Circuit' })).toBeVisible();
  await expect(page.getByText('5.891 km')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Lap record' })).toContainText('1:27.097 Max Verstappen');
  await expect(page.getByRole('region', { name: 'Last winners here' }).getByRole('listitem')).toHaveCount(5);

  await page.getByRole('region', { name: 'Every circuit of 2025' }).getByRole('link', { name: /Monza/ }).click();
  await expect(page.getByRole('heading', { name: 'Autodromo Nazionale Monza' })).toBeVisible();
  await expect(page).toHaveURL(/\?circuit=monza&season=2025$/);
});

test('the season picker shows the layout raced then', async ({ page }) => {
  await openTrack(page, '?circuit=silverstone&season=2025');
  await page.getByRole('combobox', { name: 'Season' }).selectOption('1990');
  await expect(page.getByRole('region', { name: 'Every circuit of 1990' })).toBeVisible();
  await expect(page).toHaveURL(/circuit=silverstone&season=1990/);
  const drawing = page.getByRole('img', { name: 'Layout of Silverstone Circuit as raced in 1990' });
  await expect(drawing).toHaveAttribute('src', '/api/circuits/silverstone-3.svg?variant=black');
  await expect.poll(() => drawn(page, 'Layout of Silverstone Circuit as raced in 1990')).toBe(true);
});

test('animates a lap on request', async ({ page }) => {
  await openTrack(page, '?circuit=silverstone');
  const marker = page.getByTestId('lap-marker');
  await expect(marker).toHaveCount(0);
  await page.getByRole('button', { name: 'Animate lap' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  const first = await marker.getAttribute('cx');
  await expect.poll(() => marker.getAttribute('cx')).not.toBe(first);
  await expect(page.getByText(/Reduced motion is on/)).toHaveCount(0);
});

test('with reduced motion, says so and steps the marker instead', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, reducedMotion: 'reduce' });
  waitForTheAppOnEveryPage(context);
  try {
    const page = await context.newPage();
    await openTrack(page, '?circuit=silverstone');
    await expect(page.getByText(/Reduced motion is on: the marker jumps round the lap in 12 steps/)).toBeVisible();
    await page.getByRole('button', { name: 'Animate lap' }).click();
    await expect(page.getByTestId('lap-marker')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the dark theme draws the white variant', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
  await openTrack(page, '?circuit=silverstone');
  await expect(page.getByRole('img', { name: 'Layout of Silverstone Circuit as raced in 2025' })).toHaveAttribute(
    'src',
    '/api/circuits/silverstone-8.svg?variant=white',
  );
});
