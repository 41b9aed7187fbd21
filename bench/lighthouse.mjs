// Web performance budget: builds the site, starts the server on PGlite with the F1DB data and a
// pinned clock, and runs Lighthouse (default mobile mode) on the home, drivers, schedule and 2024 results pages,
// plus a blank React page built and served the same way as a reference measured in the same run.
//
//   npm run bench:web [-- --runs 3] [-- --no-build] [-- --json reports/lighthouse.json]
//
// CHROME_PATH picks the browser (default /usr/bin/chromium), BENCH_PORT the server's port (default 3170).
// Exits 1 when a page misses a target. docs/performance.md records the numbers.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { productionServerArgs } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
const REFERENCE_DIR = 'bench-reference';

export const TARGETS = { score: 98, lcpMs: 1800, cls: 0.05, homeJsGzipBytes: 120 * 1024 };
const PAGES = ['/', '/drivers', '/schedule', '/race-results/2024'];

const args = process.argv.slice(2);
const runs = Number(valueOf('--runs') ?? 1);
const jsonOut = valueOf('--json');
const port = Number(process.env.BENCH_PORT ?? 3170);
const origin = `http://127.0.0.1:${port}`;

function valueOf(flag) {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args[at + 1];
}

async function main() {
  if (!args.includes('--no-build')) {
    run('npm', ['run', 'build', '-w', '@slipstream/web']);
  }
  await buildReference();
  let server;
  let chrome;
  try {
    server = await startServer();
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    await warmUp();
    // The file itself: the SPA fallback answers a folder URL (static serving lists no folder index).
    const reference = await measure(`/${REFERENCE_DIR}/index.html`, chrome.port);
    const pages = [];
    for (const page of PAGES) pages.push(await measure(page, chrome.port));
    report(reference, pages);
    if (jsonOut) {
      fs.mkdirSync(path.dirname(path.resolve(root, jsonOut)), { recursive: true });
      fs.writeFileSync(path.resolve(root, jsonOut), `${JSON.stringify({ at: new Date().toISOString(), targets: TARGETS, reference, pages }, null, 2)}\n`);
    }
    process.exitCode = pages.every((page) => page.verdict.pass) ? 0 : 1;
  } finally {
    await chrome?.kill();
    server?.kill('SIGTERM');
    fs.rmSync(path.join(webDist, REFERENCE_DIR), { recursive: true, force: true });
  }
}

