import {
  TOO_SOON_MESSAGE,
  type CircuitSummary,
  type HeroMeeting,
  type LastMeetingResponse,
  type MeetingSummary,
  type NextMeetingResponse,
  type ResultsKnown,
  type SeasonScheduleResponse,
} from '@slipstream/contract';
import { remember } from '../../../lib/cache';
import { notFound } from '../../../lib/errors';
import { DATA_TTL_SECONDS, dataKey, type F1Context } from '../context';
import { racesFinished, racesWithResults, resultsKnownAfter, storedResults, type StoredResults } from './known';
import { loadSeasonMeetings, loadSeasonYears, type MeetingRecord } from './queries';
import { meetingStatus, meetingWindow, sessionFinished, timetable } from './timetable';

/** The last-race section stays hidden while the next meeting is this close (or already running). */
const TOO_SOON_MS = 24 * 60 * 60 * 1000;

export function seasonMeetings(ctx: F1Context, year: number): Promise<MeetingRecord[]> {
  return remember(ctx.cache, dataKey(ctx, 'meetings', year), DATA_TTL_SECONDS, () => loadSeasonMeetings(ctx.db, year));
}

/** The last round of the season whose race has finished by the clock; 0 before the first. */
export async function lastFinishedRound(ctx: F1Context, year: number): Promise<number> {
  const meetings = await seasonMeetings(ctx, year);
  return meetings.filter((m) => sessionFinished(m.sessions, 'RACE', ctx.now)).at(-1)?.round ?? 0;
}

export function seasonYears(ctx: F1Context): Promise<number[]> {
  return remember(ctx.cache, dataKey(ctx, 'seasons'), DATA_TTL_SECONDS, () => loadSeasonYears(ctx.db));
}

/** The meetings of a season that exists in the data, else a 404. */
export async function requireSeason(ctx: F1Context, year: number): Promise<MeetingRecord[]> {
  const meetings = await seasonMeetings(ctx, year);
  if (meetings.length === 0) throw notFound(`No F1 season ${year} in the data`);
  return meetings;
}

export async function requireMeeting(ctx: F1Context, year: number, slug: string): Promise<MeetingRecord> {
  const meeting = (await requireSeason(ctx, year)).find((m) => m.slug === slug);
  if (!meeting) throw notFound(`No meeting "${slug}" in the ${year} season`);
  return meeting;
}

const isFinished = (meeting: MeetingRecord, now: Date) => meetingWindow(meeting.sessions).end <= now.getTime();

/**
 * The meeting being raced now, or else the next to start: the first whose race has not finished. During a
 * race weekend this is that weekend, so the home page keeps showing it until the race is over.
 */
export async function currentOrNextMeeting(ctx: F1Context): Promise<MeetingRecord | null> {
  // A season's races all fall in its year, so earlier seasons are over (the year before is kept for safety).
  const years = (await seasonYears(ctx)).filter((year) => year >= ctx.now.getUTCFullYear() - 1);
  for (const year of years) {
    const meeting = (await seasonMeetings(ctx, year)).find((m) => !isFinished(m, ctx.now));
    if (meeting) return meeting;
  }
  return null;
}

/** The latest meeting whose race has finished (race start plus its assumed two hours). */
export async function lastFinishedMeeting(ctx: F1Context): Promise<MeetingRecord | null> {
  const years = await seasonsSoFarNewestFirst(ctx);
  for (const year of years) {
    const meeting = (await seasonMeetings(ctx, year)).findLast((m) => isFinished(m, ctx.now));
    if (meeting) return meeting;
  }
  return null;
}

export async function nextMeeting(ctx: F1Context): Promise<NextMeetingResponse> {
  const meeting = await currentOrNextMeeting(ctx);
  if (!meeting) throw notFound('No upcoming meeting in the data');
  return {
    fomRaceId: meeting.raceId,
    race: raceHeadline(meeting),
    meetingContext: { season: meeting.season, nr_runda: meeting.round },
    slug: meeting.slug,
  };
}

/**
 * When the last race gives way to the upcoming meeting: a day before it starts. From then on /get-last answers
 * the too-soon message and the fan vote on the last race is closed.
 */
export function lastRaceGivesWayAt(upcoming: MeetingRecord): number {
  return meetingWindow(upcoming.sessions).start - TOO_SOON_MS;
}

export async function lastMeeting(ctx: F1Context): Promise<LastMeetingResponse> {
  const upcoming = await currentOrNextMeeting(ctx);
  if (upcoming && ctx.now.getTime() >= lastRaceGivesWayAt(upcoming)) {
    return { message: TOO_SOON_MESSAGE };
  }
  const meeting = await lastFinishedMeeting(ctx);
  if (!meeting) throw notFound('No finished meeting in the data');
  return {
    fomRaceId: meeting.raceId,
    race: { ...raceHeadline(meeting), meetingEndDate: isoEnd(meeting) },
    meetingContext: { season: meeting.season, nr_runda: meeting.round, status: 'completed' },
    slug: meeting.slug,
    latestResults: await latestResults(ctx),
  };
}

