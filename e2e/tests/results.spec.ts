import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

/**
 * The race and qualifying results screens against the imported F1DB data, with the racing clock at its e2e
 * instant (2025-07-05T12:00:00Z: the Austrian Grand Prix, round 11, is the latest race run; the British
 * Grand Prix qualifies at 14:00Z that day).
 */

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const rounds = (page: Page) => page.getByRole('heading', { level: 2 });
const prompt = (page: Page, text: string) => page.getByRole('button', { name: text });

test('race results start at the last round of a past season and load older rounds on scroll', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Hold round 23 until the loading text has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/ergast/f1/2024/23/results.json*', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/race-results/2024');
  await expect(page).toHaveTitle(/^Race results 2024 · /);
  await expect(rounds(page)).toHaveText(['Abu Dhabi Grand Prix']);
  const abuDhabi = page.getByRole('article', { name: 'Abu Dhabi Grand Prix' });
  await expect(abuDhabi).toContainText('Round 24');
  await expect(abuDhabi).toContainText('United Arab Emirates · 08/12/2024');
  await expect(abuDhabi.getByRole('link', { name: 'Abu Dhabi Grand Prix' })).toHaveAttribute(
    'href',
    '/schedule/2024/abu-dhabi-grand-prix',
  );
  const firstRow = abuDhabi.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Lando Norris');
  await expect(firstRow).toContainText('McLaren');
  await expect(firstRow).toContainText('25');

  const more = prompt(page, 'Scroll for more races');
  await more.scrollIntoViewIfNeeded();
  await expect(page.getByText('Loading...')).toBeVisible();
  release();
  await expect(rounds(page)).toHaveText(['Abu Dhabi Grand Prix', 'Qatar Grand Prix']);
  await expect(page.getByRole('article', { name: 'Qatar Grand Prix' })).toContainText('Round 23');
  await expect(prompt(page, 'Scroll for more races')).toBeVisible();
});

test('the meeting link of a round opens its meeting', async ({ page }) => {
  await page.goto('/race-results/2024');
  await page.getByRole('link', { name: 'Abu Dhabi Grand Prix' }).click();
  await expect(page).toHaveURL('/schedule/2024/abu-dhabi-grand-prix');
});

test('choosing a year changes the route and restarts from that season\'s last round', async ({ page }) => {
  await page.goto('/race-results/2024');
  await expect(rounds(page)).toHaveText(['Abu Dhabi Grand Prix']);

  const years = page.getByLabel('Choose year:');
  await expect(years.locator('option').first()).toHaveText('2025');
  await expect(years.locator('option').last()).toHaveText('2014');
  await years.selectOption('2019');
  await expect(page).toHaveURL('/race-results/2019');
  await expect(page).toHaveTitle(/^Race results 2019 · /);
  await expect(rounds(page)).toHaveText(['Abu Dhabi Grand Prix']);
  await expect(page.getByRole('article', { name: 'Abu Dhabi Grand Prix' })).toContainText('Round 21');
  await expect(page.getByRole('article', { name: 'Abu Dhabi Grand Prix' })).toContainText('01/12/2019');
});

test('the search keeps only the rounds of a race or country, loading on until they come', async ({ page }) => {
  await page.goto('/race-results/2024');
  await expect(rounds(page)).toHaveText(['Abu Dhabi Grand Prix']);

  await page.getByLabel('Search race or country:').fill('MONACO');
  // Nothing loaded matches yet; the prompt stays in view, so older rounds load until Monaco (round 8) comes.
  await expect(rounds(page)).toHaveText(['Monaco Grand Prix'], { timeout: 20_000 });
  await expect(page.getByRole('article', { name: 'Monaco Grand Prix' })).toContainText('Round 8');

  await page.getByLabel('Search race or country:').fill('');
  await expect(rounds(page).first()).toHaveText('Abu Dhabi Grand Prix');
});

test.describe('the current season', () => {
  test('starts at the latest round run by the clock: qualifying with Q1, Q2 and Q3 times, then races', async ({ page }) => {
    await page.goto('/qualifying-results');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Qualifying results 2025');
    await expect(page.getByLabel('Choose year:')).toHaveValue('2025');
    await expect(rounds(page)).toHaveText(['Austrian Grand Prix']);

    const table = page.getByRole('table', { name: 'Qualifying results, Austrian Grand Prix 2025' });
    await expect(table.getByRole('columnheader')).toHaveText(['Pos', 'Driver', 'Constructor', 'Q1', 'Q2', 'Q3']);
    await expect(table.getByRole('row').nth(1)).toHaveText(/1\s*Lando Norris\s*McLaren\s*1:04\.672\s*1:04\.410\s*1:03\.971/);
    // Knocked out in Q1: no Q2 or Q3 time.
    await expect(table.getByRole('row').last()).toHaveText(/Nico Hülkenberg\s*Kick Sauber\s*[\d:.]+\s*-\s*-$/);
    await expect(prompt(page, 'Scroll for more results')).toBeAttached();

    // The British Grand Prix holds results in the data already, but by the clock it has not run.
    await page.goto('/race-results');
    await expect(rounds(page)).toHaveText(['Austrian Grand Prix']);
  });

  test('takes in the next round once its qualifying is over', async ({ page, setClock }) => {
    await setClock('2025-07-05T16:00:00Z');
    await page.goto('/qualifying-results/2025');
    await expect(rounds(page)).toHaveText(['British Grand Prix']);
    await expect(page.getByRole('article', { name: 'British Grand Prix' })).toContainText('Round 12');
  });
});

test('a round that fails ends the scroll and leaves the page working', async ({ page }) => {
  const errors = collectErrors(page);
  await page.route('**/api/ergast/f1/2024/23/results.json*', (route) => route.abort());
  await page.goto('/race-results/2024');
  await expect(rounds(page)).toHaveText(['Abu Dhabi Grand Prix']);

  await prompt(page, 'Scroll for more races').scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: /Scroll for more|Loading/ })).toHaveCount(0);
  await expect(rounds(page)).toHaveText(['Abu Dhabi Grand Prix']);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);

  await page.getByLabel('Choose year:').selectOption('2023');
  await expect(rounds(page)).toHaveText(['Abu Dhabi Grand Prix']);
  await expect(page.getByRole('article', { name: 'Abu Dhabi Grand Prix' })).toContainText('Round 22');
});

test('a phone shows each driver as a compact row that fits its card, with the time, grid, points and fastest lap', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/race-results/2024');
  const scroller = page.getByRole('region', { name: 'Race results, Abu Dhabi Grand Prix 2024' });
  await expect(scroller).toBeVisible();
  const widths = await scroller.evaluate((element) => ({
    table: element.scrollWidth,
    box: element.clientWidth,
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.table).toBeLessThanOrEqual(widths.box);
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  const winner = scroller.getByRole('row').nth(1);
  for (const cell of await winner.getByRole('cell').all()) await expect(cell).toBeInViewport();
  await expect(winner).toContainText(/Lando Norris\s*McLaren\s*1:\d\d:\d\d\.\d{3}/);
});