function run(command, commandArgs) {
  execFileSync(command, commandArgs, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The reference page goes into the built site, so the same server (headers, compression) serves it. */
async function buildReference() {
  const { build } = await import('vite');
  process.env.NODE_ENV = 'production'; // React's production build, as for the site
  await build({
    configFile: false,
    mode: 'production',
    logLevel: 'warn',
    root: path.join(root, 'bench/reference'),
    base: `/${REFERENCE_DIR}/`,
    build: { outDir: path.join(webDist, REFERENCE_DIR), emptyOutDir: true, target: 'es2022', modulePreload: { polyfill: false } },
  });
}

/** The production server on its own PGlite folder (the first start imports F1DB), the clock pinned. */
async function startServer() {
  // One process (no npm wrapper), so stopping it stops the server.
  const server = spawn(process.execPath, productionServerArgs(), {
    cwd: path.join(root, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // As in production, where the server renders pages with React's production build, over plain HTTP here.
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-benchmark-session-secret-of-more-than-32-characters',
      PUBLIC_URL: origin,
      // Production requires one; the benchmark sends no mail.
      SMTP_URL: 'smtp://127.0.0.1:9',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data/bench'),
      SLIPSTREAM_NOW: '2025-07-05T12:00:00Z',
      LOG_LEVEL: 'warn',
      NEWS_REFRESH: 'false',
      F1DB_SYNC: 'false',
      LIVETIMING_SYNC: 'false',
      NEWS_FEEDS: '[]',
    },
  });
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return server;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  server.kill('SIGTERM');
  throw new Error('the server did not answer /api/health within 5 minutes');
}

/** Fills the server's F1 answer cache, so Lighthouse times the site as visitors find it, not a cold start. */
async function warmUp() {
  for (const page of PAGES) await fetch(`${origin}${page}`);
  const apiPaths = ['/api/meta', '/api/time', '/api/get-next', '/api/get-last', '/api/event-tracker', '/api/drivers?order=asc', '/api/teams', '/api/seasons/2025/meetings', '/api/ergast/f1/2024.json?limit=100'];
  for (const apiPath of apiPaths) await fetch(`${origin}${apiPath}`);
}

async function measure(pagePath, chromePort) {
  const samples = [];
  for (let i = 0; i < runs; i++) samples.push(await lighthouseOnce(pagePath, chromePort));
  samples.sort((a, b) => a.score - b.score);
  const median = samples[Math.floor(samples.length / 2)];
  return { ...median, verdict: verdict(pagePath, median) };
}

/** Lighthouse's report of one load; a load whose trace failed (NO_NAVSTART on a busy machine) is tried again. */
async function lighthouseReport(pagePath, chromePort, attempts = 3) {
  const { lhr } = await lighthouse(`${origin}${pagePath}`, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!lhr.runtimeError) return lhr;
  if (attempts <= 1) throw new Error(`${pagePath}: ${lhr.runtimeError.message}`);
  console.warn(`${pagePath}: ${lhr.runtimeError.code}, trying again`);
  return lighthouseReport(pagePath, chromePort, attempts - 1);
}

async function lighthouseOnce(pagePath, chromePort) {
  const lhr = await lighthouseReport(pagePath, chromePort);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  // One entry per script URL: the page's own requests, not the service worker's precaching.
  const scripts = [
    ...new Map(
      lhr.audits['network-requests'].details.items
        .filter((item) => item.resourceType === 'Script' && item.sessionTargetType !== 'worker' && item.url.startsWith(origin))
        .map((item) => [item.url, item]),
    ).values(),
  ];
  const gzipBytes = (await Promise.all(scripts.map((item) => gzipSizeOf(item.url)))).reduce((sum, bytes) => sum + bytes, 0);
  return {
    page: pagePath,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    fcpMs: Math.round(audit('first-contentful-paint')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(audit('total-blocking-time')),
    scripts: scripts.map((item) => item.url.slice(origin.length)),
    jsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsGzipBytes: gzipBytes,
  };
}

/** The size of one script compressed with gzip (level 9), whatever encoding the server chose on the wire. */
async function gzipSizeOf(url) {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  return gzipSync(body, { level: 9 }).length;
}

function verdict(pagePath, result) {
  const misses = [];
  if (result.score < TARGETS.score) misses.push(`score ${result.score} < ${TARGETS.score}`);
  if (result.lcpMs > TARGETS.lcpMs) misses.push(`LCP ${result.lcpMs} ms > ${TARGETS.lcpMs} ms`);
  if (!(result.cls < TARGETS.cls)) misses.push(`CLS ${result.cls} >= ${TARGETS.cls}`);
  if (pagePath === '/' && result.jsGzipBytes > TARGETS.homeJsGzipBytes) misses.push(`JS ${kB(result.jsGzipBytes)} > ${kB(TARGETS.homeJsGzipBytes)}`);
  return { pass: misses.length === 0, misses };
}

function kB(bytes) {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

function report(reference, pages) {
  const ratio = (value, base) => (base > 0 ? `${(value / base).toFixed(2)}×` : '-');
  const rows = [reference, ...pages].map((result) => ({
    page: result === reference ? `reference (${result.page})` : result.page,
    score: result.score,
    'LCP ms': result.lcpMs,
    'LCP/ref': ratio(result.lcpMs, reference.lcpMs),
    CLS: result.cls,
    'TBT ms': result.tbtMs,
    'JS gzip': kB(result.jsGzipBytes),
    'JS/ref': ratio(result.jsGzipBytes, reference.jsGzipBytes),
    'JS wire': kB(result.jsTransferBytes),
    result: result === reference ? '' : result.verdict.pass ? 'pass' : `FAIL: ${result.verdict.misses.join('; ')}`,
  }));
  console.log(`Lighthouse ${runs > 1 ? `median of ${runs} runs` : '1 run'} per page, mobile defaults, ${new Date().toISOString()}`);
  console.log(`Targets: score >= ${TARGETS.score}, LCP <= ${TARGETS.lcpMs} ms, CLS < ${TARGETS.cls}, home JS <= ${kB(TARGETS.homeJsGzipBytes)} gzip`);
  console.table(rows);
}

await main();
