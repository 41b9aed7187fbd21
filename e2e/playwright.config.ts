import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://127.0.0.1:${port}`;

/** The news sites stand-in (fixtures/feeds): the server reads its feeds from here instead of the internet. */
const feedsPort = Number(process.env.E2E_FEEDS_PORT ?? port + 1000);
const feedsUrl = `http://127.0.0.1:${feedsPort}`;
const e2eNewsFeeds = [
  { source: 'formula1', url: `${feedsUrl}/official.xml` },
  { source: 'racefans', url: `${feedsUrl}/racefans.xml` },
];

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : [['list']],
  use: {
    baseURL: e2eBaseUrl,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Started in this order: the feeds are up before the server first reads them.
  webServer: [
    {
      command: 'node e2e/fixtures/feeds/serve.mjs',
      cwd: root,
      url: `${feedsUrl}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FEEDS_PORT: String(feedsPort), SITE_ORIGIN: e2eBaseUrl },
    },
    {
      command: 'npm run serve',
      cwd: root,
      url: `${e2eBaseUrl}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(root, 'data/e2e'),
        SLIPSTREAM_NOW: '2025-07-05T12:00:00Z',
        SLIPSTREAM_TEST_HOOKS: 'true',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        NEWS_FEEDS: JSON.stringify(e2eNewsFeeds),
      },
    },
  ],
});
