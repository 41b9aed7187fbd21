import { asc, eq } from 'drizzle-orm';
import { FIRST_RESULTS_SEASON } from '@slipstream/contract';
import type { Db } from '../../db/client';
import { grandsPrix, races } from '../../db/schema';
import { uniqueSlugs } from '../f1/calendar/queries';
import { meetingPath, PUBLIC_STATIC_PATHS } from './pages';

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

/** The site's public pages: the fixed ones, every meeting, the featured season's drivers, every results year. */
export function sitemapPaths({ meetingPaths, driverCodes, featuredSeason }: SitemapSources): string[] {
  const years = Array.from({ length: featuredSeason - FIRST_RESULTS_SEASON + 1 }, (_, i) => featuredSeason - i);
  return [
    ...PUBLIC_STATIC_PATHS,
    ...driverCodes.map((code) => `/drivers/${encodeURIComponent(code)}`),
    ...years.flatMap((year) => [`/race-results/${year}`, `/qualifying-results/${year}`]),
    ...meetingPaths,
  ];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

export function sitemapXml(publicUrl: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** Disallows the account and admin pages and the API; points to the sitemap. */
export function robotsTxt(publicUrl: string): string {
  const disallowed = [
    '/admin',
    '/update-teams',
    '/test',
    '/profile',
    '/update-profile',
    '/login',
    '/signup',
    '/forgot-password',
    '/confirm',
    '/auth-action',
    '/api/',
  ];
  return ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
