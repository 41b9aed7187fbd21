import type { Page } from '@playwright/test';

/**
 * Pages arrive with their first API answers written in (`served-answers`, modules/seo on the server), so the app
 * does not ask for them. A test that fakes those answers in the browser (page.route) takes them out of the page
 * at path first, so the app asks the network as a page without them would (the offline shell, an older server).
 */
export async function withoutServedAnswers(page: Page, path: string) {
  await page.route((url) => url.pathname === path, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="application\/json" id="served-answers">[^<]*<\/script>/, '');
    await route.fulfill({ response, body: html });
  });
}
