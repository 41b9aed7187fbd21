import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

/**
 * The schedule and a meeting's page in a real browser against the built site, with F1DB imported and the racing
 * clock pinned at 2025-07-05T12:00:00Z: the British Grand Prix weekend, practice done and qualifying next.
 */

test.use({ timezoneId: 'Europe/London' });

const timetable = (page: Page) => page.getByRole('region', { name: 'Weekend timetable' });

test.describe('the schedule', () => {
  test('leads with the current round and its sessions in local time', async ({ page }) => {
    await page.goto('/schedule');
    await expect(page).toHaveTitle(/^Schedule 2025 · Slipstream$/);
    const hero = page.getByRole('region', { name: 'Round 12: British Grand Prix' });
    await expect(hero).toContainText('All times are shown in your local time zone (Europe/London)');
    await expect(hero).toContainText('This weekend');
    await expect(hero.getByRole('listitem').filter({ hasText: 'Qualifying' })).toHaveText('15:00QualifyingUpcoming');
    await expect(hero.getByRole('listitem').filter({ hasText: 'Practice 1' })).toHaveText('12:30Practice 1Done');
    await expect(hero.getByRole('heading', { level: 3 })).toHaveText(['Friday04/07/2025', 'Saturday05/07/2025', 'Sunday06/07/2025']);
    await hero.getByRole('link', { name: 'Circuit and results' }).click();
    await expect(page).toHaveURL('/schedule/2025/british-grand-prix');
    await expect(page.getByRole('heading', { level: 1, name: 'British Grand Prix 2025' })).toBeVisible();
  });

  test('lists the 24 rounds of 2025, the current one highlighted and finished ones done', async ({ page }) => {
    await page.goto('/schedule');
    const rounds = page.getByRole('region', { name: 'All 24 rounds' }).getByRole('link');
    await expect(rounds).toHaveCount(24);
    await expect(rounds.first()).toContainText('Australian Grand Prix');
    await expect(rounds.last()).toContainText('Abu Dhabi Grand Prix');
    const current = page.locator('a[aria-current="true"]');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('British Grand Prix');
    await expect(current).toHaveAttribute('href', '/schedule/2025/british-grand-prix');
    await expect(rounds.filter({ hasText: 'Done' })).toHaveCount(11);
    await expect(rounds.filter({ hasText: 'Chinese Grand Prix' })).toContainText('Sprint');
    await rounds.filter({ hasText: 'Chinese Grand Prix' }).click();
    await expect(page).toHaveURL('/schedule/2025/chinese-grand-prix');
  });

  test('has a month calendar that opens on the current round and moves by month', async ({ page }) => {
    await page.goto('/schedule');
    const calendar = page.getByRole('region', { name: 'Calendar' });
    const grid = calendar.getByRole('table');
    await expect(grid).toHaveAccessibleName('July 2025');
    await expect(grid.getByRole('cell')).toHaveCount(42);
    await expect(grid.getByRole('columnheader').first()).toHaveText('Mon');
    await expect(grid.locator('td[aria-current="date"]')).toContainText('5');
    const britishCell = grid.getByRole('cell').filter({ has: page.getByRole('link', { name: 'British Grand Prix' }) });
    await expect(britishCell.locator('time')).toHaveAttribute('datetime', '2025-07-06');

    const next = calendar.getByRole('button', { name: 'Next month' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(grid).toHaveAccessibleName('August 2025');
    await expect(grid.getByRole('link', { name: 'Dutch Grand Prix' })).toBeVisible();
    await expect(grid.locator('td[aria-current="date"]')).toHaveCount(0);

    await calendar.getByRole('button', { name: 'Previous month' }).click();
    await calendar.getByRole('button', { name: 'Previous month' }).click();
    await expect(grid).toHaveAccessibleName('June 2025');
    await expect(grid.getByRole('link', { name: 'Austrian Grand Prix' })).toBeVisible();

    for (let step = 0; step < 7; step++) await next.click();
    await expect(grid).toHaveAccessibleName('January 2026');
    await expect(grid.getByRole('cell')).toHaveCount(42);
    await calendar.getByRole('button', { name: 'Previous month' }).click();
    await expect(grid).toHaveAccessibleName('December 2025');
    await grid.getByRole('link', { name: 'Abu Dhabi Grand Prix' }).click();
    await expect(page).toHaveURL('/schedule/2025/abu-dhabi-grand-prix');
  });
});

test.describe('another moment of the season', () => {
  test.beforeEach(async ({ setClock }) => {
    await setClock('2025-03-22T06:00:00Z');
  });

  test('moves the hero, the highlight and today with the clock', async ({ page }) => {
    await page.goto('/schedule');
    const hero = page.getByRole('region', { name: 'Round 2: Chinese Grand Prix' });
    await expect(hero.getByRole('listitem').filter({ hasText: 'Sprint Race' })).toContainText('Done');
    await expect(hero.getByRole('listitem').filter({ hasText: /^\d\d:\d\dQualifying/ })).toContainText('Upcoming');
    await expect(page.locator('a[aria-current="true"]')).toContainText('Chinese Grand Prix');
    const grid = page.getByRole('region', { name: 'Calendar' }).getByRole('table');
    await expect(grid).toHaveAccessibleName('March 2025');
    await expect(grid.locator('td[aria-current="date"] time')).toHaveAttribute('datetime', '2025-03-22');
  });
});

test.describe('a meeting', () => {
  test('on a sprint weekend shows Sprint Qualifying and Sprint Race in place of Practice 2 and 3', async ({ page }) => {
    await page.goto('/schedule/2025/belgian-grand-prix');
    await expect(page).toHaveTitle(/^Belgian Grand Prix 2025 · Slipstream$/);
    const sessions = timetable(page).getByRole('listitem');
    await expect(sessions).toHaveCount(5);
    await expect(sessions.locator('span').filter({ hasText: /^(Practice|Sprint|Qualifying|Race)/ })).toHaveText([
      'Practice 1',
      'Sprint Qualifying',
      'Sprint Race',
      'Qualifying',
      'Race',
    ]);
    await expect(timetable(page)).not.toContainText('Practice 2');
    await expect(timetable(page)).not.toContainText('Practice 3');
    // Still ahead of the pinned clock: no results yet, even though the imported data has them.
    await expect(page.getByText('Results appear here once the sessions are over.')).toBeVisible();
  });

  test('that is over shows its results: podium, fastest lap, qualifying with Q1, Q2 and Q3', async ({ page }) => {
    await page.goto('/schedule/2025/chinese-grand-prix');
    await expect(page.getByRole('heading', { level: 1, name: 'Chinese Grand Prix 2025' })).toBeVisible();
    await expect(page.getByText('Formula 1 Heineken Chinese Grand Prix 2025')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Race podium' }).locator('strong')).toHaveText([
      'Oscar Piastri',
      'Lando Norris',
      'George Russell',
    ]);
    await expect(page.getByText('Fastest lap').locator('..')).toContainText('Lando Norris 1:35.454 on lap 53');
    // In the order the sessions ran, the race open.
    await expect(page.getByRole('tab')).toHaveText(['Practice 1', 'Sprint Qualifying', 'Sprint Race', 'Qualifying', 'Race']);
    await expect(page.getByRole('tab', { name: 'Race', exact: true })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('tab', { name: 'Qualifying', exact: true }).click();
    const qualifying = page.getByRole('tabpanel').getByRole('table');
    await expect(qualifying.getByRole('columnheader')).toContainText(['Q1', 'Q2', 'Q3']);
    await expect(qualifying.getByRole('row').nth(1)).toContainText('1:30.641');

    const circuit = page.getByRole('region', { name: 'Shanghai International Circuit' });
    await expect(circuit).toContainText('5.451 km');
    await expect(circuit).toContainText('First Grand Prix2004');
    const map = circuit.getByRole('img', { name: 'Map of Shanghai International Circuit' });
    await expect(map).toHaveAttribute('src', '/api/circuits/shanghai-1.svg?variant=black');
    expect(await map.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  });

  test('draws its circuit in white in dark mode', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/schedule/2025/chinese-grand-prix');
    await expect(page.getByRole('img', { name: 'Map of Shanghai International Circuit' })).toHaveAttribute(
      'src',
      '/api/circuits/shanghai-1.svg?variant=white',
    );
  });

  test('of 2010 has its race day without a time', async ({ page }) => {
    await page.goto('/schedule/2010/bahrain-grand-prix');
    await expect(page.getByRole('heading', { level: 1, name: 'Bahrain Grand Prix 2010' })).toBeVisible();
    await expect(timetable(page).getByRole('heading', { level: 3 })).toHaveText('Sunday14/03/2010');
    await expect(timetable(page).getByRole('listitem')).toHaveText('RaceDone');
    await expect(timetable(page)).not.toContainText(/\d\d:\d\d/);
    await expect(page.getByRole('list', { name: 'Race podium' }).locator('strong')).toHaveText([
      'Fernando Alonso',
      'Felipe Massa',
      'Lewis Hamilton',
    ]);
  });

  test('that does not exist says so, with a way back to the schedule', async ({ page }) => {
    await page.goto('/schedule/2025/atlantis-grand-prix');
    await expect(page.getByRole('heading', { level: 1, name: 'Race weekend not found' })).toBeVisible();
    await expect(page.getByText('There is no Atlantis Grand Prix in the 2025 season.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the schedule' }).click();
    await expect(page).toHaveURL('/schedule');
    await expect(page.getByRole('region', { name: 'Round 12: British Grand Prix' })).toBeVisible();
  });
});

const lasVegasIn = [
  { zone: 'America/New_York', title: 'puts the Las Vegas night sessions on Thursday evening', firstDay: 'Thursday20/11/2025', first: '19:30', race: '23:00' },
  { zone: 'Asia/Tokyo', title: 'puts the same sessions on Friday morning', firstDay: 'Friday21/11/2025', first: '09:30', race: '13:00' },
];

for (const { zone, title, firstDay, first, race } of lasVegasIn) {
  test.describe(`local time in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test(title, async ({ page }) => {
      await page.goto('/schedule/2025/las-vegas-grand-prix');
      await expect(timetable(page)).toContainText(`All times are shown in your local time zone (${zone})`);
      await expect(timetable(page).getByRole('heading', { level: 3 }).first()).toHaveText(firstDay);
      await expect(timetable(page).getByRole('listitem').first()).toHaveText(`${first}Practice 1`);
      await expect(timetable(page).getByRole('listitem').last()).toHaveText(`${race}Race`);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('keeps the calendar chips readable: flag and country code, the full name for screen readers', async ({ page }) => {
    await page.goto('/schedule');
    const chip = page.getByRole('region', { name: 'Calendar' }).getByRole('link', { name: 'British Grand Prix' });
    await expect(chip).toBeVisible();
    await expect(chip.getByText('GB')).toBeVisible();
    const box = await chip.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(56);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
