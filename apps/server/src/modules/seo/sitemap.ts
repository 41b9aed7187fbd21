import { asc, eq } from 'drizzle-orm';
import { FIRST_RESULTS_SEASON } from '@slipstream/contract';
import { PAGES, type PageName, type SitePage } from '@slipstream/contract/pages';
import type { Db } from '../../db/client';
import { grandsPrix, races } from '../../db/schema';
import { uniqueSlugs } from '../f1/calendar/queries';
import { meetingPath } from './pages';

/** Every meeting page of every season, by the same slugs as the calendar (unique within a season). */
export async function allMeetingPaths(db: Db): Promise<string[]> {
  const rows = await db
    .select({ season: races.year, round: races.round, name: grandsPrix.fullName })
    .from(races)
    .innerJoin(grandsPrix, eq(grandsPrix.id, races.grandPrixId))
    .orderBy(asc(races.year), asc(races.round));
  const seasons = new Map<number, { name: string; round: number }[]>();
  for (const row of rows) seasons.set(row.season, [...(seasons.get(row.season) ?? []), row]);
  return [...seasons].flatMap(([season, meetings]) => uniqueSlugs(meetings).map((slug) => meetingPath({ season, slug })));
}

export type SitemapSources = { meetingPaths: string[]; driverCodes: string[]; featuredSeason: number };

type Pages = typeof PAGES;
type SitemapPage = { [N in PageName]: Pages[N] extends { sitemap: true } ? N : never }[PageName];
/** The pages in the sitemap whose path has parameters: listed at every address the data holds. */
type SitemapPageWithParams = { [N in SitemapPage]: Pages[N]['path'] extends `${string}:${string}` ? N : never }[SitemapPage];

const ADDRESSES: Record<SitemapPageWithParams, (sources: SitemapSources) => string[]> = {
  meeting: ({ meetingPaths }) => meetingPaths,
  driver: ({ driverCodes }) => driverCodes.map((code) => `/drivers/${encodeURIComponent(code)}`),
  raceResults: (sources) => resultsYears(sources).map((year) => `/race-results/${year}`),
  qualifyingResults: (sources) => resultsYears(sources).map((year) => `/qualifying-results/${year}`),
};

function resultsYears({ featuredSeason }: SitemapSources): number[] {
  return Array.from({ length: featuredSeason - FIRST_RESULTS_SEASON + 1 }, (_, i) => featuredSeason - i);
}

/** The site's public pages (those the page registry lists in the sitemap): every meeting, driver and results year. */
export function sitemapPaths(sources: SitemapSources): string[] {
  return (Object.keys(PAGES) as PageName[]).flatMap((name) => {
    const page: { path: string; sitemap?: boolean } = PAGES[name];
    if (!page.sitemap) return [];
    return name in ADDRESSES ? ADDRESSES[name as SitemapPageWithParams](sources) : [page.path];
  });
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

export function sitemapXml(publicUrl: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/**
 * Disallows the pages kept out of search results (those the page registry leaves out of the sitemap: account and
 * admin pages, which get noindex too) and the API; points to the sitemap.
 */
export function robotsTxt(publicUrl: string): string {
  const unlisted = Object.values<SitePage>(PAGES)
    .filter((page) => !page.sitemap && page.path !== PAGES.notFound.path)
    .map((page) => page.path);
  // A rule covers every path below its own (/admin: /admin/test).
  const disallowed = [...unlisted.filter((path) => !unlisted.some((other) => path.startsWith(`${other}/`))), '/api/'];
  return ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
