import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { startArchiveStandIn, type ArchiveStandIn } from '../../apps/server/src/test/livetimingArchive';
import { startReleaseServer, type ReleaseServer } from '../../apps/server/src/test/release-server';
import { expect, logIn, PASSWORD, test, uniqueEmail, type User } from '../support/accounts';
import { sharedF1dbTree, writeF1dbTree } from '../support/f1dbTree';
import { startSiteServer, type SiteServer } from '../support/siteServer';

/**
 * The results pipeline end to end, on a site of its own: F1DB as it stood before the 2025 Miami sprint, the clock
 * an hour after the sprint's flag, F1's archive played by the stand-in serving the recorded sprint. The live-timing
 * job stores the sprint as provisional and every open page shows it marked, without a reload; then an F1DB release
 * holding the sprint, imported by the admin's "Check now", confirms it and the marks go.
 */

const root = path.resolve(import.meta.dirname, '../..');
const sitePort = Number(process.env.E2E_PORT ?? 3100) + 2000;
const SPRINT_FOLDER = '2025/2025-05-04_Miami_Grand_Prix/2025-05-03_Sprint/';
const AFTER_THE_SPRINT = '2025-05-03T18:00:00Z';
/** How often the site's live-timing job reads the archive (LIVETIMING_POLL_SECONDS; a minute by default). */
const POLL_SECONDS = 5;
/** A session published between two reads waits for the next; on a busy machine a read itself takes a while. */
const NEXT_READ_MS = 90_000;
/** A release import of one season's tree, on a busy machine. */
const IMPORT_MS = 150_000;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: `http://127.0.0.1:${sitePort}` });

let work: string;
let archive: ArchiveStandIn;
let releases: ReleaseServer;
let site: SiteServer;
let admin: User;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'slipstream-provisional-'));
  const beforeTheSprint = path.join(work, 'f1db-before-the-sprint');
  writeF1dbTree(sharedF1dbTree(root), beforeTheSprint, { seasons: [2025], asBefore: { season: 2025, round: 6 } });
  archive = await startArchiveStandIn();
  // As when the site starts: the archive has not published the sprint yet.
  archive.set(SPRINT_FOLDER, { hidden: true });
  releases = await startReleaseServer();
  site = await startSiteServer({
    root,
    port: sitePort,
    env: {
      DATA_DIR: path.join(work, 'data'),
      F1DB_DIR: beforeTheSprint,
      SLIPSTREAM_NOW: AFTER_THE_SPRINT,
      LIVETIMING_URL: archive.url,
      LIVETIMING_SYNC: 'true',
      LIVETIMING_POLL_SECONDS: String(POLL_SECONDS),
      F1DB_RELEASES_URL: releases.releasesUrl,
      F1DB_SYNC: 'false',
    },
    logFile: test.info().outputPath('site.log'),
    timeoutMs: 240_000,
  });
  admin = await adminUser();
});

