import { describe, expect, it } from 'vitest';
import { PAGE_DESCRIPTIONS } from './page-descriptions';
import { matchPattern, pageAt, PAGES, seasonTitle, type SitePage } from './pages';

const pages = Object.entries(PAGES as Record<string, SitePage>);

describe('matchPattern', () => {
  it('takes one segment per parameter, none for an optional last one, and any rest for a star', () => {
    expect(matchPattern('/drivers/:code', '/drivers/VER')).toEqual({ code: 'VER' });
    expect(matchPattern('/drivers/:code', '/drivers')).toBeUndefined();
    expect(matchPattern('/drivers', '/drivers/VER')).toBeUndefined();
    expect(matchPattern('/race-results/:season?', '/race-results')).toEqual({});
    expect(matchPattern('/race-results/:season?', '/race-results/2024')).toEqual({ season: '2024' });
    expect(matchPattern('/schedule/:season/:meeting', '/schedule/2025/x')).toEqual({ season: '2025', meeting: 'x' });
    expect(matchPattern('/', '/')).toEqual({});
    expect(matchPattern('/', '/teams')).toBeUndefined();
    expect(matchPattern('/api/seasons/*', '/api/seasons/2025/meetings')).toEqual({});
    expect(matchPattern('/api/seasons/*', '/api/season-results/2025')).toBeUndefined();
    expect(matchPattern('*', '/no/such/page')).toEqual({});
  });
});

describe('the page registry', () => {
  it('finds the page at an address, and the not-found page where there is none', () => {
    expect(pageAt('/schedule/2025/british-grand-prix')).toMatchObject({ name: 'meeting', params: { an: '2025', meeting_name: 'british-grand-prix' } });
    expect(pageAt('/drivers/')).toMatchObject({ name: 'drivers' });
    expect(pageAt('/vote/results')).toMatchObject({ name: 'voteResults' });
    expect(pageAt('/admin/test')).toMatchObject({ name: 'adminTest' });
    expect(pageAt('/drivers/VER/more')).toMatchObject({ name: 'notFound' });
  });

  it('gives every page its own address and screen', () => {
    expect(new Set(pages.map(([, page]) => page.path)).size).toBe(pages.length);
    expect(new Set(pages.map(([, page]) => page.screen)).size).toBe(pages.length);
    // The catch-all comes last: the first match wins.
    expect(pages.at(-1)?.[0]).toBe('notFound');
  });

  it('gives every page without parameters a tab title (the home page has none) and a description, and the others neither', () => {
    const descriptions: Record<string, string> = PAGE_DESCRIPTIONS;
    for (const [name, page] of pages) {
      const head = { name, title: page.title, description: descriptions[name] };
      if (page.path.includes(':')) {
        expect(head).toEqual({ name, title: undefined, description: undefined });
      } else {
        expect(head.title === undefined, name).toBe(name === 'home');
        expect(head.description, name).toMatch(/^[A-Z].+\.$/);
      }
    }
  });

  it('names the featured season in a season page’s tab title once it is known', () => {
    expect(seasonTitle('schedule', 2025)).toBe('Schedule 2025');
    expect(seasonTitle('teams', undefined)).toBe('Team standings');
  });

  it('keeps guarded pages out of the sitemap and offline', () => {
    for (const [name, page] of pages) {
      if (page.access) expect({ name, sitemap: page.sitemap, offline: page.offline }).toEqual({ name, sitemap: undefined, offline: undefined });
    }
  });
});
