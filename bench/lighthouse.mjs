// Web performance budget: builds the site, starts the server on PGlite with the F1DB data and a
// pinned clock, and measures every page visitors land on, beside a blank React page built and served the same way
// as a reference measured in the same run:
// - Lighthouse (default mobile mode: simulated slow 4G, 4× CPU): score, LCP, CLS, total blocking time;
// - the first tap (bench/lib/first-tap.mjs): at 4× CPU, the burger menu (390 px) or a dropdown (1280 px) tapped the
//   moment the page is painted, the time until the menu shows, and INP;
// - a Chromium performance trace at 4× CPU (bench/lib/trace.mjs): the longest main-thread task after the first paint.
//
//   npm run bench:web [-- --runs 3] [-- --no-build] [-- --json reports/lighthouse.json] [-- --pages /,/drivers]
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
import { firstTap, TAP_TARGETS } from './lib/first-tap.mjs';
import { launchChromium, tasksAfterFirstPaint, traceLoad } from './lib/trace.mjs';
import { productionServerArgs } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');
const REFERENCE_DIR = 'bench-reference';
const REFERENCE_PATH = `/${REFERENCE_DIR}/index.html`;

/**
 * A page's LCP may be no later than the blank React page's in the same run; the home page's start-up JavaScript is
 * bench/bundleSize.test.ts's to guard (the JS column here counts every script a page loads).
 */
export const TARGETS = { score: 98, tbtMs: 150, cls: 0, firstTapMs: 200, inpMs: 200, longestTaskMs: 100 };
/** Every page visitors land on from outside (a meeting page of the pinned weekend among them). */
const ALL_PAGES = ['/', '/drivers', '/teams', '/schedule', '/schedule/2025/british-grand-prix', '/race-results/2024', '/qualifying-results/2024', '/live', '/vote'];

const args = process.argv.slice(2);
const runs = Number(valueOf('--runs') ?? 1);
const PAGES = valueOf('--pages')?.split(',') ?? ALL_PAGES;
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
  let browser;
  try {
    server = await startServer();
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    await warmUp();
    // The file itself: the SPA fallback answers a folder URL (static serving lists no folder index).
    const reference = await measure(REFERENCE_PATH, chrome.port);
    const pages = [];
    for (const page of PAGES) pages.push(await measure(page, chrome.port));
    await chrome.kill();
    chrome = undefined;
    browser = await launchChromium();
    const referenceTasks = await longestTasks(browser, REFERENCE_PATH);
    for (const page of pages) Object.assign(page, await longestTasks(browser, page.page), await firstTaps(browser, page.page));
    for (const page of pages) page.verdict = verdict(page, reference);
    report(reference, referenceTasks, pages);
    if (jsonOut) {
      fs.mkdirSync(path.dirname(path.resolve(root, jsonOut)), { recursive: true });
      fs.writeFileSync(path.resolve(root, jsonOut), `${JSON.stringify({ at: new Date().toISOString(), targets: TARGETS, reference: { ...reference, ...referenceTasks }, pages }, null, 2)}\n`);
    }
    process.exitCode = pages.every((page) => page.verdict.pass) ? 0 : 1;
  } finally {
    await chrome?.kill();
    await browser?.close();
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
  return samples[Math.floor(samples.length / 2)];
}

const median = (values) => {
  const known = values.filter((value) => value !== undefined).sort((a, b) => a - b);
  // A tap no menu answered counts as the worst of the runs.
  if (known.length < values.length) return undefined;
  return known[Math.floor(known.length / 2)];
};

/** The longest main-thread task after the first paint, at 4× CPU (median of the runs), and how many passed 100 ms. */
async function longestTasks(browser, pagePath) {
  const longest = [];
  for (let i = 0; i < runs; i++) {
    const { tasks } = tasksAfterFirstPaint(await traceLoad(browser, `${origin}${pagePath}`));
    longest.push(Math.round(Math.max(0, ...tasks.map((task) => task.ms))));
  }
  return { longestTaskMs: median(longest), longestTaskRuns: longest };
}

