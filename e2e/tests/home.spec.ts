import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { nextTick, openWithPausedClock } from '../support/clock';
import { expect, test } from '../support/test';

/**
 * The home page in a real browser against the real server and the 2025 calendar from F1DB. The British
 * Grand Prix 2025 (UTC): Practice 3 at 10:30 and Qualifying at 14:00 on 5 July, the race at 14:00 on 6 July;
 * the Belgian Grand Prix opens with Practice 1 at 10:30 on 25 July. News comes from the feed stand-in
 * (e2e/fixtures/feeds), which the server reads as it would read the real sites.
 */

const hero = (page: Page, meeting: string) => page.getByRole('region', { name: meeting });
const lastResults = (page: Page) => page.getByRole('region', { name: 'Last race results' });

/** A countdown's "hh:mm:ss" in seconds, and back. */
const secondsOf = (text: string) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
const countdown = (seconds: number) => [seconds / 3600, (seconds % 3600) / 60, seconds % 60].map((part) => String(Math.floor(part)).padStart(2, '0')).join(':');

/**
 * Opens the home page. Its first answers, the last meeting's among them, come written into the page and are
 * read before the first render, so once the hero shows, "hidden" means decided, not still loading.
 */
async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
}

test.describe('the meeting hero', () => {
  test('counts down to qualifying two hours ahead and leads to the meeting', async ({ page }) => {
    const card = hero(page, 'British Grand Prix');
    const timer = card.getByRole('timer');
    await openWithPausedClock(page, '/', timer);
    await expect(card).toContainText('Current meeting');
    await expect(card).toContainText('04–06/07/2025');
    await expect(card).toContainText('UpcomingQualifying');
    await expect(timer).toHaveText(/^(02:00:00|01:59:\d\d)$/);
    const left = secondsOf(await nextTick(page, timer));
    await page.clock.runFor(1000);
    await expect(timer).toHaveText(countdown(left - 1));

    const drawing = card.getByRole('img', { name: 'Layout of Silverstone Circuit' });
    await expect(drawing).toHaveAttribute('src', /variant=black$/);
    expect(await isLoaded(drawing)).toBe(true);

    await card.getByRole('link', { name: 'British Grand Prix' }).click();
    await expect(page).toHaveURL('/schedule/2025/british-grand-prix');
  });

  test('draws the circuit in white on the dark theme', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
    await page.goto('/');
    const drawing = hero(page, 'British Grand Prix').getByRole('img', { name: 'Layout of Silverstone Circuit' });
    await expect(drawing).toHaveAttribute('src', '/api/circuits/silverstone-8.svg');
    expect(await isLoaded(drawing)).toBe(true);
  });

  // The end-to-end server reads no live feed, so a session the timetable has running is never confirmed Live here.
  test('turns the session to running at its first second, on the browser’s own tick', async ({ page, setClock }) => {
    await setClock('2025-07-05T13:59:30Z');
    const card = hero(page, 'British Grand Prix');
    const timer = card.getByRole('timer');
    await openWithPausedClock(page, '/', timer);
    await expect(timer).toHaveText(/^00:00:[0-3]\d$/);
    const left = secondsOf(await nextTick(page, timer));
    await page.clock.runFor((left - 1) * 1000);
    await expect(timer).toHaveText('00:00:01');
    await expect(card).toContainText('UpcomingQualifying');
    await page.clock.runFor(1000);
    await expect(card).toContainText('Scheduled now, no live dataQualifying');
    await expect(card).toContainText('Session started');
    await expect(card.getByRole('timer')).toHaveCount(0);
  });

  test('shows a running session without live data as scheduled now, not Live, with no link to the tower', async ({ page, setClock }) => {
    await setClock('2025-07-05T14:10:00Z');
    await page.goto('/');
    const card = hero(page, 'British Grand Prix');
    await expect(card).toContainText('Scheduled now, no live dataQualifying');
    await expect(card).toContainText('Session started');
    await expect(card.getByRole('link', { name: 'Live timing' })).toHaveCount(0);
  });

  test('shows no countdown for a session more than a day away', async ({ page, setClock }) => {
    await setClock('2025-07-16T12:00:00Z');
    await openHome(page);
    const card = hero(page, 'Belgian Grand Prix');
    await expect(card).toContainText('Next meeting');
    await expect(card).toContainText('25–27/07/2025');
    await expect(card).toContainText('UpcomingPractice 1');
    await expect(card.getByRole('timer')).toHaveCount(0);
    await expect(card).not.toContainText('Session started');
  });
});

