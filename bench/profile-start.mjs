// What a page's start costs on a phone's CPU: loads each page in Chromium at 4× CPU slowdown with a performance
// trace and prints its main thread's tasks after the first paint, the long ones (over 50 ms) with the functions
// that took their time (inclusive, from the trace's JavaScript CPU profile). For finding what to cut; the budgets
// are bench/lighthouse.mjs's. An unminified build names React's and the app's functions:
//
//   npx vite build --minify false (in apps/web), then the server, then
//   node bench/profile-start.mjs http://127.0.0.1:3005 / /schedule [--width 1280] [--top 30] [--repeat 3]
import { CPU_SLOWDOWN, LONG_TASK_MS, cpuSamples, launchChromium, tasksAfterFirstPaint, traceLoad } from './lib/trace.mjs';

const args = process.argv.slice(2);
const option = (flag, fallback) => {
  const at = args.indexOf(flag);
  if (at === -1) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const width = Number(option('--width', 390));
const top = Number(option('--top', 30));
const repeat = Number(option('--repeat', 1));
const [origin, ...paths] = args;

const browser = await launchChromium();
try {
  for (const pagePath of paths) {
    for (let run = 0; run < repeat; run++) {
      const events = await traceLoad(browser, `${origin}${pagePath}`, { width });
      report(pagePath, events);
    }
  }
} finally {
  await browser.close();
}

function report(pagePath, events) {
  const { firstPaintMs, tasks, main } = tasksAfterFirstPaint(events);
  const long = tasks.filter((task) => task.ms > LONG_TASK_MS);
  const blocking = long.reduce((sum, task) => sum + task.ms - LONG_TASK_MS, 0);
  const busy = tasks.reduce((sum, task) => sum + task.ms, 0);
  console.log(`\n${pagePath} at ${width} px, ${CPU_SLOWDOWN}× CPU: first paint ${firstPaintMs.toFixed(0)} ms; after it ${tasks.length} tasks, busy ${busy.toFixed(0)} ms, ${long.length} over ${LONG_TASK_MS} ms (blocking ${blocking.toFixed(0)} ms), longest ${Math.max(0, ...tasks.map((t) => t.ms)).toFixed(0)} ms`);
  const samples = cpuSamples(events, main);
  for (const task of long) {
    const inTask = samples.filter((sample) => sample.ts >= task.ts && sample.ts < task.ts + task.dur);
    const inclusive = new Map();
    for (const sample of inTask) {
      const seen = new Set();
      for (const frame of sample.stack) {
        const name = frameName(frame);
        if (seen.has(name)) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + sample.ms);
      }
    }
    const sampled = inTask.reduce((sum, sample) => sum + sample.ms, 0);
    console.log(`  task at ${task.startMs.toFixed(0)} ms: ${task.ms.toFixed(0)} ms (${sampled.toFixed(0)} ms sampled)`);
    console.log(`    trace events (self): ${task.work.filter(([, ms]) => ms >= 1).map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}`);
    for (const [name, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  }
}

function frameName({ functionName, url, lineNumber }) {
  const file = url ? url.replace(/^.*\//, '') : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
}
