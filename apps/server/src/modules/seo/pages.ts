import { FIRST_RESULTS_SEASON, driverCodeParams, meetingParams } from '@slipstream/contract';
import { type FixedPageName, PAGE_DESCRIPTIONS } from '@slipstream/contract/page-descriptions';
import { pageAt, type PageName, PAGES, seasonTitle, type SitePage } from '@slipstream/contract/pages';
import { HttpError } from '../../lib/errors';
import type { MeetingRecord } from '../f1/calendar/queries';
import { requireMeeting, seasonMeetings } from '../f1/calendar/service';
import { describeSession, meetingWindow, sessionWindow } from '../f1/calendar/timetable';
import { currentSeason, type F1Context } from '../f1/context';
import { requireDriver } from '../f1/standings/service';
import type { PageHead } from './head';

const isFixedPage = (name: PageName): name is FixedPageName => name in PAGE_DESCRIPTIONS;

/** The head of a page without parameters: public pages (those in the sitemap) are indexed at their address, the others not. */
function registryHead(name: FixedPageName): PageHead {
  const { path, title, sitemap, ogType }: SitePage = PAGES[name];
  const indexing = sitemap ? { canonicalPath: path } : { noindex: true };
  return { title, description: PAGE_DESCRIPTIONS[name], ...indexing, status: 200, ogType: ogType ?? 'website' };
}

/** The registry's head of the page at exactly this path; undefined for pages with parameters. */
function registryHeadAt(path: string): PageHead | undefined {
  const { name, page } = pageAt(path);
  return page.path === path && isFixedPage(name) ? registryHead(name) : undefined;
}

const NOT_FOUND: PageHead = { ...registryHead('notFound'), status: 404 };

/** One path without a trailing slash (the root stays "/"). */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The head of the page at pathname, from the same data as the API; a 404 head when the data has no such page. */
export async function pageHead(ctx: F1Context, publicUrl: string, pathname: string): Promise<PageHead> {
  const path = normalisePath(pathname);
  try {
    // The data's heads first: the schedule and the standings name the featured season in the registry's head.
    return (await dataPageHead(ctx, publicUrl, path.split('/').slice(1))) ?? registryHeadAt(path) ?? NOT_FOUND;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return NOT_FOUND;
    throw error;
  }
}

