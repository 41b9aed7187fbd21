import { expect, test } from '../support/test';
import { testFitsEveryLayout } from '../support/layout';

/** Head-to-head on the full F1DB data, at the e2e clock (2025-07-05, after the Austrian Grand Prix). */

test('Verstappen and Perez over 2023: duels, numbers and the points chart with its table', async ({ page }) => {
  await page.goto('/compare?a=max-verstappen&b=sergio-perez&season=2023');
  await expect(page.getByRole('heading', { level: 1, name: 'Head to head' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Max Verstappen vs Sergio Pérez over the 2023 season/ })).toBeVisible();
  const duels = page.getByRole('region', { name: 'Head to head' });
  await expect(duels).toContainText('Max Verstappen 19 – 2 Sergio Pérez (21 counted)');
  await expect(duels).toContainText('Max Verstappen 20 – 2 Sergio Pérez (22 counted)');
  await expect(duels).toContainText('both drivers started');

  const numbers = page.getByRole('region', { name: 'In numbers' });
  await expect(numbers.getByRole('row', { name: /^Points/ })).toHaveText(/575\s*285/);
  await expect(numbers.getByRole('row', { name: /^Wins/ })).toHaveText(/19\s*2/);
  await expect(numbers.getByRole('row', { name: /^Retirements/ })).toHaveText(/0\s*2/);

  const chart = page.getByRole('region', { name: 'Points through 2023' });
  await expect(chart.getByRole('img', { name: /Cumulative points of Max Verstappen and Sergio Pérez/ })).toBeVisible();
  await chart.getByText('Show the numbers as a table').click();
  await expect(chart.getByRole('row', { name: /1 · Bahrain Grand Prix/ })).toHaveText(/25\s*18/);
  await expect(chart.getByRole('row', { name: /22 · Abu Dhabi Grand Prix/ })).toHaveText(/575\s*285/);
});

test('pick drivers with the search fields and switch to careers; the URL follows', async ({ page }) => {
  await page.goto('/compare');
  await expect(page.getByText('Pick two drivers to see them side by side.')).toBeVisible();
  await page.getByLabel('First driver').fill('Lewis Hamilton');
  await page.getByLabel('Second driver').fill('Nico Rosberg');
  await expect(page).toHaveURL(/a=lewis-hamilton&b=nico-rosberg/);
  await expect(page.getByRole('heading', { name: /Lewis Hamilton vs Nico Rosberg over their careers/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Points, season by season' })).toBeVisible();

  await page.getByLabel('Over').selectOption('2016');
  await expect(page).toHaveURL(/season=2016/);
  await expect(page.getByRole('heading', { name: /over the 2016 season/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'In numbers' }).getByRole('row', { name: /^Points/ })).toHaveText(/380\s*385/);
});

test('the driver page leads to a comparison of its season', async ({ page }) => {
  await page.goto('/drivers/NOR');
  await page.getByRole('link', { name: 'Compare Norris with another driver' }).click();
  await expect(page).toHaveURL('/compare?a=lando-norris&season=2025');
  await page.getByLabel('Second driver').fill('Oscar Piastri');
  await expect(page.getByRole('heading', { name: /Lando Norris vs Oscar Piastri over the 2025 season/ })).toBeVisible();
  // Only the eleven races run by the clock count: Piastri 216, Norris 201.
  await expect(page.getByRole('region', { name: 'In numbers' }).getByRole('row', { name: /^Points/ })).toHaveText(/201\s*216/);
});

test('an unknown pairing says so', async ({ page }) => {
  await page.goto('/compare?a=max-verstappen&b=juan-manuel-fangio&season=2023');
  await expect(page.getByRole('alert')).toContainText('Juan Manuel Fangio did not race in 2023');
});

testFitsEveryLayout(
  async (page) => {
    await page.goto('/compare?a=max-verstappen&b=sergio-perez&season=2023');
    await expect(page.getByRole('region', { name: 'Points through 2023' })).toBeVisible();
  },
  async (page, folder, { width, theme }) => {
    await page.screenshot({ path: `${folder}/compare-${width}-${theme}.png`, fullPage: true });
  },
);
