// A page load in Chromium at a phone's CPU speed, traced: its main thread's tasks after the first paint, and what
// ran in them (the JavaScript CPU profile). Used by bench/lighthouse.mjs and bench/profile-start.mjs.
import { chromium } from 'playwright-core';

export const CPU_SLOWDOWN = 4;
export const LONG_TASK_MS = 50;

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
];

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A fresh page (no cache, no service worker) at width × 800 with its CPU slowed down `CPU_SLOWDOWN` times. */
export async function slowPage(browser, width) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    deviceScaleFactor: width < 500 ? 3 : 1,
    isMobile: width < 500,
    hasTouch: width < 500,
    serviceWorkers: 'block',
  });
  // The cookie notice stays closed, as for a visitor who has been here before: it covers the burger otherwise.
  await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, cdp };
}

/** Loads url in a traced page and returns the trace's events, once the page has been quiet for `settleMs`. */
export async function traceLoad(browser, url, { width = 390, settleMs = 3000 } = {}) {
  const { context, page } = await slowPage(browser, width);
  try {
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'load' });
    // Waiting, not asking the page: a script run in it would be a task of the trace.
    await page.waitForTimeout(settleMs);
    const buffer = await browser.stopTracing();
    return JSON.parse(buffer.toString()).traceEvents;
  } finally {
    await context.close();
  }
}

/** The page's renderer main thread: the thread that painted the page's first contentful paint. */
function mainThreadOf(events) {
  const paint = events.find((event) => event.name === 'firstContentfulPaint') ?? events.find((event) => event.name === 'firstPaint');
  if (paint) return { pid: paint.pid, tid: paint.tid };
  const named = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  return { pid: named.pid, tid: named.tid };
}

/**
 * The main thread's tasks from the first paint on: start and duration (ms after the navigation started), and
 * what took their time (trace events nested in them, by name, self time).
 */
export function tasksAfterFirstPaint(events) {
  const main = mainThreadOf(events);
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
  const navigationStart = Math.min(...events.filter((e) => e.name === 'navigationStart' && e.pid === main.pid).map((e) => e.ts));
  const firstPaint = onMain.find((event) => event.name === 'firstContentfulPaint')?.ts ?? onMain.find((event) => event.name === 'firstPaint')?.ts ?? navigationStart;
  const tasks = topLevelTasks(onMain).filter((task) => task.ts >= firstPaint);
  return {
    navigationStart,
    firstPaintMs: (firstPaint - navigationStart) / 1000,
    tasks: tasks.map((task) => ({ startMs: (task.ts - navigationStart) / 1000, ms: task.dur / 1000, ts: task.ts, dur: task.dur, work: selfTimes(onMain, task) })),
    main,
  };
}

/** The thread's outermost tasks (Chromium nests a RunTask in a RunTask for some task queues). */
function topLevelTasks(onThread) {
  const tasks = onThread.filter((event) => event.ph === 'X' && event.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  const outer = [];
  for (const task of tasks) if (!outer.length || task.ts >= outer.at(-1).ts + outer.at(-1).dur) outer.push(task);
  return outer;
}

/** The trace events nested in a task, by name, each with its self time (ms): what the task spent its time on. */
function selfTimes(onThread, task) {
  const nested = onThread
    .filter((event) => event.ph === 'X' && event !== task && event.ts >= task.ts && event.ts < task.ts + task.dur && event.name !== 'RunTask')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const open = [{ name: '(task)', end: task.ts + task.dur, child: 0, dur: task.dur }];
  const close = (until) => {
    while (open.length > 1 && open.at(-1).end <= until) {
      const done = open.pop();
      self.set(done.name, (self.get(done.name) ?? 0) + (done.dur - done.child) / 1000);
    }
  };
  for (const event of nested) {
    close(event.ts);
    open.at(-1).child += event.dur ?? 0;
    open.push({ name: event.name, end: event.ts + (event.dur ?? 0), child: 0, dur: event.dur ?? 0 });
  }
  close(Infinity);
  const root = open[0];
  self.set('(task)', (root.dur - root.child) / 1000);
  return [...self].sort((a, b) => b[1] - a[1]);
}

/** The JavaScript CPU profile the trace carries (its ProfileChunk events), as samples with their call stacks. */
export function cpuSamples(events, main) {
  const nodes = new Map();
  const samples = [];
  const profiles = new Map();
  for (const event of events) {
    if (event.pid !== main.pid) continue;
    if (event.name === 'Profile') profiles.set(event.id, { startTime: event.args.data.startTime, tid: event.tid, last: event.args.data.startTime });
    if (event.name !== 'ProfileChunk') continue;
    const profile = profiles.get(event.id);
    if (!profile || profile.tid !== main.tid) continue;
    const data = event.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(`${event.id}:${node.id}`, { ...node, key: `${event.id}:${node.id}`, parentKey: node.parent === undefined ? undefined : `${event.id}:${node.parent}` });
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (const [index, id] of ids.entries()) {
      profile.last += deltas[index] ?? 0;
      samples.push({ ts: profile.last, node: `${event.id}:${id}` });
    }
  }
  const stackOf = (key) => {
    const stack = [];
    for (let node = nodes.get(key); node; node = node.parentKey ? nodes.get(node.parentKey) : undefined) stack.push(node.callFrame);
    return stack;
  };
  return samples.map((sample, index) => ({ ts: sample.ts, ms: ((samples[index + 1]?.ts ?? sample.ts) - sample.ts) / 1000, stack: stackOf(sample.node) }));
}
