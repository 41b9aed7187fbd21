import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_NOW } from '../support/clock';
import { edgePorts } from '../support/edge-contract';
import { chooseDarkMode } from '../support/theme';
import { test } from '../support/test';

/**
 * The meeting page's analysis of the 2018 Azerbaijan Grand Prix, whose timing `npm run import:timing` reads from
 * the archive stand-in (the recorded race) into the running site: the charts load only when opened, each reads as
 * a table, and the page holds at a phone's width and a desktop's, in both themes.
 */

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.E2E_PORT ?? 3100);
const archiveUrl = `http://127.0.0.1:${edgePorts(port).archive}`;
const MEETING = '/schedule/2018/azerbaijan-grand-prix';

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  test.setTimeout(240_000);
  execFileSync('npx', ['tsx', 'apps/server/src/ingest/timing/cli.ts', '--season', '2018', '--pause-ms', '0'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(root, `data/e2e-${port}`), LIVETIMING_URL: archiveUrl, SLIPSTREAM_NOW: E2E_NOW, LOG_LEVEL: 'warn' },
    stdio: 'pipe',
    timeout: 230_000,
  });
});

async function openAnalysis(page: Page): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(MEETING);
  await expect(page.getByRole('heading', { name: 'Analysis' })).toBeVisible();
  const before = scripts.length;
  expect(scripts.some((url) => /AnalysisView/.test(url)), 'the charts are not start-up JavaScript').toBe(false);
  await page.getByRole('button', { name: 'Show the analysis' }).click();
  await expect(page.getByRole('img', { name: /^Lap chart/ })).toBeVisible();
  return scripts.slice(before);
}

test('the analysis loads its charts when opened, and every chart reads as a table', async ({ page }) => {
  const loaded = await openAnalysis(page);
  expect(loaded.some((url) => /AnalysisView/.test(url))).toBe(true);
  await expect(page.getByText(/Safety car laps \d+–\d+/)).toBeVisible();

  const lapChart = page.getByRole('figure').filter({ has: page.getByRole('img', { name: /^Lap chart/ }) });
  await lapChart.getByText('Show as a table').click();
  const table = lapChart.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(52);
  const lastLap = table.getByRole('row').last();
  await expect(lastLap.getByRole('rowheader')).toHaveText('51');
  await expect(lastLap.getByRole('cell').first()).toHaveText('1');

  const strategy = page.getByRole('list', { name: /Tyre strategy/ });
  // Ocon and Sirotkin retired before completing a lap: 18 drivers have laps.
  await expect(strategy.getByRole('listitem')).toHaveCount(18);
  await expect(strategy.getByRole('listitem').first()).toContainText(/laps 1 to/);

  const stops = page.getByRole('region', { name: 'Pit stops' });
  await expect(stops.getByRole('row', { name: /Lewis Hamilton 1 22 23/ })).toBeVisible();
  await expect(stops.getByRole('row', { name: /Lewis Hamilton 1 22 23/ })).toContainText(/16:58:\d\d/);

  const compare = page.getByRole('region', { name: 'Two drivers lap by lap' });
  await compare.getByLabel('against').selectOption({ label: 'Kimi Räikkönen' });
  await expect(compare.getByRole('img', { name: /Lewis Hamilton and Kimi Räikkönen/ })).toBeVisible();
  await compare.getByText('Show as a table').click();
  await expect(compare.getByRole('row', { name: /^10 1:47\.192/ })).toBeVisible();
});

for (const [width, height] of [
  [390, 844],
  [1280, 900],
] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the analysis holds at ${width} px in the ${theme} theme`, async ({ page }) => {
      if (theme === 'dark') await chooseDarkMode(page);
      await page.setViewportSize({ width, height });
      await openAnalysis(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const section = page.getByRole('region', { name: 'Analysis' });
      await section.screenshot({ path: test.info().outputPath(`analysis-${width}-${theme}.png`) });
    });
  }
}
