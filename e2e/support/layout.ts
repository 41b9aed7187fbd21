import type { Page } from '@playwright/test';
import { DARK_MODE_CLASS } from '@slipstream/contract';
import { expect, test as appTest } from './test';

type Theme = 'light' | 'dark';
type Layout = { width: number; theme: Theme };

/** A phone's and a desktop's window width. */
const widths = [390, 1280] as const;
const darkClass = new RegExp(`\\b${DARK_MODE_CLASS}\\b`);

/**
 * One test a width: `open` loads the page and waits for its content; the page must then fit the window's width in
 * the light theme and, once the system turns dark (the app follows it, as for a visitor who has not chosen), in the
 * dark one. With E2E_SCREENSHOTS set to a folder, `screenshots` saves pictures there for a person to look at. `test`
 * is the test function to declare them with (one with fixtures of its own, such as the accounts tests').
 */
export function testFitsEveryLayout(
  open: (page: Page) => Promise<void>,
  screenshots: (page: Page, folder: string, layout: Layout) => Promise<void>,
  test: typeof appTest = appTest,
) {
  for (const width of widths) {
    test(`fits ${width} px in both themes`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page);
      for (const theme of ['light', 'dark'] as const) {
        await showSystemTheme(page, theme);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const folder = process.env.E2E_SCREENSHOTS;
        if (folder) await screenshots(page, folder, { width, theme });
      }
    });
  }
}

async function showSystemTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme });
  const html = page.locator('html');
  if (theme === 'dark') await expect(html).toHaveClass(darkClass);
  else await expect(html).not.toHaveClass(darkClass);
}