test.describe('the last race results', () => {
  test('show the podiums of the last race in a quiet week, with more on request', async ({ page, setClock }) => {
    await setClock('2025-07-16T12:00:00Z');
    await page.goto('/');
    const section = lastResults(page);
    await expect(section.getByRole('link', { name: 'British Grand Prix 2025' })).toHaveAttribute(
      'href',
      '/schedule/2025/british-grand-prix',
    );
    const drivers = section.getByRole('list', { name: 'Driver podium' }).getByRole('listitem');
    await expect(drivers).toHaveCount(3);
    await expect(drivers.nth(0)).toContainText('Norris');
    await expect(drivers.nth(1)).toContainText('Piastri');
    await expect(drivers.nth(2)).toContainText('Hülkenberg');
    // The winner stands in the middle, highest.
    const [winner, second] = [await drivers.nth(0).boundingBox(), await drivers.nth(1).boundingBox()];
    expect(winner!.x).toBeGreaterThan(second!.x);

    const toggle = section.getByRole('button', { name: /^View (more|less) results$/ });
    await expect(toggle).toHaveText('View more results');
    await expect(section.getByRole('list', { name: 'Team podium' })).toBeHidden();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveText('View less results');
    await expect(section.getByRole('list', { name: 'Team podium' }).getByRole('listitem')).toHaveCount(3);
    await expect(section.getByRole('list', { name: 'Most positions gained' }).getByRole('listitem')).toHaveCount(3);
    await toggle.click();
    await expect(toggle).toHaveText('View more results');
    await expect(section.getByRole('list', { name: 'Team podium' })).toBeHidden();
  });

  test('still show a day and a minute before the next meeting starts', async ({ page, setClock }) => {
    await setClock('2025-07-24T10:29:00Z');
    await page.goto('/');
    await expect(lastResults(page).getByRole('list', { name: 'Driver podium' })).toBeVisible();
  });

  test('stay hidden once the next meeting is less than a day away', async ({ page, setClock }) => {
    await setClock('2025-07-24T12:00:00Z');
    await openHome(page);
    await expect(hero(page, 'Belgian Grand Prix').getByRole('timer')).toHaveText(/^22:(30:00|29:\d\d)$/);
    await expect(lastResults(page)).toHaveCount(0);
  });

  test('stay hidden during a race weekend', async ({ page }) => {
    await openHome(page);
    await expect(hero(page, 'British Grand Prix')).toBeVisible();
    await expect(lastResults(page)).toHaveCount(0);
  });
});

test.describe('the account teaser', () => {
  test('invites an anonymous visitor to sign up', async ({ page }) => {
    await page.goto('/');
    const teaser = page.getByRole('region', { name: 'Why create an account?' });
    await expect(teaser.getByRole('link', { name: 'More info' })).toHaveAttribute('href', '/info');
    await teaser.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/signup');
  });
});

test.describe('Latest News', () => {
  /** The server reads the feed stand-in when it starts; wait until both feeds have been read. */
  async function feedsRead(request: APIRequestContext) {
    await expect
      .poll(async () => {
        const { sources } = (await (await request.get('/api/news/sources')).json()) as {
          sources: Array<{ name: string; url: string; lastSuccessAt: string | null }>;
        };
        return sources.filter((source) => source.url.includes('127.0.0.1') && source.lastSuccessAt).length;
      })
      .toBe(2);
  }

  const news = (page: Page) => page.getByRole('region', { name: 'Latest News' });

  test('shows the stored items: six official ones in new tabs, RaceFans cards with a toggle', async ({ page, context, request }) => {
    await feedsRead(request);
    await context.route('https://example.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Article</title>' }));
    await page.goto('/');

    const official = news(page).getByRole('region', { name: 'Formula 1' });
    const links = official.getByRole('link');
    await expect(links).toHaveCount(6);
    await expect(links.first()).toContainText('Fixture story 1');
    await expect(official).not.toContainText('Fixture story 7');
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // Story 1's picture loads; story 2's does not and gives way to a panel; no broken image anywhere.
    await expect(links.nth(0).locator('img')).toHaveCount(1);
    await expect(links.nth(1).locator('img')).toHaveCount(0);
    for (const image of await news(page).locator('img').all()) expect(await isLoaded(image)).toBe(true);

    const [article] = await Promise.all([context.waitForEvent('page'), links.first().click()]);
    await expect(article).toHaveURL('https://example.com/f1/story-1');
    await article.close();
    await expect(page).toHaveURL('/');

    const raceFans = news(page).getByRole('region', { name: 'RaceFans' });
    const cards = raceFans.getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('Fixture column A');
    await expect(cards.first()).toContainText('Analysis');
    await expect(cards.first()).toContainText('By Fixture Author');
    await expect(cards.first()).toContainText('05/07/2025');
    await raceFans.getByRole('button', { name: 'See more RaceFans news' }).click();
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(2)).toContainText('By Unknown');
    await raceFans.getByRole('button', { name: 'See less' }).click();
    await expect(cards).toHaveCount(2);
  });

  test('says honestly that there is no news when the lists are empty', async ({ page }) => {
    await page.route(/\/api\/news\/official/, (route) => route.fulfill({ json: { items: [] } }));
    await page.route(/\/api\/stiri-rf/, (route) => route.fulfill({ json: [] }));
    await page.goto('/');
    await expect(news(page).getByRole('region', { name: 'Formula 1' })).toContainText('No Formula 1 news to show yet.');
    await expect(news(page).getByRole('region', { name: 'RaceFans' })).toContainText('No RaceFans news to show yet.');
    await expect(news(page).getByRole('link')).toHaveCount(0);
  });

  test('says news is unavailable when it cannot be loaded', async ({ page }) => {
    await page.route(/\/api\/(news\/official|stiri-rf)/, (route) => route.fulfill({ status: 404, json: { message: 'Not found' } }));
    await page.goto('/');
    await expect(news(page)).toContainText('News is unavailable right now.');
  });
});

/** Whether an image has really loaded (lazy ones are scrolled to first, so they start loading). */
async function isLoaded(image: Locator): Promise<boolean> {
  await image.scrollIntoViewIfNeeded();
  return image.evaluate(async (element: HTMLImageElement) => {
    await element.decode().catch(() => {});
    return element.complete && element.naturalWidth > 0;
  });
}
