import { and, asc, eq, sql } from 'drizzle-orm';
import { sessionKind, type AnalysisDriver, type SessionAnalysis, type SessionKind, type SessionWeather } from '@slipstream/contract';
import { timingLaps, timingPitVisits, timingSessions, timingStints, timingTrackStatus, timingWeather } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { requireMeeting } from '../calendar/service';
import { sessionFinished } from '../calendar/timetable';
import type { F1Context } from '../context';
import { loadConstructors, loadDrivers, loadTeamColours, teamColour } from '../people';

/**
 * A session's analysis from its stored timing (docs/race-analysis.md): the sessions of the weekend with timing that
 * the racing clock has seen finish, and the asked one (the race by default) in full.
 */
export async function sessionAnalysisOf(ctx: F1Context, year: number, slug: string, asked: SessionKind | undefined): Promise<SessionAnalysis> {
  const meeting = await requireMeeting(ctx, year, slug);
  const stored = await ctx.db.select().from(timingSessions).where(eq(timingSessions.raceId, meeting.raceId));
  const sessions = sessionKind.options.filter((kind) => stored.some((row) => row.session === kind) && sessionFinished(meeting.sessions, kind, ctx.now));
  if (asked && !sessions.includes(asked)) throw notFound(`No timing of the ${asked.toLowerCase().replaceAll('_', ' ')} of the ${year} ${meeting.name}`);
  const session = asked ?? (sessions.includes('RACE') ? 'RACE' : (sessions.at(-1) ?? null));
  const base = { season: year, round: meeting.round, meetingName: meeting.name, sessions, session };
  if (!session) return { ...base, drivers: [], trackStatus: [], weather: null };
  const timing = stored.find((row) => row.session === session)!;
  const [drivers, weather, trackStatus] = await Promise.all([
    driversOf(ctx, meeting.raceId, session, year, timing),
    weatherOf(ctx, meeting.raceId, session),
    ctx.db
    .select({ kind: timingTrackStatus.kind, startLap: timingTrackStatus.startLap, endLap: timingTrackStatus.endLap })
    .from(timingTrackStatus)
    .where(and(eq(timingTrackStatus.raceId, meeting.raceId), eq(timingTrackStatus.session, session)))
      .orderBy(asc(timingTrackStatus.period)),
  ]);
  return { ...base, drivers, trackStatus: trackStatus as SessionAnalysis['trackStatus'], weather };
}

async function weatherOf(ctx: F1Context, raceId: number, session: SessionKind): Promise<SessionWeather | null> {
  const [row] = await ctx.db
    .select({
      samples: sql<number>`count(*)::int`,
      airMin: sql<number | null>`min(${timingWeather.airTemp})`,
      airMax: sql<number | null>`max(${timingWeather.airTemp})`,
      trackMin: sql<number | null>`min(${timingWeather.trackTemp})`,
      trackMax: sql<number | null>`max(${timingWeather.trackTemp})`,
      rain: sql<boolean | null>`bool_or(${timingWeather.rainfall})`,
    })
    .from(timingWeather)
    .where(and(eq(timingWeather.raceId, raceId), eq(timingWeather.session, session)));
  if (!row || row.samples === 0) return null;
  const range = (min: number | null, max: number | null) => (min === null || max === null ? null : { min: Number(min), max: Number(max) });
  return { airTemp: range(row.airMin, row.airMax), trackTemp: range(row.trackMin, row.trackMax), rain: row.rain };
}

type TimingSession = typeof timingSessions.$inferSelect;

async function driversOf(ctx: F1Context, raceId: number, session: SessionKind, year: number, timing: TimingSession): Promise<AnalysisDriver[]> {
  const of = <T extends typeof timingLaps | typeof timingStints | typeof timingPitVisits>(table: T) => and(eq(table.raceId, raceId), eq(table.session, session));
  const [laps, stints, visits] = await Promise.all([
    ctx.db.select().from(timingLaps).where(of(timingLaps)).orderBy(asc(timingLaps.driverId), asc(timingLaps.lap)),
    ctx.db.select().from(timingStints).where(of(timingStints)).orderBy(asc(timingStints.driverId), asc(timingStints.stint)),
    ctx.db.select().from(timingPitVisits).where(of(timingPitVisits)).orderBy(asc(timingPitVisits.driverId), asc(timingPitVisits.visit)),
  ]);
  const driverIds = [...new Set(laps.map((lap) => lap.driverId))];
  const constructorOf = new Map(laps.map((lap) => [lap.driverId, lap.constructorId]));
  const [people, teams, colours] = await Promise.all([
    loadDrivers(ctx.db, driverIds),
    loadConstructors(ctx.db, [...new Set(constructorOf.values())]),
    loadTeamColours(ctx.db, year, [...new Set(constructorOf.values())]),
  ]);
  const drivers = driverIds.map((driverId): AnalysisDriver => {
    const person = people.get(driverId);
    const constructorId = constructorOf.get(driverId)!;
    const own = laps.filter((lap) => lap.driverId === driverId);
    return {
      driverId,
      code: person?.abbreviation ?? driverId.slice(0, 3).toUpperCase(),
      name: person?.name ?? driverId,
      number: own[0]!.driverNumber,
      constructorName: teams.get(constructorId)?.name ?? constructorId,
      teamColour: teamColour(colours, constructorId),
      laps: own.map((lap) => ({
        lap: lap.lap,
        timeMs: lap.timeMs,
        sectorsMs: [lap.sector1Ms, lap.sector2Ms, lap.sector3Ms],
        position: lap.position,
        gapToLeaderMs: lap.gapToLeaderMs,
        pitIn: lap.pitIn,
        pitOut: lap.pitOut,
      })),
      stints: stints.filter((stint) => stint.driverId === driverId).map(({ stint, compound, isNew, firstLap, laps: count }) => ({ stint, compound, isNew, firstLap, laps: count })),
      pitVisits: visits
        .filter((visit) => visit.driverId === driverId)
        .map(({ visit, inLap, outLap, pitLaneMs, inAtMs }) => ({ visit, inLap, outLap, pitLaneMs, timeOfDay: timeOfDay(timing, inAtMs) })),
    };
  });
  return drivers.sort(session === 'RACE' || session === 'SPRINT' ? byFinish : byBestLap);
}

/** Races: more laps first, then the better place on the last lap. */
function byFinish(a: AnalysisDriver, b: AnalysisDriver): number {
  const last = (driver: AnalysisDriver) => driver.laps.at(-1);
  return (b.laps.length - a.laps.length) || (last(a)?.position ?? Infinity) - (last(b)?.position ?? Infinity);
}

function byBestLap(a: AnalysisDriver, b: AnalysisDriver): number {
  const best = (driver: AnalysisDriver) => Math.min(...driver.laps.map((lap) => lap.timeMs ?? Infinity));
  return best(a) - best(b) || a.driverId.localeCompare(b.driverId);
}

/** "HH:MM:SS" at the circuit, from the recording's UTC, the moment's offset in it and the circuit's offset from UTC. */
function timeOfDay(timing: TimingSession, atMs: number): string | null {
  if (!timing.utcAtZero || timing.gmtOffsetMinutes === null) return null;
  return new Date(timing.utcAtZero.getTime() + atMs + timing.gmtOffsetMinutes * 60_000).toISOString().slice(11, 19);
}
