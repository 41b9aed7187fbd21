import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_NOW } from './support/clock';
import { edgePorts, OAUTH_CLIENTS } from './support/edge-contract';
import { sharedF1dbTree } from './support/f1dbTree';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eBaseUrl = `http://127.0.0.1:${port}`;
/** The stand-ins at the network edge (support/stand-ins.ts): news sites, F1's live-timing archive, SMTP, Google, GitHub. */
const edge = edgePorts(port);
const feedsUrl = `http://127.0.0.1:${edge.feeds}`;
const e2eNewsFeeds = [
  { source: 'formula1', url: `${feedsUrl}/official.xml` },
  { source: 'racefans', url: `${feedsUrl}/racefans.xml` },
];
const archiveUrl = `http://127.0.0.1:${edge.archive}`;

export default defineConfig({
  testDir: './tests',
  // A journey test (sign up, confirm the mail, log in, choose favourites, sign out) takes 15 s alone and 25-30 s while
  // the four shards of `npm test` share the two cores: a minute, so the bound catches a hang and not the load.
  timeout: 60_000,
  // The same for a page's answer: the four shards keep both cores busy from first to last, and the first test of a
  // shard meets a server that has just started.
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : [['list']],
  use: {
    baseURL: e2eBaseUrl,
    // page.route cannot see what a service worker answers: only the offline spec lets the worker run.
    serviceWorkers: 'block',
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
  // The stand-ins first: they are up before the server first reads them.
  webServer: [
    {
      command: 'node --import tsx e2e/support/stand-ins.ts',
      cwd: root,
      url: `http://127.0.0.1:${edge.control}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(port), SITE_ORIGIN: e2eBaseUrl },
    },
    {
      command: 'node --import tsx e2e/support/prepare-data-dir.ts && npm run serve',
      cwd: root,
      url: `${e2eBaseUrl}/api/health`,
      // With no dump to start from yet (the suite run alone on a new clone), the prepare step imports F1DB first.
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        // One folder per port: the shards of `npm test` run side by side, each with its own server.
        DATA_DIR: path.join(root, `data/e2e-${port}`),
        SLIPSTREAM_NOW: E2E_NOW,
        SLIPSTREAM_TEST_HOOKS: 'true',
        // The browser connects from loopback; tests set X-Forwarded-For to play several client addresses.
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        NEWS_FEEDS: JSON.stringify(e2eNewsFeeds),
        // The result sources would read GitHub and F1's archive: end-to-end runs never reach the internet. The
        // archive is the stand-in; its job only runs when a test asks (replays read it on demand).
        F1DB_SYNC: 'false',
        F1DB_RELEASES_URL: 'http://127.0.0.1:9/releases/latest',
        F1DB_DIR: sharedF1dbTree(root),
        LIVETIMING_SYNC: 'false',
        LIVETIMING_URL: archiveUrl,
        // Mail links and OAuth redirect URIs point where the browser reaches the site.
        PUBLIC_URL: e2eBaseUrl,
        SMTP_URL: `smtp://127.0.0.1:${edge.smtp}`,
        GOOGLE_CLIENT_ID: OAUTH_CLIENTS.google.id,
        GOOGLE_CLIENT_SECRET: OAUTH_CLIENTS.google.secret,
        GOOGLE_ISSUER_URL: `http://127.0.0.1:${edge.google}`,
        GITHUB_CLIENT_ID: OAUTH_CLIENTS.github.id,
        GITHUB_CLIENT_SECRET: OAUTH_CLIENTS.github.secret,
        GITHUB_AUTHORIZE_URL: `http://127.0.0.1:${edge.github}/authorize`,
        GITHUB_TOKEN_URL: `http://127.0.0.1:${edge.github}/token`,
        GITHUB_USERINFO_URL: `http://127.0.0.1:${edge.github}/user`,
      },
    },
  ],
});
