import { expect, test } from '../support/test';

/**
 * The pages with the clock of the day the data was last checked (25 November 2026, after the Las Vegas Grand
 * Prix, round 21), while the F1DB data's results stop at the Hungarian Grand Prix (round 11): the latest known
 * standings and podiums, saying how far behind they are, never blank tables.
 */

const TODAY = '2026-11-25T12:00:00Z';
const NOTE = 'Standings after round 11, Hungarian GP. Results of 10 later races are not in yet.';

test.beforeEach(async ({ setClock }) => {
  await setClock(TODAY);
});

test('the driver standings are the latest known, with every position and points, and say what they are after', async ({ page }) => {
  await page.goto('/drivers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formula 1 Driver Standings 2026 Season');
  await expect(page.getByRole('note')).toHaveText(NOTE);
  const cards = page.getByRole('list', { name: 'Drivers' }).getByRole('link');
  await expect(cards.first()).toContainText('Position 1');
  await expect(cards.first()).toContainText('Antonelli');
  await expect(cards.first()).toContainText('219 PTS');
  await expect(cards.nth(1)).toContainText('Gap to ANT: -50p');
  // The driver entered from a later round is listed last, unclassified; nobody else loses a position.
  const last = cards.last();
  await expect(last).toContainText('Tsunoda');
  await expect(last).toContainText(/No standing yet: no classified result up to round \d+, the last with results/);
  await expect(last).not.toContainText(/Position|PTS/);
  const count = await cards.count();
  for (let index = 0; index < count - 1; index++) await expect(cards.nth(index)).toContainText(`Position ${index + 1}`);
});

test('the team standings are the latest known and say what they are after', async ({ page }) => {
  await page.goto('/teams');
  await expect(page.getByRole('note')).toHaveText(NOTE);
  const cards = page.getByRole('list', { name: 'Teams' }).getByRole('link');
  await expect(cards).toHaveCount(11);
  await expect(cards.first()).toContainText('Position 1');
  await expect(cards.first()).toContainText('Mercedes');
  await expect(cards.first()).toContainText('379 PTS');
  for (const card of await cards.all()) await expect(card).toContainText(/\d+ PTS/);
});

test('home shows the podiums of the latest race with results, named and dated', async ({ page }) => {
  await page.goto('/');
  const results = page.getByRole('region', { name: 'Last race results' });
  await expect(results.getByRole('link', { name: 'Hungarian Grand Prix 2026' })).toHaveAttribute('href', '/schedule/2026/hungarian-grand-prix');
  await expect(results).toContainText('26/07/2026');
  await expect(results.getByRole('note')).toHaveText('Results of the 10 races up to the Las Vegas Grand Prix are not in yet.');
  await expect(results.getByRole('list', { name: 'Driver podium' }).getByRole('listitem')).toHaveCount(3);
  await expect(results.getByRole('list', { name: 'Driver podium' })).toContainText('Norris');
  // The vote stays on the last race, closed until its results are in.
  await expect(page.getByText('The results of this race are not in yet: voting opens once they are.')).toBeVisible();
});

test('the title fight decides nothing on the missing results', async ({ page }) => {
  await page.goto('/title-fight');
  await expect(page.getByRole('note')).toContainText(NOTE);
  await expect(page.getByRole('region', { name: 'The verdict' })).not.toContainText('has won');
  await expect(page.getByText('Round 21 · Las Vegas Grand Prix · Race')).toBeVisible();
});
