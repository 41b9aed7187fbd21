import type { Page } from '@playwright/test';
import { test } from './test';

/**
 * A visitor who chose dark mode in the footer, as the toggle leaves things: darkMode saved (docs/product.md, Across the site), and its
 * cookie, with which the server sends each page already dark (apps/web/src/lib/theme.ts).
 */
export async function chooseDarkMode(page: Page) {
  const url = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: 'darkMode', value: 'true', url }]);
  await page.addInitScript(() => localStorage.setItem('darkMode', 'true'));
}
