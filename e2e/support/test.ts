import { test as base, type BrowserContext, type Page } from '@playwright/test';

/**
 * The pages visitors land on arrive rendered by the server, and the app takes them over only after they are
 * painted (apps/web/public/boot.js): until then a link is a plain link and a button does nothing. A test, unlike
 * a person, acts the moment the page has loaded, so every page of these tests waits after goto and reload until
 * the app has started on it (`<html data-app-started>`, apps/web/src/main.tsx). A navigation given its own
 * `waitUntil` is left as it is: a test that blocks the app's scripts looks at the page without the app.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    waitForTheAppOnEveryPage(context);
    await use(context);
  },
});
export { expect } from '@playwright/test';

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
  await page.waitForFunction(() => !document.getElementById('app-scripts') || document.documentElement.hasAttribute('data-app-started'));
  return response;
}
