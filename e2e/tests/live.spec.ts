import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

/** The live session centre against the built site with the full F1DB data, the racing clock moved per test. */

async function openLive(page: Page) {
  await page.goto('/live');
}

test('inside British GP qualifying without F1’s feed: the scheduled session and the time since it started, not "Live"', async ({ page, setClock }) => {
  await setClock('2025-07-05T14:30:00Z');
  await openLive(page);
  // The end-to-end server reads no live feed, so nothing confirms the session is running.
  await expect(page.getByRole('heading', { name: 'Scheduled now, no live data' })).toBeVisible();
  const now = page.locator('section[data-state="scheduled"]');
  await expect(now.getByText('Qualifying', { exact: true })).toBeVisible();
  await expect(now.locator('time')).toHaveText(/^00:30:\d\d$/);

  const timetable = page.getByRole('region', { name: 'British Grand Prix timetable' });
  await expect(timetable.getByRole('listitem').filter({ hasText: 'Qualifying' })).toContainText('Scheduled now, no live data');
  await expect(timetable.getByRole('listitem').filter({ hasText: 'Race' })).toContainText('Next');
  // Qualifying is running: the latest stored classification is the practice before it.
  await expect(page.getByRole('region', { name: 'Latest classification' })).toContainText('Practice 3 · British Grand Prix 2025');
});

test('outside a session: the next one with a countdown, and the source of the data', async ({ page, request }) => {
  await openLive(page);
  await expect(page.getByRole('heading', { name: 'Next session' })).toBeVisible();
  const next = page.locator('section[data-state="next"]');
  await expect(next.getByText('Qualifying', { exact: true })).toBeVisible();
  await expect(next.locator('time')).toHaveText(/^(01:59:\d\d|02:00:00)$/);

  const meta = (await (await request.get('/api/meta')).json()) as { dataVersion: { version: string } };
  const source = page.getByRole('region', { name: 'Where this comes from' });
  await expect(source).toContainText("from F1's live-timing archive, marked Provisional until F1DB confirms them");
  await expect(source).toContainText(`F1DB import ${meta.dataVersion.version}`);
});

test('after qualifying: its classification', async ({ page, setClock }) => {
  await setClock('2025-07-05T15:30:00Z');
  await openLive(page);
  const classification = page.getByRole('region', { name: 'Latest classification' });
  await expect(classification).toContainText('Qualifying · British Grand Prix 2025');
  await expect(classification.getByRole('row').nth(1)).toContainText('Max Verstappen');
});

test('an update pushed by the server reaches two open pages without a reload', async ({ browser, request }) => {
  const baseURL = test.info().project.use.baseURL;
  const contexts = [await browser.newContext({ baseURL }), await browser.newContext({ baseURL })];
  try {
    const pages = await Promise.all(contexts.map((context) => context.newPage()));
    for (const page of pages) {
      await openLive(page);
      await expect(page.getByText(/^Result updates: connected to this site/)).toBeVisible();
    }
    const refetched = pages.map((page) => page.waitForResponse((response) => response.url().endsWith('/api/live/centre')));
    const loads = pages.map((page) => page.evaluate(() => performance.getEntriesByType('navigation').length));

    const pushed = await request.post('/api/test/live/results-updated', { data: { version: 'e2e-push' } });
    expect(pushed.status()).toBe(202);

    await Promise.all(refetched);
    for (const [i, page] of pages.entries()) {
      await expect(page.getByText(/new results were stored by a test hook \(e2e-push\)/)).toBeVisible();
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(await loads[i]);
    }
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