async function dataPageHead(ctx: F1Context, publicUrl: string, segments: string[]): Promise<PageHead | undefined> {
  const [first, second, third, ...rest] = segments.map(safeDecode);
  if (rest.length > 0 || first === undefined) return undefined;
  if (first === 'schedule' && second === undefined) return scheduleHead(ctx, publicUrl);
  if (first === 'schedule' && second !== undefined && third !== undefined) return meetingHead(ctx, publicUrl, second, third);
  if (third !== undefined) return undefined;
  if (first === 'teams' && second === undefined) return standingsHead(ctx, 'teams');
  if (first === 'drivers' && second === undefined) return standingsHead(ctx, 'drivers');
  if (first === 'drivers' && second !== undefined) return driverHead(ctx, second);
  if (first === 'qualifying-results' || first === 'race-results') return resultsHead(ctx, first, second);
  return undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function scheduleHead(ctx: F1Context, publicUrl: string): Promise<PageHead> {
  const season = await currentSeason(ctx);
  // A featured season not in the data yet still has its schedule page (which says so), not a 404.
  const meetings = await seasonMeetings(ctx, season);
  return {
    ...registryHead('schedule'),
    title: seasonTitle('schedule', season),
    jsonLd: meetings.length > 0 ? { '@context': 'https://schema.org', '@graph': meetings.map((m) => sportsEvent(m, publicUrl, false)) } : undefined,
  };
}

export function meetingPath(meeting: Pick<MeetingRecord, 'season' | 'slug'>): string {
  return `/schedule/${meeting.season}/${encodeURIComponent(meeting.slug)}`;
}

async function meetingHead(ctx: F1Context, publicUrl: string, year: string, slug: string): Promise<PageHead | undefined> {
  const params = meetingParams.safeParse({ year, slug });
  if (!params.success) return undefined;
  const meeting = await requireMeeting(ctx, params.data.year, params.data.slug);
  const { circuit } = meeting;
  return {
    title: `${meeting.name} ${meeting.season}`,
    description:
      `Round ${meeting.round} of the ${meeting.season} Formula 1 season at the ${circuit.fullName}, ${circuit.placeName}, ` +
      `${circuit.countryName}, race on ${raceDay(meeting)}: every session in your local time, the circuit and the results.`,
    canonicalPath: meetingPath(meeting),
    status: 200,
    ogType: 'website',
    jsonLd: { '@context': 'https://schema.org', ...sportsEvent(meeting, publicUrl, true) },
  };
}

/** "Sunday 6 July 2025", the race's day at the circuit. */
function raceDay(meeting: MeetingRecord): string {
  const race = meeting.sessions.find((s) => s.kind === 'RACE');
  const instant = race?.startsAt ? new Date(race.startsAt) : new Date(`${meeting.date}T12:00:00Z`);
  const timeZone = race?.startsAt ? meeting.circuit.timeZone : 'UTC';
  // From the parts, since ICU versions differ on a comma after the weekday.
  const parts = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** A race weekend as a schema.org SportsEvent; with its sessions as sub-events on the meeting's own page. */
function sportsEvent(meeting: MeetingRecord, publicUrl: string, withSessions: boolean): object {
  const window = meetingWindow(meeting.sessions);
  const { circuit } = meeting;
  return {
    '@type': 'SportsEvent',
    name: `${meeting.name} ${meeting.season}`,
    alternateName: meeting.officialName,
    sport: 'Formula 1',
    startDate: new Date(window.start).toISOString(),
    endDate: new Date(window.end).toISOString(),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    url: `${publicUrl}${meetingPath(meeting)}`,
    location: {
      '@type': 'Place',
      name: circuit.fullName,
      address: {
        '@type': 'PostalAddress',
        addressLocality: circuit.placeName,
        addressCountry: meeting.countryCode ?? circuit.countryName,
      },
      geo: { '@type': 'GeoCoordinates', latitude: circuit.latitude, longitude: circuit.longitude },
    },
    ...(withSessions
      ? {
          subEvent: meeting.sessions.map((session) => {
            const sessionTimes = sessionWindow(session);
            return {
              '@type': 'SportsEvent',
              name: `${meeting.name} ${meeting.season}: ${describeSession(session.kind, meeting.season, meeting.sprintQualifyingFormat)}`,
              startDate: session.startsAt ? new Date(sessionTimes.start).toISOString() : session.date,
              ...(session.startsAt ? { endDate: new Date(sessionTimes.end).toISOString() } : {}),
            };
          }),
        }
      : {}),
  };
}

async function standingsHead(ctx: F1Context, kind: 'teams' | 'drivers'): Promise<PageHead> {
  return { ...registryHead(kind), title: seasonTitle(kind, await currentSeason(ctx)) };
}

async function driverHead(ctx: F1Context, code: string): Promise<PageHead | undefined> {
  const params = driverCodeParams.safeParse({ code });
  if (!params.success) return undefined;
  const season = await currentSeason(ctx);
  const driver = await requireDriver(ctx, season, params.data.code);
  const name = `${driver.primulNume} ${driver.alDoileaNume}`;
  return {
    title: name,
    description: `${name}’s ${season} Formula 1 season race by race${driver.echipa ? ` with ${driver.echipa}` : ''}, the championship points after every round and career numbers.`,
    canonicalPath: `/drivers/${driver.code}`,
    status: 200,
    ogType: 'profile',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Person',
      name,
      ...(driver.nationality ? { nationality: driver.nationality } : {}),
      ...(driver.echipa ? { memberOf: { '@type': 'SportsTeam', name: driver.echipa, sport: 'Formula 1' } } : {}),
    },
  };
}

async function resultsHead(ctx: F1Context, kind: 'qualifying-results' | 'race-results', year: string | undefined): Promise<PageHead | undefined> {
  const name = kind === 'race-results' ? 'Race results' : 'Qualifying results';
  if (year === undefined) {
    return {
      title: name,
      description: `${name} of every Formula 1 round since ${FIRST_RESULTS_SEASON}, newest first.`,
      canonicalPath: `/${kind}`,
      status: 200,
      ogType: 'website',
    };
  }
  const season = Number(year);
  if (!/^\d{4}$/.test(year) || season < FIRST_RESULTS_SEASON || season > (await currentSeason(ctx))) return undefined;
  return {
    title: `${name} ${season}`,
    description: `${name} of every round of the ${season} Formula 1 season, newest first.`,
    canonicalPath: `/${kind}/${season}`,
    status: 200,
    ogType: 'website',
  };
}