/** The latest race finished by the clock that has results, and the finished races since that have none yet. */
export async function latestResults(ctx: F1Context): Promise<ResultsKnown> {
  const years = await seasonsSoFarNewestFirst(ctx);
  const finished: MeetingRecord[] = [];
  for (const year of years) {
    const [meetings, withResults] = await Promise.all([seasonMeetings(ctx, year), racesWithResults(ctx, year)]);
    finished.unshift(...racesFinished(meetings, ctx.now));
    const latest = finished.findLast((m) => m.season === year && withResults.has(m.raceId));
    if (latest) return resultsKnownAfter(latest, finished, withResults);
  }
  return resultsKnownAfter(null, finished, new Set());
}

export async function eventTracker(ctx: F1Context): Promise<{ data: HeroMeeting[] }> {
  const meeting = await currentOrNextMeeting(ctx);
  return { data: meeting ? [heroMeeting(meeting, ctx.now, await storedResults(ctx, meeting.season))] : [] };
}

function heroMeeting(meeting: MeetingRecord, now: Date, stored: StoredResults): HeroMeeting {
  return {
    race: { ...raceHeadline(meeting), meetingOfficialName: meeting.officialName, meetingEndDate: isoEnd(meeting) },
    circuitSmallImage: { url: drawingUrl(meeting.circuit.layoutId) },
    fomRaceId: meeting.raceId,
    meetingContext: {
      status: meetingStatus(meetingWindow(meeting.sessions), now),
      season: meeting.season,
      nr_runda: meeting.round,
      timetables: meetingTimetable(meeting, now, true, stored),
    },
    slug: meeting.slug,
    circuit: circuitSummary(meeting),
  };
}

export async function seasonSchedule(ctx: F1Context, year: number): Promise<SeasonScheduleResponse> {
  const meetings = await requireSeason(ctx, year);
  const hero = await currentOrNextMeeting(ctx);
  const current = meetings.find((m) => !isFinished(m, ctx.now));
  const stored = await storedResults(ctx, year);
  return {
    season: year,
    meetings: meetings.map((m) =>
      meetingSummary(m, ctx.now, { isCurrent: m.raceId === current?.raceId, holdsNextSession: m.raceId === hero?.raceId }, stored),
    ),
  };
}

/**
 * A meeting of a season's schedule. isCurrent marks the season's current or next meeting; the next session
 * to start is flagged only in the meeting that holds it (the site-wide current or next meeting).
 */
export function meetingSummary(
  meeting: MeetingRecord,
  now: Date,
  flags: { isCurrent: boolean; holdsNextSession: boolean },
  stored: StoredResults,
): MeetingSummary {
  return {
    raceId: meeting.raceId,
    season: meeting.season,
    round: meeting.round,
    meetingName: meeting.name,
    officialName: meeting.officialName,
    slug: meeting.slug,
    countryName: meeting.countryName,
    countryCode: meeting.countryCode,
    startDate: isoStart(meeting),
    endDate: isoEnd(meeting),
    isSprintWeekend: meeting.isSprintWeekend,
    status: meetingStatus(meetingWindow(meeting.sessions), now),
    isCurrent: flags.isCurrent,
    circuit: circuitSummary(meeting),
    timetables: meetingTimetable(meeting, now, flags.holdsNextSession, stored),
  };
}

/** The flags of a meeting looked up on its own: is it the current one, and does it hold the next session? */
export async function meetingFlags(ctx: F1Context, meeting: MeetingRecord) {
  const hero = await currentOrNextMeeting(ctx);
  const current = (await seasonMeetings(ctx, meeting.season)).find((m) => !isFinished(m, ctx.now));
  return { isCurrent: current?.raceId === meeting.raceId, holdsNextSession: hero?.raceId === meeting.raceId };
}

function meetingTimetable(meeting: MeetingRecord, now: Date, holdsNextSession: boolean, stored: StoredResults) {
  return timetable(
    {
      season: meeting.season,
      sprintQualifyingFormat: meeting.sprintQualifyingFormat,
      timeZone: meeting.circuit.timeZone,
      sessions: meeting.sessions,
      cancelledSessions: meeting.cancelledSessions,
    },
    now,
    holdsNextSession,
    stored.get(meeting.raceId),
  );
}

function circuitSummary(meeting: MeetingRecord): CircuitSummary {
  const { id, layoutId, name, fullName, placeName, countryName, timeZone } = meeting.circuit;
  return { id, layoutId, name, fullName, placeName, countryName, timeZone, svgUrl: drawingUrl(layoutId) };
}

/** Our circuit drawing; the white variant unless ?variant= asks for another. */
function drawingUrl(layoutId: string): string {
  return `/api/circuits/${layoutId}.svg`;
}

/** The seasons up to the clock's year, the latest first. */
async function seasonsSoFarNewestFirst(ctx: F1Context): Promise<number[]> {
  return (await seasonYears(ctx)).filter((year) => year <= ctx.now.getUTCFullYear()).reverse();
}

/** The name, country and start every meeting answer gives its race. */
function raceHeadline(meeting: MeetingRecord) {
  return { meetingName: meeting.name, meetingCountryName: meeting.countryName, meetingStartDate: isoStart(meeting) };
}

const isoStart = (meeting: MeetingRecord) => new Date(meetingWindow(meeting.sessions).start).toISOString();
const isoEnd = (meeting: MeetingRecord) => new Date(meetingWindow(meeting.sessions).end).toISOString();
