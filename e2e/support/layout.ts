import type { Page } from '@playwright/test';
import { expect, test as appTest } from './test';
import { chooseDarkMode } from './theme';

type Layout = { width: number; theme: 'light' | 'dark' };

/** A phone and a desktop window, each in both themes. */
const layouts: readonly Layout[] = [
  { width: 390, theme: 'light' },
  { width: 390, theme: 'dark' },
  { width: 1280, theme: 'light' },
  { width: 1280, theme: 'dark' },
];

/**
 * One test a layout: `open` loads the page and waits for its content; the page must then fit the window's width.
 * With E2E_SCREENSHOTS set to a folder, `screenshots` saves pictures there for a person to look at. `test` is the
 * test function to declare them with (one with fixtures of its own, such as the accounts tests').
 */
export function testFitsEveryLayout(
  open: (page: Page) => Promise<void>,
  screenshots: (page: Page, folder: string, layout: Layout) => Promise<void>,
  test: typeof appTest = appTest,
) {
  for (const { width, theme } of layouts) {
    test(`fits ${width} px in ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      if (theme === 'dark') await chooseDarkMode(page);
      await open(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const folder = process.env.E2E_SCREENSHOTS;
      if (folder) await screenshots(page, folder, { width, theme });
    });
  }
}
