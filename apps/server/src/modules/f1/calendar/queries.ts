import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { meetingSlug, type SessionKind } from '@slipstream/contract';
import type { Db } from '../../../db/client';
import { archiveSessionStarts, circuits, countries, grandsPrix, raceSessions, races } from '../../../db/schema';
import { applySessionOverrides, loadSessionOverrides } from './overrides';
import { sessionWindow, type SessionRecord } from './timetable';

/** One race weekend with what every F1 answer needs about it; plain JSON, so it can be cached. */
export type MeetingRecord = {
  raceId: number;
  season: number;
  round: number;
  /** The grand prix's full name, "Chinese Grand Prix": the meetingName of docs/product.md (Home). */
  name: string;
  officialName: string;
  slug: string;
  /** Race day (UTC) and start "HH:MM:SS" UTC when known. */
  date: string;
  time: string | null;
  qualifyingFormat: string;
  sprintQualifyingFormat: string | null;
  countryName: string;
  countryCode: string | null;
  isSprintWeekend: boolean;
  circuit: {
    id: string;
    layoutId: string;
    name: string;
    fullName: string;
    placeName: string;
    countryName: string;
    timeZone: string;
    latitude: number;
    longitude: number;
  };
  facts: { type: string; direction: string; length: number; turns: number; laps: number; distance: number };
  /** The timetable in order, the race included, with the admin's changes (cancelled sessions left out). */
  sessions: SessionRecord[];
  /** Sessions the admin marked cancelled: shown, but never next, running or finished. */
  cancelledSessions: SessionRecord[];
};

export function loadSeasonMeetings(db: Db, year: number): Promise<MeetingRecord[]> {
  return loadMeetings(db, eq(races.year, year));
}

/** The meetings of these races (any seasons), in season and round order. */
export function loadMeetingsOf(db: Db, raceIds: number[]): Promise<MeetingRecord[]> {
  return raceIds.length === 0 ? Promise.resolve([]) : loadMeetings(db, inArray(races.id, raceIds));
}

async function loadMeetings(db: Db, where: SQL): Promise<MeetingRecord[]> {
  const rows = await db
    .select({
      raceId: races.id,
      season: races.year,
      round: races.round,
      date: races.date,
      time: races.time,
      name: grandsPrix.fullName,
      officialName: races.officialName,
      qualifyingFormat: races.qualifyingFormat,
      sprintQualifyingFormat: races.sprintQualifyingFormat,
      layoutId: races.circuitLayoutId,
      type: races.circuitType,
      direction: races.direction,
      length: races.courseLength,
      turns: races.turns,
      laps: races.laps,
      distance: races.distance,
      sprintRaceLaps: races.sprintRaceLaps,
      circuitId: circuits.id,
      circuitName: circuits.name,
      circuitFullName: circuits.fullName,
      placeName: circuits.placeName,
      timeZone: circuits.timeZone,
      latitude: circuits.latitude,
      longitude: circuits.longitude,
      countryName: countries.name,
      countryCode: countries.alpha2Code,
    })
    .from(races)
    .innerJoin(grandsPrix, eq(grandsPrix.id, races.grandPrixId))
    .innerJoin(circuits, eq(circuits.id, races.circuitId))
    .innerJoin(countries, eq(countries.id, circuits.countryId))
    .where(where)
    .orderBy(asc(races.year), asc(races.round));
  if (rows.length === 0) return [];

  const raceIds = rows.map((r) => r.raceId);
  const [sessionRows, overrides, archiveStarts] = await Promise.all([
    db.select().from(raceSessions).where(inArray(raceSessions.raceId, raceIds)),
    loadSessionOverrides(db, raceIds),
    db.select().from(archiveSessionStarts).where(inArray(archiveSessionStarts.raceId, raceIds)),
  ]);
  const slugs = new Map<(typeof rows)[number], string>();
  for (const season of new Set(rows.map((r) => r.season))) {
    const ofSeason = rows.filter((r) => r.season === season);
    uniqueSlugs(ofSeason).forEach((slug, i) => slugs.set(ofSeason[i]!, slug));
  }

  return rows.map((row) => {
    const imported = withArchiveStarts(
      importedSessions(sessionRows, row.raceId, row.date, normaliseTime(row.time)),
      archiveStarts.filter((start) => start.raceId === row.raceId),
    );
    const edited = applySessionOverrides(imported, overrides.filter((o) => o.raceId === row.raceId));
    const sessions = orderSessions(edited.sessions);
    // The race day follows the race session, so a moved race moves the meeting's date too.
    const race = sessions.find((s) => s.kind === 'RACE');
    const date = race?.date ?? row.date;
    const time = race ? race.startsAt?.slice(11, 19) ?? null : normaliseTime(row.time);
    return {
      raceId: row.raceId,
      season: row.season,
      round: row.round,
      name: row.name,
      officialName: row.officialName,
      slug: slugs.get(row)!,
      date,
      time,
      qualifyingFormat: row.qualifyingFormat,
      sprintQualifyingFormat: row.sprintQualifyingFormat,
      countryName: row.countryName,
      countryCode: row.countryCode,
      // F1DB gives sprint weekends before 2024 no timetable, but always the sprint's laps.
      isSprintWeekend: row.sprintRaceLaps !== null || sessions.some((s) => s.kind === 'SPRINT'),
      circuit: {
        id: row.circuitId,
        layoutId: row.layoutId,
        name: row.circuitName,
        fullName: row.circuitFullName,
        placeName: row.placeName,
        countryName: row.countryName,
        timeZone: row.timeZone,
        latitude: row.latitude,
        longitude: row.longitude,
      },
      facts: { type: row.type, direction: row.direction, length: row.length, turns: row.turns, laps: row.laps, distance: row.distance },
      sessions,
      cancelledSessions: orderSessions(edited.cancelled),
    };
  });
}

