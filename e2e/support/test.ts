import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { E2E_NOW, moveServerClock } from './clock';

/**
 * The pages visitors land on arrive rendered by the server, and the app takes them over only after they are
 * painted (apps/web/public/boot.js): until then a link is a plain link and a button does nothing. A test, unlike
 * a person, acts the moment the page has loaded, so every page of these tests waits after goto and reload until
 * the app has taken the page itself over (`<html data-page-shown>`, apps/web/src/app/shell/RouteError.tsx: after the
 * shell's `data-app-started`, as React hydrates the page's boundary after the shell). A navigation given its own
 * `waitUntil` is left as it is: a test that blocks the app's scripts looks at the page without the app.
 */
type Fixtures = {
  /** Whether the visitor has already closed the cookie notice, so it covers nothing; off for the notice's own test. */
  cookieNoticeClosed: boolean;
  /** Moves the server's racing clock for this test; it goes back to E2E_NOW once the test is over. */
  setClock: (now: string) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  cookieNoticeClosed: [true, { option: true }],
  context: async ({ context, cookieNoticeClosed }, use) => {
    if (cookieNoticeClosed) await closeCookieNotice(context);
    waitForTheAppOnEveryPage(context);
    await use(context);
  },
  setClock: async ({ request }, use) => {
    let moved = false;
    await use(async (now) => {
      moved = true;
      await moveServerClock(request, now);
    });
    if (moved) await moveServerClock(request, E2E_NOW);
  },
});
export { expect } from '@playwright/test';

/** Every page of the context opens as for a visitor who has closed the cookie notice before. */
export async function closeCookieNotice(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('cookieAccepted', 'true'));
}

export function waitForTheAppOnEveryPage(context: BrowserContext): void {
  for (const page of context.pages()) waitForTheApp(page);
  context.on('page', waitForTheApp);
}

function waitForTheApp(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => untilStarted(page, await goto(url, options), options);
  page.reload = async (options) => untilStarted(page, await reload(options), options);
}

async function untilStarted<T>(page: Page, response: T, options?: { waitUntil?: string }): Promise<T> {
  if (options?.waitUntil) return response;
  await page.waitForFunction(() => !document.getElementById('app-scripts') || document.documentElement.hasAttribute('data-page-shown'));
  return response;
}
