import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';

/**
 * Calendar subscription and what search engines and link previews see, in a real browser against the built
 * site (F1DB imported, racing clock pinned at 2025-07-05T12:00:00Z, PUBLIC_URL = the test server).
 */

/** Page errors, CSP messages in the console, and every securitypolicyviolation event the page saw. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`));
  });
}

test.describe('Add to calendar', () => {
  test('the schedule offers a webcal subscription and an .ics download of the season', async ({ page, baseURL }) => {
    await page.goto('/schedule');
    const section = page.getByRole('region', { name: 'Add to your calendar' });
    const host = new URL(baseURL!).host;
    await expect(section.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', `webcal://${host}/api/calendar/2025.ics?sessions=all`);

    const download = section.getByRole('link', { name: 'Download .ics' });
    const feed = await page.request.get((await download.getAttribute('href'))!);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = await feed.text();
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('SUMMARY:F1 British Grand Prix: Race\r\n');
    expect(ics).toContain('SUMMARY:F1 British Grand Prix: Practice 1\r\n');

    await section.getByRole('radio', { name: 'Qualifying, sprint and race' }).check();
    await expect(section.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', `webcal://${host}/api/calendar/2025.ics?sessions=main`);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('slipstream-f1-2025-main.ics');
    expect(file.url()).toBe(`${baseURL}/api/calendar/2025.ics?sessions=main`);
  });

  test('a meeting offers its own .ics file', async ({ page }) => {
    await page.goto('/schedule/2025/british-grand-prix');
    const link = page.getByRole('link', { name: 'Add the British Grand Prix sessions to your calendar (.ics file)' });
    await expect(link).toHaveAttribute('href', '/api/calendar/2025/12.ics');
    const feed = await page.request.get('/api/calendar/2025/12.ics');
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = await feed.text();
    expect(ics).toContain('X-WR-CALNAME:British Grand Prix 2025\r\n');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(5);
  });

  test('the controls fit a phone and a desktop in both themes', async ({ page }, testInfo) => {
    for (const width of [390, 1280]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 900 });
        // The theme is the footer toggle's saved choice (the app applies it as it starts).
        await page.goto('/schedule');
        await page.evaluate((dark) => localStorage.setItem('darkMode', String(dark)), scheme === 'dark');
        await page.reload();
        await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdarkmode\b/ : /^(?!.*\bdarkmode\b)/);
        const section = page.getByRole('region', { name: 'Add to your calendar' });
        await section.scrollIntoViewIfNeeded();
        await expect(section.getByRole('link', { name: 'Download .ics' })).toBeInViewport();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await section.screenshot({ path: testInfo.outputPath(`add-to-calendar-${width}-${scheme}.png`) });
        await page.goto('/schedule/2025/british-grand-prix');
        const meetingLink = page.getByRole('link', { name: /British Grand Prix sessions to your calendar/ });
        await expect(meetingLink).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(meetingLink).toBeInViewport();
        await page.screenshot({ path: testInfo.outputPath(`meeting-${width}-${scheme}.png`) });
      }
    }
  });
});

test.describe('what crawlers and link previews see', () => {
  test('a meeting page has its title, description, canonical, Open Graph tags and SportsEvent data, without CSP errors', async ({
    page,
    baseURL,
  }) => {
    const errors = collectErrors(page);
    await watchCsp(page);
    const canonical = `${baseURL}/schedule/2025/british-grand-prix`;

    // As served, before any JavaScript runs.
    const served = await page.request.get('/schedule/2025/british-grand-prix');
    expect(served.status()).toBe(200);
    const html = await served.text();
    expect(html).toContain('<title>British Grand Prix 2025 · Slipstream</title>');
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);

    await page.goto('/schedule/2025/british-grand-prix');
    await expect(page.getByRole('heading', { level: 1, name: 'British Grand Prix 2025' })).toBeVisible();
    await expect(page).toHaveTitle('British Grand Prix 2025 · Slipstream');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'British Grand Prix 2025');
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /British Grand Prix 2025/);

    const jsonLd = page.locator('script[type="application/ld+json"]');
    await expect(jsonLd).toHaveCount(1);
    const event = JSON.parse((await jsonLd.textContent())!) as Record<string, unknown>;
    expect(event).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'SportsEvent',
      name: 'British Grand Prix 2025',
      startDate: '2025-07-04T11:30:00.000Z',
      url: canonical,
      location: { '@type': 'Place', name: 'Silverstone Circuit', address: { addressCountry: 'GB' } },
    });

    expect(await cspViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('navigating updates the tab title and drops the first page’s canonical and structured data', async ({ page }) => {
    await page.goto('/schedule/2025/british-grand-prix');
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await page.getByRole('navigation').first().getByRole('link', { name: 'Schedule', exact: true }).click();
    await expect(page).toHaveURL('/schedule');
    await expect(page).toHaveTitle('Schedule 2025 · Slipstream');
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  });

  test('robots.txt keeps admin and account pages out and the sitemap lists the real pages', async ({ request, baseURL }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /admin\n');
    expect(robots).toContain('Disallow: /profile\n');
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${baseURL}/schedule/2025/british-grand-prix</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/drivers/VER</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/race-results/2014</loc>`);
    expect(xml).not.toContain('/admin');
  });
});
