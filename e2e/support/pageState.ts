import type { Page } from '@playwright/test';

/**
 * Pages arrive with their first API answers in them (their state, `<script id="page-state">`, modules/seo on the
 * server), so the app does not ask for them, and rendered from them. A test that fakes those answers in the browser
 * (page.route) takes the state and the rendering out of the page at path first, so the app asks the network and
 * renders the page itself as it would without them (the offline shell, an older server).
 */
export async function withoutPageState(page: Page, path: string) {
  await page.route((url) => url.pathname === path, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="application\/json" id="page-state">[^<]*<\/script>/, '')
      .replace(/<div id="app">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="app"></div>$1');
    await route.fulfill({ response, body: html });
  });
}
