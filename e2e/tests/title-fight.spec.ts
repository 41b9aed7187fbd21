import { expect, test } from '../support/test';
import { testFitsEveryLayout } from '../support/layout';

/** The title fight on the full F1DB data, at the e2e clock (2025-07-05: eleven rounds run, the British GP next). */

test('the 2025 fight as it stands, reached from the standings', async ({ page }) => {
  await page.goto('/drivers');
  await page.getByRole('link', { name: 'Who can still win the titles?' }).click();
  await expect(page).toHaveURL('/title-fight');
  await expect(page.getByRole('heading', { level: 1, name: 'Title fight' })).toBeVisible();
  await expect(page.getByText('21 drivers can still win the 2025 drivers’ title. Oscar Piastri leads Lando Norris by 15 points.')).toBeVisible();
  const drivers = page.getByRole('region', { name: 'Drivers' });
  await expect(drivers.getByRole('row').nth(1)).toContainText('Oscar Piastri');
  await expect(drivers.getByRole('row').nth(1)).toContainText('216');
  await expect(page.getByText('13 races and 4 sprints open')).toBeVisible();
  await expect(page.getByText('Round 12 · British Grand Prix · Race')).toBeVisible();
});

test('a preset and a pick change the standings and the address', async ({ page }) => {
  await page.goto('/title-fight');
  await page.getByRole('button', { name: 'Lando Norris wins all' }).click();
  await expect(page).toHaveURL(/w=12-NOR_13s-NOR_13-NOR/);
  await expect(page.getByText('Lando Norris would win the 2025 drivers’ title.')).toBeVisible();
  const drivers = page.getByRole('region', { name: 'Drivers' });
  // 201 + 13 × 25 + 4 × 8 = 558.
  await expect(drivers.getByRole('row').nth(1)).toContainText('Lando Norris');
  await expect(drivers.getByRole('row').nth(1)).toContainText('558');

  await page.getByRole('button', { name: 'Clear the what-if' }).click();
  await expect(page).not.toHaveURL(/w=/);
  await expect(drivers.getByRole('row').nth(1)).toContainText('Oscar Piastri');
});

test('replays the 2021 finale: level on 369.5, Verstappen champion if he wins with the fastest lap', async ({ page }) => {
  await page.goto('/title-fight');
  await page.getByRole('link', { name: 'Abu Dhabi 2021' }).click();
  await expect(page).toHaveURL('/title-fight?season=2021&round=21');
  await expect(page.getByText('2 still in the fight for the 2021 drivers’ title: Max Verstappen, Lewis Hamilton.')).toBeVisible();
  const drivers = page.getByRole('region', { name: 'Drivers' });
  await expect(drivers.getByRole('row').nth(1)).toContainText('369.5');
  await expect(drivers.getByRole('row').nth(2)).toContainText('369.5');

  const finale = page.getByRole('list', { name: 'Finishing order, Round 22 · Abu Dhabi Grand Prix · Race' });
  await finale.getByLabel('P1').selectOption({ label: 'Max Verstappen' });
  await expect(page).toHaveURL(/w=22-VER$/);
  await finale.getByLabel('P2').selectOption({ label: 'Lewis Hamilton' });
  await page.getByLabel('Fastest lap').selectOption({ label: 'Max Verstappen' });
  await expect(page).toHaveURL(/w=22-VER\*\.HAM$/);
  await expect(page.getByText('Max Verstappen would win the 2021 drivers’ title.')).toBeVisible();
  await expect(drivers.getByRole('row').nth(1)).toContainText('395.5');
  await expect(drivers.getByRole('row').nth(2)).toContainText('387.5');

  // Swap them with the move buttons: Hamilton wins, and the fastest lap stays Verstappen's.
  await page.getByRole('button', { name: 'Move Lewis Hamilton up' }).click();
  await expect(page).toHaveURL(/w=22-HAM\.VER\*$/);
  await expect(page.getByText('Lewis Hamilton would win the 2021 drivers’ title.')).toBeVisible();

  // The shared address gives the same what-if.
  await page.goto('/title-fight?season=2021&round=21&w=22-VER*.HAM');
  await expect(page.getByText('Max Verstappen would win the 2021 drivers’ title.')).toBeVisible();
});

test('a bad what-if in the address is explained', async ({ page }) => {
  await page.goto('/title-fight?season=2021&round=21&w=22-XYZ');
  await expect(page.getByRole('alert')).toContainText('XYZ');
  await page.getByRole('link', { name: 'Back to the season in progress' }).click();
  await expect(page.getByText(/can still win the 2025 drivers’ title/)).toBeVisible();
});

testFitsEveryLayout(
  async (page) => {
    await page.goto('/title-fight?season=2021&round=21&w=22-VER*.HAM');
    await expect(page.getByText('Max Verstappen would win the 2021 drivers’ title.')).toBeVisible();
  },
  async (page, folder, { width, theme }) => {
    await page.screenshot({ path: `${folder}/title-fight-${width}-${theme}.png`, fullPage: true });
    await page.getByRole('region', { name: 'What if…' }).screenshot({ path: `${folder}/title-fight-what-if-${width}-${theme}.png` });
    await page.goto('/title-fight');
    await expect(page.getByText(/can still win the 2025 drivers’ title/)).toBeVisible();
    await page.screenshot({ path: `${folder}/title-fight-2025-${width}-${theme}.png` });
  },
);
