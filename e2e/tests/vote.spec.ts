import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { uniqueName } from '../support/accounts';
import { closeCookieNotice, expect, test, waitForTheAppOnEveryPage } from '../support/test';

/**
 * The Fan's Choice vote in a real browser. The racing clock sits on the Tuesday after the 2025 British Grand
 * Prix (race 6 July), inside its voting window (the Belgian weekend starts on 25 July). The e2e server keeps its
 * database between runs, so every test votes from a client address of its own (the server trusts
 * X-Forwarded-For) and with accounts of its own, and compares counts before and after rather than absolutes.
 */

const VOTING_OPEN = '2025-07-08T12:00:00Z';
const BRITISH_GP = 1137;

test.beforeEach(async ({ setClock }) => {
  await setClock(VOTING_OPEN);
});

/** A browser context that reaches the server from an address of its own, with the cookie notice closed. */
async function visitorContext(browser: { newContext(): Promise<BrowserContext> }): Promise<BrowserContext> {
  const context = await browser.newContext();
  waitForTheAppOnEveryPage(context);
  const octet = () => Math.floor(Math.random() * 254) + 1;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
  await closeCookieNotice(context);
  return context;
}

async function totalVotes(request: APIRequestContext): Promise<number> {
  const preview = await request.get(`/api/vote-results/${BRITISH_GP}`);
  expect(preview.ok()).toBe(true);
  return (await preview.json()).totalVotes;
}

async function fillBallot(page: Page) {
  await page.getByRole('group', { name: 'Best Point Scorer' }).getByRole('radio', { name: /Nico Hülkenberg/ }).check();
  await page.getByRole('group', { name: 'Best Of The Rest' }).getByRole('radio', { name: /Oliver Bearman/ }).check();
  await page.getByRole('group', { name: 'Best Team' }).getByRole('radio', { name: /Kick Sauber/ }).check();
}

test('an anonymous visitor votes once, sees the results, and a second attempt says already voted', async ({ browser, request }) => {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  // A second tab, opened before the vote, still shows the ballot.
  const otherTab = await context.newPage();
  const before = await totalVotes(request);

  await page.goto('/vote');
  await expect(page.getByRole('heading', { level: 2, name: 'British Grand Prix' })).toBeVisible();
  await expect(page.getByText(/^Voting is open until 24\/07\/2025/)).toBeVisible();
  await expect(page.getByText('Voting anonymously: saved on this device only')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Best Point Scorer' }).getByRole('radio')).toHaveCount(10);
  await expect(page.getByRole('group', { name: 'Best Of The Rest' })).toContainText('they scored no points in this race');

  await page.getByRole('button', { name: 'Submit vote' }).click();
  await expect(page.getByRole('alert')).toHaveText('Each category must be selected.');

  await otherTab.goto('/vote');
  await expect(otherTab.getByRole('button', { name: 'Submit vote' })).toBeVisible();

  await fillBallot(page);
  await page.getByRole('button', { name: 'Submit vote' }).click();
  await expect(page.getByText('Thanks for voting!')).toBeVisible();
  const scorers = page.getByRole('region', { name: 'Best Point Scorer' });
  await expect(scorers.getByRole('listitem').filter({ hasText: 'Nico Hülkenberg' })).toContainText(/Your pick: \d+%, \d+ votes?/);
  await expect(page.getByText(/^\d+ votes? so far$/)).toBeVisible();
  expect(await totalVotes(request)).toBe(before + 1);

  await fillBallot(otherTab);
  await otherTab.getByRole('button', { name: 'Submit vote' }).click();
  await expect(otherTab.getByRole('alert')).toHaveText('Already voted.');
  await expect(otherTab.getByText(/^Already voted\. You voted on 08\/07\/2025/)).toBeVisible();

  await page.reload();
  await expect(page.getByText(/^Already voted\. You voted on 08\/07\/2025/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit vote' })).toHaveCount(0);
  expect(await totalVotes(request)).toBe(before + 1);

  await page.getByRole('link', { name: 'Every race’s vote results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vote results' })).toBeVisible();
  const race = page.getByRole('article', { name: 'British Grand Prix 2025' });
  await expect(race.getByRole('region', { name: 'Best Team' }).getByRole('listitem').filter({ hasText: 'Kick Sauber' })).toContainText(/\d+%, \d+ votes?/);
  await context.close();
});

test('a signed-in user votes with their account, not as this device', async ({ browser, request }) => {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  const email = `voter-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'correct horse battery staple';
  expect((await page.request.post('/api/test/users', { data: { email, password, displayName: uniqueName('E2E Voter') } })).status()).toBe(201);
  // Signing in through the API sets the refresh cookie in this browser, as the sign-in page would.
  const signIn = await page.request.post('/api/auth/sign-in', { data: { email, password } });
  expect(signIn.ok()).toBe(true);
  const { accessToken } = await signIn.json();
  const before = await totalVotes(request);

  await page.goto('/vote');
  await expect(page.getByRole('button', { name: 'Submit vote' })).toBeVisible();
  await expect(page.getByText('Voting anonymously: saved on this device only')).toHaveCount(0);
  await fillBallot(page);
  await page.getByRole('button', { name: 'Submit vote' }).click();
  await expect(page.getByText('Thanks for voting!')).toBeVisible();
  await expect(page.getByText('Voting anonymously: saved on this device only')).toHaveCount(0);
  expect(await totalVotes(request)).toBe(before + 1);

  const mine = await request.get('/api/votes/mine', { headers: { authorization: `Bearer ${accessToken}` } });
  expect((await mine.json()).votes).toEqual([
    expect.objectContaining({
      race: expect.objectContaining({ raceId: BRITISH_GP, meetingName: 'British Grand Prix' }),
      votedAt: '2025-07-08T12:00:00.000Z',
      picks: expect.objectContaining({ bestTeam: expect.objectContaining({ id: 'kick-sauber', name: 'Kick Sauber' }) }),
    }),
  ]);
  await context.close();
});

test('voting is closed a day before the next meeting, with the results still shown', async ({ browser, setClock }) => {
  await setClock('2025-07-24T10:30:00Z');
  const context = await visitorContext(browser);
  const page = await context.newPage();
  await page.goto('/vote');
  await expect(
    page.getByText(/^Voting for the British Grand Prix has closed\. Voting for the Belgian Grand Prix opens on 27\/07\/2025/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit vote' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeVisible();
  await context.close();
});