/** A meeting's timetable as F1DB has it, the race included: what the admin's overrides apply to. */
export function importedSessions(
  sessionRows: (typeof raceSessions.$inferSelect)[],
  raceId: number,
  raceDate: string,
  raceTime: string | null,
): SessionRecord[] {
  return withRace(
    sessionRows
      .filter((s) => s.raceId === raceId)
      .map((s) => ({ kind: s.kind, date: s.date, startsAt: s.startsAt?.toISOString() ?? null })),
    raceDate,
    raceTime,
  );
}

/**
 * F1DB's sessions, each without a start time given the one the live-timing archive's season index has for it
 * (archive_session_starts), when that falls on the session's day.
 */
function withArchiveStarts(sessions: SessionRecord[], starts: { kind: SessionKind; startsAt: Date }[]): SessionRecord[] {
  return sessions.map((session) => {
    if (session.startsAt !== null) return session;
    const start = starts.find((s) => s.kind === session.kind && s.startsAt.toISOString().slice(0, 10) === session.date);
    return start ? { ...session, startsAt: start.startsAt.toISOString() } : session;
  });
}

/** Every season in the data, oldest first. */
export async function loadSeasonYears(db: Db): Promise<number[]> {
  const rows = await db.selectDistinct({ year: races.year }).from(races).orderBy(asc(races.year));
  return rows.map((r) => r.year);
}

/**
 * The race is a session of its weekend; race_sessions may or may not list it (F1DB keeps its start on the
 * race itself), so it is added from the race row when missing.
 */
function withRace(sessions: SessionRecord[], date: string, time: string | null): SessionRecord[] {
  if (sessions.some((s) => s.kind === 'RACE')) return sessions;
  return [...sessions, { kind: 'RACE', date, startsAt: time ? `${date}T${time}.000Z` : null }];
}

const KIND_ORDER: readonly SessionKind[] = [
  'FREE_PRACTICE_1',
  'FREE_PRACTICE_2',
  'PRE_QUALIFYING',
  'FREE_PRACTICE_3',
  'FREE_PRACTICE_4',
  'QUALIFYING_1',
  'SPRINT_QUALIFYING',
  'SPRINT',
  'QUALIFYING_2',
  'QUALIFYING',
  'WARM_UP',
  'RACE',
];

function orderSessions(sessions: SessionRecord[]): SessionRecord[] {
  return [...sessions].sort(
    (a, b) => sessionWindow(a).start - sessionWindow(b).start || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind),
  );
}

/** "07:00" or "07:00:00" → "07:00:00"; F1DB keeps minutes, a database time column adds seconds. */
export function normaliseTime(time: string | null): string | null {
  if (!time) return null;
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?/.exec(time);
  return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}` : null;
}

/**
 * Slugs of the grand prix names, unique within the season: F1DB names every grand prix differently (2026 has a
 * "Spanish" and a "Barcelona-Catalunya" Grand Prix), but should two ever share a slug, the later rounds get
 * their round number appended, so a URL never points at two meetings.
 */
export function uniqueSlugs(meetings: { name: string; round: number }[]): string[] {
  const seen = new Set<string>();
  return meetings.map(({ name, round }) => {
    const base = meetingSlug(name);
    const slug = seen.has(base) ? `${base}-${round}` : base;
    seen.add(slug);
    return slug;
  });
}