test.afterAll(async () => {
  await site?.stop();
  await releases?.close();
  await archive?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

async function adminUser(): Promise<User> {
  const user = { email: uniqueEmail('pit-wall'), password: PASSWORD };
  const post = (hook: string, body: object) =>
    fetch(`${site.url}/api/test/${hook}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await post('users', user)).status).toBe(201);
  expect(await (await post('admin-grant', { email: user.email })).json()).toEqual({ result: 'granted' });
  return user;
}

/** The pages that show the sprint, each in a tab of its own, marked so that a reload would show. */
async function openResultPages(context: BrowserContext) {
  const open = async (url: string) => {
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    return page;
  };
  return {
    meeting: await open('/schedule/2025/miami-grand-prix'),
    driver: await open('/drivers/PIA'),
    standings: await open('/drivers'),
    home: await open('/'),
  };
}

async function expectNotReloaded(pages: Record<string, Page>) {
  for (const page of Object.values(pages)) expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
}

/** The sprint's tab while its classification is provisional (the mark is read out after the name). */
const SPRINT_PROVISIONAL = /^Sprint Race, provisional$/;
const sessionTab = (page: Page, name: RegExp) => page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab', { name });
const favouriteDriver = (page: Page) => page.getByRole('link', { name: /Your favourite driver/ });
const miamiRow = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Miami Grand Prix' }) });

test('the sprint from the live-timing archive shows on the open pages, marked Provisional, without a reload', async ({ page, context }) => {
  test.setTimeout(NEXT_READ_MS + 60_000);
  await logIn(page, admin);
  await page.goto('/update-profile');
  await page.getByLabel('Favourite driver').selectOption({ label: 'Oscar Piastri (McLaren)' });
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status')).toHaveText('Your profile is saved.');

  const pages = await openResultPages(context);
  await expect(sessionTab(pages.meeting, /^Sprint Qualifying/)).toBeVisible();
  await expect(sessionTab(pages.meeting, /^Sprint Race/)).toHaveCount(0);
  await expect(favouriteDriver(pages.home)).toContainText('99 PTS');
  await expect(favouriteDriver(pages.home)).not.toContainText('Provisional');

  archive.release(SPRINT_FOLDER);

  await expect(sessionTab(pages.meeting, SPRINT_PROVISIONAL)).toBeVisible({ timeout: NEXT_READ_MS });
  await sessionTab(pages.meeting, SPRINT_PROVISIONAL).click();
  const sprint = pages.meeting.getByRole('tabpanel');
  await expect(sprint.getByRole('note')).toContainText('Provisional');
  await expect(sprint.getByRole('row').nth(1)).toContainText('Lando Norris');
  // The order at the flag: the stewards' penalty that dropped Albon to eleventh came later.
  await expect(sprint.getByRole('row').nth(4)).toContainText('Alexander Albon');

  await expect(pages.standings.getByRole('note').filter({ hasText: 'Provisional' })).toBeVisible({ timeout: NEXT_READ_MS });
  await expect(pages.standings.getByRole('list', { name: 'Drivers' }).getByRole('link').first()).toContainText('106 PTS');

  await expect(miamiRow(pages.driver)).toContainText('Provisional', { timeout: NEXT_READ_MS });
  await expect(miamiRow(pages.driver)).toContainText('2 +7');

  await expect(favouriteDriver(pages.home)).toContainText('Provisional', { timeout: NEXT_READ_MS });
  await expect(favouriteDriver(pages.home)).toContainText('106 PTS');
  await expectNotReloaded(pages);
});

test('an F1DB release holding the sprint confirms it, and the marks go from the open pages', async ({ page, context }) => {
  test.setTimeout(IMPORT_MS + 120_000);
  const release = path.join(work, 'f1db-release');
  writeF1dbTree(sharedF1dbTree(root), release, { seasons: [2025] });
  await releases.publish('v2025.6.1', release);

  await logIn(page, admin);
  const pages = await openResultPages(context);
  await expect(sessionTab(pages.meeting, SPRINT_PROVISIONAL)).toBeVisible();
  await expect(favouriteDriver(pages.home)).toContainText('Provisional');

  await page.goto('/admin');
  const sources = page.getByRole('region', { name: 'Result sources' });
  await expect(sources.getByText('Miami Grand Prix 2025')).toBeVisible();
  await sources.getByRole('button', { name: 'Check now (F1DB releases)' }).click();
  await expect(sources.getByRole('status')).toContainText('Imported v2025.6.1', { timeout: IMPORT_MS });
  await expect(sources.getByText('No race has provisional results: F1DB has confirmed everything stored.')).toBeVisible();
  await expect(sources.getByRole('table').getByRole('row').filter({ hasText: 'Albon' })).toContainText('11');

  await expect(sessionTab(pages.meeting, /^Sprint Race$/)).toBeVisible();
  await sessionTab(pages.meeting, /^Sprint Race$/).click();
  await expect(pages.meeting.getByRole('tabpanel').getByRole('note')).toHaveCount(0);
  await expect(pages.meeting.getByRole('tabpanel').getByRole('row').nth(4)).not.toContainText('Alexander Albon');
  await expect(pages.standings.getByRole('note').filter({ hasText: 'Provisional' })).toHaveCount(0);
  await expect(pages.driver.getByRole('main')).not.toContainText('Provisional');
  await expect(favouriteDriver(pages.home)).not.toContainText('Provisional');
  await expectNotReloaded(pages);
});
