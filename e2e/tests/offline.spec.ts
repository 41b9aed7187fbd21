import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

/**
 * Installable and offline: the service worker keeps the app shell and the last answers of the
 * public screens, so standings, schedule and results open without a network, saying how old their data are.
 * The e2e server pins the clock at 2025-07-05T12:00:00Z (featured season 2025).
 */

const OFFLINE_NOTE = /^You are offline — showing data from (just now|\d+ minutes? ago)$/;

/** Each screen with something on it that only its API answers can fill. */
const screens: { path: string; expectData: (page: Page) => Promise<void> }[] = [
  {
    path: '/drivers',
    expectData: (page) => expect(page.getByRole('heading', { level: 1 })).toContainText('2025'),
  },
  {
    path: '/teams',
    expectData: (page) => expect(page.getByRole('list', { name: 'Teams' }).getByRole('link')).toHaveCount(10),
  },
  {
    path: '/schedule',
    expectData: (page) => expect(page.getByRole('link', { name: /Belgian Grand Prix/ }).first()).toBeVisible(),
  },
  {
    path: '/race-results/2024',
    expectData: (page) => expect(page.getByRole('article', { name: 'Abu Dhabi Grand Prix' })).toContainText('Round 24'),
  },
];

// The other specs block the service worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' });

test('the site is installable: a manifest with icons, a service worker served fresh from the root', async ({ page, request }) => {
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ short_name: 'Slipstream', start_url: '/', display: 'standalone' });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const image = await request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  expect(manifest.icons.map((icon: { purpose: string }) => icon.purpose)).toContain('maskable');

  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)).toBe(`${new URL(page.url()).origin}/`);
});

test('standings, schedule and results open offline with the age of their data', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  // The worker now controls the page (clients.claim): each screen's answers pass through it and are kept.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.expectData(page);
    await expect(page.getByText(OFFLINE_NOTE)).toHaveCount(0);
  }

  await context.setOffline(true);
  for (const screen of screens) {
    await page.goto(screen.path);
    await screen.expectData(page);
    await expect(page.getByText(OFFLINE_NOTE)).toBeVisible();
  }

  // A screen never visited has no stored data: it says it could not load, and the shell still works.
  await page.goto('/f1-history');
  await expect(page.getByRole('navigation').first()).toBeVisible();

  await context.setOffline(false);
  await page.goto('/drivers');
  await screens[0]!.expectData(page);
  await expect(page.getByText(OFFLINE_NOTE)).toHaveCount(0);
});
