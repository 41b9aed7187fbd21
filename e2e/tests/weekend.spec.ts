import { expect, test } from '../support/test';

/**
 * A race weekend as the site knows it. The end-to-end server reads no live feed (LIVETIMING_FEED unset) and its
 * F1DB data ends at round 11 of 2026 (Hungary), so on the Friday of the 2026 Qatar GP (Practice 1 at 13:30 UTC,
 * Practice 2 at 17:00) no session is confirmed live and none of that weekend's results are in. On the Friday of the
 * 2025 British GP (Practice 1 11:30 to 12:30 UTC) F1DB has Practice 1's results.
 */
const QATAR_PRACTICE_2 = '2026-11-27T17:20:00Z';
const BRITISH_AFTER_PRACTICE_1 = '2025-07-04T13:00:00Z';


test.describe('a Friday session of a meeting without results', () => {
  test.beforeEach(async ({ setClock }) => {
    await setClock(QATAR_PRACTICE_2);
  });

  test('home: practice 2 is scheduled now without live data, and leads to no tower', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Qatar Grand Prix' });
    await expect(hero).toContainText('Scheduled now, no live data');
    await expect(hero).toContainText('Practice 2');
    await expect(hero.getByRole('link', { name: 'Live timing' })).toHaveCount(0);
  });

  test('home: the weekend timetable and a standings snapshot after the last round with results', async ({ page, request }) => {
    const served = await (await request.get('/')).text();
    expect(served).toContain('>This weekend</h2>');
    expect(served).toMatch(/After round 11, Hungarian GP\./);
    await page.goto('/');
    const weekend = page.getByRole('region', { name: 'This weekend' });
    await expect(weekend.getByRole('listitem').filter({ hasText: 'Practice 1' })).toContainText('Finished, results not in yet');
    await expect(weekend.getByRole('listitem').filter({ hasText: 'Practice 2' })).toContainText('Scheduled now, no live data');
    await expect(weekend.getByRole('listitem').filter({ hasText: 'Qualifying' })).toContainText('Upcoming');
    const standings = page.getByRole('region', { name: 'Standings' });
    await expect(standings).toContainText(/After round 11, Hungarian GP\. Results of \d+ later races are not in yet\./);
    await expect(standings.getByRole('link', { name: 'All drivers’ standings' })).toHaveAttribute('href', '/drivers');
    await expect(standings.getByRole('listitem')).toHaveCount(10);
  });

  test('meeting page: practice 1 finished without results, practice 2 not confirmed live', async ({ page }) => {
    await page.goto('/schedule/2026/qatar-grand-prix');
    await expect(page.getByText('Finished, results not in yet')).toBeVisible();
    await expect(page.getByText('Scheduled now, no live data')).toBeVisible();
    await expect(page.getByText('The results of the finished sessions are not in yet.')).toBeVisible();
    await expect(page.getByText('Done', { exact: true })).toHaveCount(0);
  });

  test('schedule: raced rounds without results are not ticked off', async ({ page }) => {
    await page.goto('/schedule');
    const netherlands = page.getByRole('link', { name: /Dutch Grand Prix/ });
    await expect(netherlands).toContainText('Results not in yet');
    await expect(page.getByRole('link', { name: /Hungarian Grand Prix/ })).not.toContainText('Results not in yet');
  });

  test('/live names the feed’s state and does not call the session live', async ({ page }) => {
    await page.goto('/live');
    await expect(page.getByRole('heading', { name: 'Scheduled now, no live data' })).toBeVisible();
    await expect(page.getByText(/^Live timing: this server does not read F1’s live feed/)).toBeVisible();
    await expect(page.getByText('Running now')).toHaveCount(0);
  });

  test.describe('in Asia/Tokyo, where the race starts on Monday at 01:00', () => {
    test.use({ timezoneId: 'Asia/Tokyo' });

    test('home and the meeting page show the same days, Friday to Monday', async ({ page }) => {
      const tokyoDays = '27–30/11/2026';
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Qatar Grand Prix' })).toContainText(tokyoDays);
      await page.goto('/schedule/2026/qatar-grand-prix');
      await expect(page.getByRole('region', { name: 'Weekend timetable' }).locator('time').first()).toHaveText(tokyoDays);
    });
  });

  test('history and the title fight count only the rounds with results', async ({ page, request }) => {
    const history = await (await request.get('/api/history')).json();
    expect(history.through).toMatchObject({ season: 2026, round: 11 });
    expect(history.racesMissing).toBeGreaterThan(0);
    await page.goto('/f1-history');
    await expect(page.getByText(/Counted from the data up to round 11, the 2026 Hungarian Grand Prix\. Results of \d+ later races are not in yet\./)).toBeVisible();

    await page.goto('/title-fight');
    await expect(page.getByText(/^No title verdict from incomplete rounds: \d+ raced rounds have no results yet\. The standings count up to round 11, Hungarian GP/)).toBeVisible();
    await expect(page.getByText(/can still win the 2026/)).toHaveCount(0);
    await expect(page.getByText('In the fight', { exact: true })).toHaveCount(0);
  });
});

test.describe('a Friday session of a meeting with results', () => {
  test('home: practice 1 shows its top three', async ({ page, setClock }) => {
    await setClock(BRITISH_AFTER_PRACTICE_1);
    expect(await (await page.request.get('/')).text()).toContain('aria-label="Top three of Practice 1"');
    await page.goto('/');
    const podium = page.getByRole('list', { name: 'Top three of Practice 1' });
    await expect(podium.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('region', { name: 'This weekend' }).getByRole('listitem').filter({ hasText: 'Practice 2' })).toContainText(/Starts in \d\d:\d\d:\d\d/);
  });

  test('meeting page: practice 1 is done, with its results', async ({ page, setClock }) => {
    await setClock(BRITISH_AFTER_PRACTICE_1);
    await page.goto('/schedule/2025/british-grand-prix');
    await expect(page.getByText('Done', { exact: true })).toBeVisible();
    await expect(page.getByText('Finished, results not in yet')).toHaveCount(0);
  });
});

test('a first visit preloads the body text’s face with the headings’ one', async ({ page }) => {
  await page.goto('/');
  const preloads = await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(preloads).toEqual(expect.arrayContaining([expect.stringMatching(/titillium-web-latin-400-normal/), expect.stringMatching(/titillium-web-latin-700-normal/)]));
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('400 16px "Titillium Web"'))).toBe(true);
});
