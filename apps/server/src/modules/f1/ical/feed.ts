import { max } from 'drizzle-orm';
import type { CalendarSessions, SessionKind } from '@slipstream/contract';
import { meetingCalendarPath, seasonCalendarPath } from '@slipstream/contract';
import type { Db } from '../../../db/client';
import { auditEntries, dataImports } from '../../../db/schema';
import type { MeetingRecord } from '../calendar/queries';
import { describeSession, sessionWindow, type SessionRecord } from '../calendar/timetable';
import { icsDate, serialise, utcDateTime, escapeText, type IcsComponent, type IcsProperty } from './icalendar';

/** Qualifying, sprint and race: the sessions of ?sessions=main (the split qualifying of 2003-2005 included). */
const MAIN_SESSIONS: ReadonlySet<SessionKind> = new Set(['QUALIFYING_1', 'QUALIFYING_2', 'QUALIFYING', 'SPRINT', 'RACE']);

/** How often a subscribed calendar should look again: often enough to catch a moved session within the day. */
const REFRESH_INTERVAL = 'PT6H';

/**
 * What the calendar's data last changed: the later of the last import and the last admin edit. The sequence
 * is the sum of their ids, so it grows with every import or edit and a subscribed calendar replaces its copy.
 */
export type FeedRevision = { sequence: number; lastModified: Date };

export async function feedRevision(db: Db, dataVersion: number, editRevision: number): Promise<FeedRevision> {
  const [[lastImport], [lastEdit]] = await Promise.all([
    db.select({ at: max(dataImports.finishedAt) }).from(dataImports),
    db.select({ at: max(auditEntries.at) }).from(auditEntries),
  ]);
  const times = [lastImport?.at, lastEdit?.at].filter((at): at is Date => at instanceof Date).map((at) => at.getTime());
  return { sequence: dataVersion + editRevision, lastModified: new Date(times.length > 0 ? Math.max(...times) : 0) };
}

export type FeedSite = { publicUrl: string };

function selectSessions(sessions: SessionRecord[], filter: CalendarSessions): SessionRecord[] {
  return filter === 'all' ? sessions : sessions.filter((s) => MAIN_SESSIONS.has(s.kind));
}

export function seasonCalendar(
  season: number,
  meetings: MeetingRecord[],
  filter: CalendarSessions,
  revision: FeedRevision,
  site: FeedSite,
): string {
  const name = filter === 'all' ? `Formula 1 ${season}` : `Formula 1 ${season}: qualifying, sprint and race`;
  const what = filter === 'all' ? 'Every session' : 'The qualifying, sprint and race sessions';
  return calendar(
    {
      name,
      description: `${what} of the ${season} Formula 1 season, from Slipstream (an unofficial fan site). Times are in UTC; your calendar shows them in your time zone.`,
      source: `${site.publicUrl}${seasonCalendarPath(season, filter)}`,
      url: `${site.publicUrl}/schedule`,
    },
    meetings.flatMap((meeting) => selectSessions(meeting.sessions, filter).map((session) => sessionEvent(meeting, session, revision, site))),
  );
}

export function meetingCalendar(meeting: MeetingRecord, revision: FeedRevision, site: FeedSite): string {
  return calendar(
    {
      name: `${meeting.name} ${meeting.season}`,
      description: `Every session of the ${meeting.season} ${meeting.name}, from Slipstream (an unofficial fan site).`,
      source: `${site.publicUrl}${meetingCalendarPath(meeting.season, meeting.round)}`,
      url: meetingUrl(meeting, site),
    },
    meeting.sessions.map((session) => sessionEvent(meeting, session, revision, site)),
  );
}

type CalendarInfo = { name: string; description: string; source: string; url: string };

function calendar(info: CalendarInfo, events: IcsComponent[]): string {
  return serialise({
    name: 'VCALENDAR',
    properties: [
      { name: 'VERSION', value: '2.0' },
      { name: 'PRODID', value: '-//Slipstream//Formula 1 calendar//EN' },
      { name: 'CALSCALE', value: 'GREGORIAN' },
      { name: 'NAME', value: escapeText(info.name) },
      { name: 'X-WR-CALNAME', value: escapeText(info.name) },
      { name: 'DESCRIPTION', value: escapeText(info.description) },
      { name: 'X-WR-CALDESC', value: escapeText(info.description) },
      { name: 'SOURCE', params: { VALUE: 'URI' }, value: info.source },
      { name: 'URL', params: { VALUE: 'URI' }, value: info.url },
      { name: 'REFRESH-INTERVAL', params: { VALUE: 'DURATION' }, value: REFRESH_INTERVAL },
      { name: 'X-PUBLISHED-TTL', value: REFRESH_INTERVAL },
    ],
    components: events,
  });
}

const meetingUrl = (meeting: MeetingRecord, site: FeedSite) =>
  `${site.publicUrl}/schedule/${meeting.season}/${encodeURIComponent(meeting.slug)}`;

/** The host of PUBLIC_URL names the UIDs, so they are globally unique; F1DB's race id keeps them stable. */
function uid(meeting: MeetingRecord, session: SessionRecord, site: FeedSite): string {
  const kind = session.kind.toLowerCase().replace(/_/g, '-');
  return `f1-${meeting.raceId}-${kind}@${new URL(site.publicUrl).host}`;
}

function sessionEvent(meeting: MeetingRecord, session: SessionRecord, revision: FeedRevision, site: FeedSite): IcsComponent {
  const description = describeSession(session.kind, meeting.season, meeting.sprintQualifyingFormat);
  const { circuit } = meeting;
  const url = meetingUrl(meeting, site);
  const stamp = utcDateTime(revision.lastModified);
  const properties: IcsProperty[] = [
    { name: 'UID', value: uid(meeting, session, site) },
    { name: 'DTSTAMP', value: stamp },
    { name: 'LAST-MODIFIED', value: stamp },
    { name: 'SEQUENCE', value: String(revision.sequence) },
    ...eventTimes(session),
    { name: 'SUMMARY', value: escapeText(`F1 ${meeting.name}: ${description}`) },
    { name: 'LOCATION', value: escapeText(`${circuit.fullName}, ${circuit.placeName}, ${circuit.countryName}`) },
    { name: 'GEO', value: `${circuit.latitude};${circuit.longitude}` },
    {
      name: 'DESCRIPTION',
      value: escapeText(`${description} of the ${meeting.name}, round ${meeting.round} of the ${meeting.season} Formula 1 season.\n${url}`),
    },
    { name: 'URL', params: { VALUE: 'URI' }, value: url },
    { name: 'CATEGORIES', value: ['Formula 1', description].map(escapeText).join(',') },
    { name: 'STATUS', value: 'CONFIRMED' },
    { name: 'TRANSP', value: 'TRANSPARENT' },
  ];
  return { name: 'VEVENT', properties };
}

/** In UTC, so every calendar shows its own local time; a session known only by its day is an all-day event. */
function eventTimes(session: SessionRecord): IcsProperty[] {
  const window = sessionWindow(session);
  if (session.startsAt === null) {
    const nextDay = new Date(window.end).toISOString().slice(0, 10);
    return [
      { name: 'DTSTART', params: { VALUE: 'DATE' }, value: icsDate(session.date) },
      { name: 'DTEND', params: { VALUE: 'DATE' }, value: icsDate(nextDay) },
    ];
  }
  return [
    { name: 'DTSTART', value: utcDateTime(new Date(window.start)) },
    { name: 'DTEND', value: utcDateTime(new Date(window.end)) },
  ];
}