/** The first tap at each width (median of the runs): until the menu shows, and INP. */
async function firstTaps(browser, pagePath) {
  const taps = {};
  for (const width of Object.keys(TAP_TARGETS).map(Number)) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await firstTap(browser, `${origin}${pagePath}`, width));
    // web-vitals reports INP only for an interaction it saw last 16 ms or more: the median of those it reported.
    const inps = samples.map((sample) => sample.inpMs).filter((inp) => inp !== undefined);
    taps[width] = { ms: median(samples.map((sample) => sample.ms)), inpMs: inps.length ? median(inps) : undefined, runs: samples };
  }
  return { taps };
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
async function gzipSizeOf(url, attempts = 3) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    // A kept-alive connection the server closed as it was reused: ask again.
    if (attempts <= 1) throw error;
    return gzipSizeOf(url, attempts - 1);
  }
  const body = Buffer.from(await response.arrayBuffer());
  return gzipSync(body, { level: 9 }).length;
}

function verdict(result, reference) {
  const misses = [];
  if (result.score < TARGETS.score) misses.push(`score ${result.score} < ${TARGETS.score}`);
  if (result.tbtMs > TARGETS.tbtMs) misses.push(`TBT ${result.tbtMs} ms > ${TARGETS.tbtMs} ms`);
  if (result.lcpMs > reference.lcpMs) misses.push(`LCP ${result.lcpMs} ms later than the reference's`);
  if (result.cls > TARGETS.cls) misses.push(`CLS ${result.cls} > ${TARGETS.cls}`);
  if (!(result.longestTaskMs <= TARGETS.longestTaskMs)) misses.push(`a task of ${result.longestTaskMs} ms`);
  for (const [width, tap] of Object.entries(result.taps)) {
    if (tap.ms === undefined) misses.push(`no menu at ${width} px`);
    else if (tap.ms > TARGETS.firstTapMs) misses.push(`tap at ${width} px ${Math.round(tap.ms)} ms`);
    if (tap.inpMs !== undefined && tap.inpMs > TARGETS.inpMs) misses.push(`INP at ${width} px ${tap.inpMs} ms`);
  }
  return { pass: misses.length === 0, misses };
}

function kB(bytes) {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

function report(reference, referenceTasks, pages) {
  const ratio = (value, base) => (base > 0 ? `${(value / base).toFixed(2)}×` : '-');
  const ms = (value) => (value === undefined ? 'none' : Math.round(value));
  const rows = [{ ...reference, ...referenceTasks }, ...pages].map((result) => ({
    page: result.page === REFERENCE_PATH ? 'reference' : result.page,
    score: result.score,
    'LCP ms': result.lcpMs,
    'LCP/ref': ratio(result.lcpMs, reference.lcpMs),
    CLS: result.cls,
    'TBT ms': result.tbtMs,
    'task ms': result.longestTaskMs,
    'tap 390': result.taps ? ms(result.taps[390].ms) : '',
    'INP 390': result.taps ? (result.taps[390].inpMs ?? '-') : '',
    'tap 1280': result.taps ? ms(result.taps[1280].ms) : '',
    'INP 1280': result.taps ? (result.taps[1280].inpMs ?? '-') : '',
    'JS gzip': kB(result.jsGzipBytes),
    result: result.verdict ? (result.verdict.pass ? 'pass' : `FAIL: ${result.verdict.misses.join('; ')}`) : '',
  }));
  const median = runs > 1 ? `median of ${runs} runs` : '1 run';
  console.log(`Lighthouse (mobile defaults), first taps and traces at 4× CPU, ${median} each, ${new Date().toISOString()}`);
  console.log(
    `Targets: score >= ${TARGETS.score}, TBT <= ${TARGETS.tbtMs} ms, LCP <= the reference's, CLS ${TARGETS.cls}, ` +
      `longest task after the first paint <= ${TARGETS.longestTaskMs} ms, menu shown <= ${TARGETS.firstTapMs} ms after a tap at the first paint, INP <= ${TARGETS.inpMs} ms`,
  );
  console.table(rows);
}

await main();
