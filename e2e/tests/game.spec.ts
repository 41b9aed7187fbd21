import type { Page } from '@playwright/test';
import { LIGHT_INTERVAL_MS } from '@slipstream/contract';
import { confirmedUser, expect, logIn, test } from '../support/accounts';
import { openWithPausedClock } from '../support/clock';

/**
 * The reaction game in a real browser. Jump starts run on the browser's clock held by the test (page.clock), so
 * the lights move only when it says. Timed tries run in real time: a reaction is timed from the frame that showed
 * the lights out to the input event's timeStamp, which Playwright's clock does not move. The hold before lights out
 * stays random there: the test reads the moment the lights were seen going out from the gantry (data-out-at, on the
 * clock of performance.now) and presses after it, as a player watching the lights would.
 */

const gantry = (page: Page) => page.locator('[data-phase]');
const outcome = (page: Page) => page.getByRole('main').locator('[aria-live="polite"]').first();
const stat = (page: Page, label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');

test('a jump start is shown and not scored', async ({ page }) => {
  await openWithPausedClock(page, '/reaction-game', page.getByRole('button', { name: 'Start the lights' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Reaction game' })).toBeVisible();
  await expect(gantry(page)).toHaveAttribute('data-phase', 'ready');

  await page.keyboard.press('Space');
  await expect(gantry(page)).toHaveAttribute('data-lit', '1');
  await page.clock.runFor(LIGHT_INTERVAL_MS);
  await expect(gantry(page)).toHaveAttribute('data-lit', '2');
  await page.keyboard.press('Space');

  await expect(gantry(page)).toHaveAttribute('data-phase', 'result');
  await expect(outcome(page)).toContainText('Jump start');
  await expect(outcome(page)).toContainText('You went before the lights went out');
  await expect(page.getByRole('region', { name: 'Last 10 tries' }).getByRole('listitem')).toHaveText(['Jump start']);
  await expect(stat(page, 'Session best')).toHaveText('–');
});

test('a valid try is timed from lights out, banded, and kept as the personal best in this browser', async ({ page }) => {
  await page.goto('/reaction-game');
  const litSeen = await watchLights(page);
  await page.getByRole('button', { name: 'Start the lights' }).click();
  // Five lights, a second apart, then a hold of 0.2 to 3 s.
  await expect(gantry(page)).toHaveAttribute('data-out-at', /\d/, { timeout: 12_000 });
  expect(await litSeen()).toEqual([1, 2, 3, 4, 5, 0]);
  await page.waitForFunction(() => {
    const outAt = Number(document.querySelector<HTMLElement>('[data-out-at]')?.dataset.outAt);
    return performance.now() - outAt > 250;
  });
  await page.keyboard.press('Space');

  await expect(gantry(page)).toHaveAttribute('data-phase', 'result');
  const time = (await outcome(page).locator('p').first().textContent()) ?? '';
  const ms = Number(/^(\d+) ms$/.exec(time)?.[1]);
  expect(ms).toBeGreaterThan(250);
  expect(ms).toBeLessThan(2000);
  await expect(outcome(page)).toContainText(/Unreal|Race winner|Front row|Solid start|Midfield|Bogged down/);
  await expect(stat(page, 'Session best')).toHaveText(`${ms} ms`);
  await expect(page.getByRole('region', { name: 'Last 10 tries' }).getByRole('listitem')).toHaveText([`${ms} ms`]);

  await page.reload();
  await expect(stat(page, 'Personal best')).toContainText(`${ms} ms`);
  await expect(stat(page, 'Personal best')).toContainText('kept in this browser');
  await expect(page.getByRole('region', { name: 'Leaderboard' })).toContainText('Log in to keep your best on your account');
});

/**
 * Records every number of lit lights the gantry shows from now on, in order: the hold on five lights can be as short
 * as 0.2 s, which a polling check can miss on a loaded machine.
 */
async function watchLights(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { litSeen: seen });
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const lit = Number((mutation.target as HTMLElement).dataset.lit);
        if (seen.at(-1) !== lit) seen.push(lit);
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-lit'] });
  });
  return () => page.evaluate(() => (window as unknown as { litSeen: number[] }).litSeen);
}

/** Presses Space once the lights have been seen out for `afterMs`, and answers the time the page shows. */
async function reactAfter(page: Page, afterMs: number): Promise<number> {
  await expect(gantry(page)).toHaveAttribute('data-out-at', /\d/, { timeout: 10_000 });
  await page.waitForFunction((wait) => {
    const outAt = Number(document.querySelector<HTMLElement>('[data-out-at]')?.dataset.outAt);
    return performance.now() - outAt > wait;
  }, afterMs);
  await page.keyboard.press('Space');
  await expect(gantry(page)).toHaveAttribute('data-phase', 'result');
  const time = (await outcome(page).locator('p').first().textContent()) ?? '';
  return Number(/^(\d+) ms$/.exec(time)?.[1]);
}

test("a signed-in player's run is timed by the server, from the lights-out instant it chose, and ranked", async ({ page, request }) => {
  const user = await confirmedUser(request, 'ranked');
  await logIn(page, user);
  await page.goto('/reaction-game');
  await expect(page.getByText('Your first time on the lights')).toBeVisible();
  await page.getByRole('button', { name: 'Start the lights' }).click();
  const seen = await reactAfter(page, 250);
  expect(seen).toBeGreaterThan(250);

  const note = page.getByText(/^Ranked time, as the server timed it/);
  await expect(note).toBeVisible();
  const ranked = Number(/(\d+) ms$/.exec((await note.textContent()) ?? '')?.[1]);
  // The server's time runs from its own lights-out instant to the press reaching it: never less than the page saw.
  expect(ranked).toBeGreaterThanOrEqual(seen);
  expect(ranked).toBeLessThan(2000);
  await expect(stat(page, 'Personal best')).toHaveText(`${ranked} ms`);
  await expect(page.getByText(/^You are \d+(st|nd|rd|th) of \d+ with/)).toContainText(`with ${ranked} ms.`);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap starts the lights and a tap while they are on is a jump start', async ({ page }) => {
    const start = page.getByRole('button', { name: 'Start the lights' });
    await openWithPausedClock(page, '/reaction-game', start);
    await start.tap();
    await expect(gantry(page)).toHaveAttribute('data-lit', '1');
    await gantry(page).tap();
    await expect(outcome(page)).toContainText('Jump start');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
