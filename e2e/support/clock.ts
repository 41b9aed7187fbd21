import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The racing clock's instant while the end-to-end server runs (its SLIPSTREAM_NOW): the British GP's Saturday. */
export const E2E_NOW = '2025-07-05T12:00:00Z';

/** Moves the server's racing clock (PUT /api/test/clock, open while SLIPSTREAM_TEST_HOOKS is on). */
export async function moveServerClock(request: APIRequestContext, now: string): Promise<void> {
  const response = await request.put('/api/test/clock', { data: { now } });
  expect(response.ok()).toBe(true);
}

/**
 * Opens url with the browser's time in the test's hands: installed before the page opens, paused once the app has
 * read the server's time (GET /api/time) and shows `ready`, so from then on its timers fire only when the test
 * runs them (`page.clock.runFor`) and no countdown moves while the test reads it. Pausing moves the browser's time
 * on by up to a second, as it cannot stop at an instant that has passed.
 */
export async function openWithPausedClock(page: Page, url: string, ready: Locator): Promise<void> {
  await page.clock.install();
  const serverTime = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/time');
  await page.goto(url);
  await (await serverTime).finished();
  await expect(ready).toBeVisible();
  const browserNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(browserNow + 1000);
}

/**
 * Runs the paused clock one second and returns the text the timer shows for that tick. Right after the clock
 * paused, the text may still be the tick before, its successor being rendered: a value read from this is current.
 */
export async function nextTick(page: Page, timer: Locator): Promise<string> {
  const before = (await timer.textContent())!;
  await page.clock.runFor(1000);
  await expect(timer).not.toHaveText(before);
  return (await timer.textContent())!;
}
