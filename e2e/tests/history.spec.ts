import { expect, test } from '../support/test';

/** The history page on the full F1DB data, at the e2e clock (2025-07-05, after the Austrian Grand Prix). */

test('champions by era, each season linking to its results or deciding meeting', async ({ page }) => {
  await page.goto('/f1-history');
  await expect(page.getByRole('heading', { level: 1, name: 'F1 history' })).toBeVisible();
  await expect(page.getByText('Counted from the data up to round 11, the 2025 Austrian Grand Prix.')).toBeVisible();

  const hybrid = page.getByRole('region', { name: 'Hybrid era 2014–2021' });
  const season2021 = hybrid.getByRole('listitem').filter({ has: page.getByRole('link', { name: '2021 race results' }) });
  await expect(season2021).toContainText('Max Verstappen');
  await expect(season2021).toContainText('Mercedes');
  await expect(season2021).toContainText('Abu Dhabi Grand Prix');
  await expect(hybrid.getByRole('listitem')).toHaveCount(8);

  const frontEngine = page.getByRole('region', { name: 'Front-engined years 1950–1960' });
  await expect(frontEngine.getByRole('listitem').first()).toContainText('Nino Farina');
  await expect(frontEngine.getByRole('listitem').first()).toContainText('none before 1958');
  // 2025 is still being raced at this clock: the latest champion is 2024's.
  const groundEffect = page.getByRole('region', { name: 'Ground-effect era 2022–2025' });
  await expect(groundEffect.getByRole('listitem').last()).toContainText('Max Verstappen');
  await expect(groundEffect.getByRole('listitem').last()).toContainText('McLaren');

  await page.getByRole('navigation', { name: 'Eras' }).getByRole('link', { name: /Turbo era/ }).click();
  await expect(page).toHaveURL(/#era-turbo$/);
  await expect(page.getByRole('heading', { name: 'Turbo era 1977–1988' })).toBeInViewport();

  await page.getByRole('link', { name: '1976 Japanese Grand Prix, where the title was decided' }).click();
  await expect(page).toHaveURL('/schedule/1976/japanese-grand-prix');
});

test('records computed from the data, for drivers and constructors, and the timeline', async ({ page }) => {
  await page.goto('/f1-history');
  const titles = page.getByRole('region', { name: 'Most drivers’ titles' });
  await expect(titles.getByRole('listitem').nth(0)).toHaveText('1Lewis Hamilton7');
  await expect(titles.getByRole('listitem').nth(1)).toHaveText('1Michael Schumacher7');
  await expect(page.getByRole('region', { name: 'Most wins' }).getByRole('listitem').first()).toHaveText('1Lewis Hamilton105');

  await page.getByRole('button', { name: 'Constructors' }).click();
  await expect(page.getByRole('region', { name: 'Most constructors’ titles' }).getByRole('listitem').first()).toHaveText('1Ferrari16');

  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').first()).toContainText('1950');
  await expect(timeline.getByRole('listitem').first()).toContainText('The championship begins');
});

test.describe('on a phone in dark mode', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fits the screen', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/f1-history');
    await expect(page.getByRole('heading', { name: 'Champions by era' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/darkmode/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
