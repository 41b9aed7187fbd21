// The first tap on a page, on a phone's CPU: the page opens in Chromium at 4× CPU slowdown, and the moment its
// content is painted (first contentful paint) the burger menu (390 px, a touch) or the Standings dropdown (1280 px,
// a click) is tapped. Measured in the page: from the tap's input event to the first frame in which the menu is
// visible, and web-vitals' interaction to next paint (INP) for that tap.
/* global window, document, requestAnimationFrame, addEventListener */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { slowPage } from './trace.mjs';

// The package exports its modules only; its script for pages sits beside them.
const webVitalsDir = path.dirname(createRequire(import.meta.url).resolve('web-vitals'));
const webVitalsScript = fs.readFileSync(path.join(webVitalsDir, 'web-vitals.iife.js'), 'utf8');

/** The control tapped at each width: the first control of the navbar a visitor reaches for. */
export const TAP_TARGETS = {
  390: { name: 'burger menu', selector: 'header button[aria-controls]:is([aria-label="Open menu"], [aria-label="Close menu"])' },
  1280: { name: 'Standings dropdown', selector: 'header nav button[aria-controls]' },
};
const GIVE_UP_MS = 10_000;

/**
 * Runs in the page before its own scripts: reports the first contentful paint with the tapped control's
 * position, notes the tap's input time, and watches every frame after it for the control's menu to show.
 */
function watchFirstTap(selector) {
  const state = { tapAt: undefined, visibleAt: undefined, inp: undefined };
  window.__firstTap = state;
  const report = () => {
    const button = document.querySelector(selector);
    if (!button) return window.__painted({ missing: true });
    const box = button.getBoundingClientRect();
    window.__painted({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
  };
  new PerformanceObserver((list, observer) => {
    if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
    observer.disconnect();
    report();
  }).observe({ type: 'paint', buffered: true });
  const menuShows = () => {
    const button = document.querySelector(selector);
    const menu = button && document.getElementById(button.getAttribute('aria-controls'));
    return Boolean(menu?.checkVisibility());
  };
  const watch = () => {
    if (menuShows()) state.visibleAt = performance.now();
    else requestAnimationFrame(watch);
  };
  addEventListener(
    'pointerdown',
    (event) => {
      if (state.tapAt !== undefined) return;
      state.tapAt = event.timeStamp;
      requestAnimationFrame(watch);
    },
    { capture: true, passive: true },
  );
  addEventListener('DOMContentLoaded', () =>
    window.webVitals.onINP((metric) => (state.inp = metric.value), { reportAllChanges: true, durationThreshold: 16 }),
  );
}

/** One page load at width, tapped at its first contentful paint: { ms, inpMs } (ms undefined: no menu showed). */
export async function firstTap(browser, url, width) {
  const target = TAP_TARGETS[width];
  const { context, page } = await slowPage(browser, width);
  try {
    let painted;
    const paintedAt = new Promise((resolve) => (painted = resolve));
    await page.exposeBinding('__painted', (_source, position) => painted(position));
    await page.addInitScript({ content: `${webVitalsScript}\nwindow.webVitals = webVitals;` });
    await page.addInitScript(watchFirstTap, target.selector);
    await page.goto(url, { waitUntil: 'commit' });
    const position = await Promise.race([paintedAt, new Promise((resolve) => setTimeout(resolve, GIVE_UP_MS))]);
    if (!position || position.missing) throw new Error(`${url} at ${width} px: no ${target.name} painted`);
    if (width < 500) await page.touchscreen.tap(position.x, position.y);
    else await page.mouse.click(position.x, position.y);
    const deadline = Date.now() + GIVE_UP_MS;
    let state;
    do {
      await page.waitForTimeout(250);
      state = await page.evaluate(() => window.__firstTap);
    } while (state.visibleAt === undefined && Date.now() < deadline);
    // INP is reported once the interaction's next paint is known; give it that paint.
    await page.waitForTimeout(250);
    state = await page.evaluate(() => window.__firstTap);
    return { ms: state.visibleAt === undefined ? undefined : Math.max(0, state.visibleAt - state.tapAt), inpMs: state.inp};
  } finally {
    await context.close();
  }
}
