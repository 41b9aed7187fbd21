import type {
  SessionKind,
  ErgastConstructorStanding,
  ErgastConstructorStandingsResponse,
  ErgastDriverStanding,
  ErgastDriverStandingsResponse,
  ErgastPage,
  ErgastQualifyingResponse,
  ErgastQualifyingResult,
  ErgastRacesResponse,
  ErgastResult,
  ErgastResultsResponse,
  ErgastSprintResponse,
} from '@slipstream/contract';
import type { Db } from '../../../db/client';
import type { ResultSource } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import type { MeetingRecord } from '../calendar/queries';
import { requireSeason } from '../calendar/service';
import { standingsRound } from '../standings/service';
import { meetingWindow, sessionFinished } from '../calendar/timetable';
import type { F1Context } from '../context';
import { loadConstructors, loadDrivers } from '../people';
import { fastestLapsOf, isProvisional, qualifyingClassifications, raceClassifications } from '../results/queries';
import { winnerLapsByRace } from '../results/status';
import { constructorStandingsAfter, driverStandingsAfter, latestStandingsRace, seasonEntries, type SeasonEntry, type StandingRow } from '../standings/queries';
import type { ErgastRequest } from './paths';
import {
  ergastConstructor,
  ergastDriver,
  ergastPositionText,
  ergastQualifyingResult,
  ergastRace,
  ergastRaceBase,
  ergastResult,
  type ClassificationPeople,
} from './serializers';

/**
 * One Ergast answer. limit and offset apply to the flattened rows (races, result rows or standings rows) and
 * the page is then grouped by race, as Ergast does, so a page may end in the middle of a race.
 */
export async function ergastAnswer(
  ctx: F1Context,
  request: ErgastRequest,
  page: ErgastPage,
  url: string,
): Promise<
  | ErgastRacesResponse
  | ErgastResultsResponse
  | ErgastSprintResponse
  | ErgastQualifyingResponse
  | ErgastDriverStandingsResponse
  | ErgastConstructorStandingsResponse
> {
  // "current" is the season of the clock's year, as Ergast reads it.
  const season = request.season === 'current' ? ctx.now.getUTCFullYear() : request.season;
  const meetings = await requireSeason(ctx, season);
  const round = resolveRound(ctx, season, meetings, request.round);
  const selected = round === undefined ? meetings : meetings.filter((m) => m.round === round);
  const finished = finishedBy(ctx.now);
  const criteria = { season: String(season), ...(round === undefined ? {} : { round: String(round) }) };
  const envelope = <T extends object>(total: number, table: T) => ({
    MRData: { xmlns: '', series: 'f1' as const, url, limit: String(page.limit), offset: String(page.offset), total: String(total), ...table },
  });

  switch (request.resource) {
    case 'races':
      return envelope(selected.length, { RaceTable: { ...criteria, Races: paginate(selected, page).map(ergastRace) } });
    case 'results': {
      const { total, races } = await resultRaces(ctx, finished(selected, 'RACE'), 'RACE', page);
      return envelope(total, { RaceTable: { ...criteria, Races: races.map(({ race, rows, provisional }) => ({ ...race, Results: rows, ...provisional })) } });
    }
    case 'sprint': {
      const { total, races } = await resultRaces(ctx, finished(selected, 'SPRINT'), 'SPRINT', page);
      return envelope(total, { RaceTable: { ...criteria, Races: races.map(({ race, rows, provisional }) => ({ ...race, SprintResults: rows, ...provisional })) } });
    }
    case 'qualifying': {
      const { total, races } = await qualifyingRaces(ctx, finished(selected, 'QUALIFYING'), page);
      return envelope(total, {
        RaceTable: { ...criteria, Races: races.map(({ race, rows, provisional }) => ({ ...race, QualifyingResults: rows, ...provisional })) },
      });
    }
    case 'driverStandings': {
      const standings = await driverStandings(ctx, { season, meetings, round, page });
      return envelope(standings.total, { StandingsTable: standingsTable(season, standings, { DriverStandings: standings.rows }) });
    }
    case 'constructorStandings': {
      const standings = await constructorStandings(ctx, { season, meetings, round, page });
      return envelope(standings.total, { StandingsTable: standingsTable(season, standings, { ConstructorStandings: standings.rows }) });
    }
  }
}

/** "last" is the latest round whose race has finished by the clock, round 1 before the season starts. */
function resolveRound(ctx: F1Context, season: number, meetings: MeetingRecord[], round: ErgastRequest['round']): number | undefined {
  if (round === 'last') {
    const firstUnfinished = meetings.findIndex((m) => meetingWindow(m.sessions).end > ctx.now.getTime());
    const last = firstUnfinished === -1 ? meetings.at(-1)! : meetings[Math.max(0, firstUnfinished - 1)]!;
    return last.round;
  }
  if (round !== undefined && !meetings.some((m) => m.round === round)) throw notFound(`No round ${round} in the ${season} season`);
  return round;
}

/** Classifications are known only once their session has finished by the clock (as on the real API). */
function finishedBy(now: Date) {
  return (meetings: MeetingRecord[], kind: SessionKind) => meetings.filter((m) => sessionFinished(m.sessions, kind, now));
}

function paginate<T>(rows: T[], page: ErgastPage): T[] {
  return rows.slice(page.offset, page.offset + page.limit);
}

/** Rows of several races in the order of the season, then grouped back under their race. */
function byRound<T extends { raceId: number; positionDisplayOrder: number }>(rows: T[], meetings: MeetingRecord[]): T[] {
  const roundOf = new Map(meetings.map((m) => [m.raceId, m.round]));
  return [...rows].sort((a, b) => roundOf.get(a.raceId)! - roundOf.get(b.raceId)! || a.positionDisplayOrder - b.positionDisplayOrder);
}

/** Our one field beyond Ergast's: a race (or standings list) from live timing that F1DB has not confirmed says so. */
const provisionalMark = (provisional: boolean): { provisional?: true } => (provisional ? { provisional: true } : {});

function groupByRace<T extends { raceId: number; source: ResultSource }, R>(rows: T[], meetings: MeetingRecord[], toRow: (row: T) => R) {
  const groups: { race: ReturnType<typeof ergastRaceBase>; raceId: number; rows: R[]; provisional: { provisional?: true } }[] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (group?.raceId !== row.raceId) {
      group = { race: ergastRaceBase(meetings.find((m) => m.raceId === row.raceId)!), raceId: row.raceId, rows: [], provisional: {} };
      groups.push(group);
    }
    group.rows.push(toRow(row));
    if (isProvisional(row)) group.provisional = provisionalMark(true);
  }
  return groups;
}

async function classificationPeople(ctx: F1Context, rows: { driverId: string; constructorId: string }[]): Promise<ClassificationPeople> {
  const [drivers, teams] = await Promise.all([
    loadDrivers(ctx.db, rows.map((r) => r.driverId)),
    loadConstructors(ctx.db, rows.map((r) => r.constructorId)),
  ]);
  return { drivers, teams };
}

async function resultRaces(ctx: F1Context, meetings: MeetingRecord[], session: 'RACE' | 'SPRINT', page: ErgastPage) {
  const raceIds = meetings.map((m) => m.raceId);
  const [rows, laps] = await Promise.all([
    raceClassifications(ctx.db, raceIds, session),
    // F1DB records the fastest laps of grands prix only.
    session === 'RACE' ? fastestLapsOf(ctx.db, raceIds) : Promise.resolve([]),
  ]);
  const pageRows = paginate(byRound(rows, meetings), page);
  const people = await classificationPeople(ctx, pageRows);
  const winnerLaps = winnerLapsByRace(rows);
  const races = groupByRace(pageRows, meetings, (row): ErgastResult => {
    const lap = laps.find((l) => l.raceId === row.raceId && l.driverId === row.driverId);
    return ergastResult(row, winnerLaps.get(row.raceId) ?? null, lap, people);
  });
  return { total: rows.length, races };
}

async function qualifyingRaces(ctx: F1Context, meetings: MeetingRecord[], page: ErgastPage) {
  const rows = await qualifyingClassifications(ctx.db, meetings.map((m) => m.raceId), 'QUALIFYING');
  const pageRows = paginate(byRound(rows, meetings), page);
  const people = await classificationPeople(ctx, pageRows);
  const races = groupByRace(pageRows, meetings, (row): ErgastQualifyingResult => ergastQualifyingResult(row, people));
  return { total: rows.length, races };
}

type StandingsPage<R> = { round: number | undefined; total: number; rows: R[]; provisional: boolean };

function standingsTable<L extends object>(season: number, standings: StandingsPage<unknown>, list: L) {
  const criteria = { season: String(season), ...(standings.round === undefined ? {} : { round: String(standings.round) }) };
  const lists = standings.rows.length > 0 ? [{ ...criteria, round: String(standings.round), ...provisionalMark(standings.provisional), ...list }] : [];
  return { ...criteria, StandingsLists: lists };
}

/**
 * The race the standings are read after: the asked round, else the season's latest race with standings; in
 * both cases only a race finished by the clock.
 */
async function standingsRace(ctx: F1Context, season: number, meetings: MeetingRecord[], round: number | undefined) {
  const upTo = await standingsRound(ctx, season);
  if (round === undefined) return latestStandingsRace(ctx.db, season, upTo);
  if (round > upTo) return null;
  return { raceId: meetings.find((m) => m.round === round)!.raceId, round };
}

type StandingsQuery = { season: number; meetings: MeetingRecord[]; round: number | undefined; page: ErgastPage };
type StandingBy<K extends 'driverId' | 'constructorId'> = StandingRow & Record<K, string>;

/**
 * One page of a standings table after the asked round: the fields every Ergast standing has, plus what describe
 * adds for the page's rows (it loads what it needs for them first).
 */
async function standingsPage<K extends 'driverId' | 'constructorId', T>(
  ctx: F1Context,
  { season, meetings, round, page }: StandingsQuery,
  key: K,
  rowsAfter: (db: Db, raceId: number) => Promise<StandingBy<K>[]>,
  describe: (pageRows: StandingBy<K>[], entries: SeasonEntry[]) => Promise<(row: StandingBy<K>) => T>,
): Promise<StandingsPage<ErgastStandingFields & T>> {
  const after = await standingsRace(ctx, season, meetings, round);
  if (!after) return { round, total: 0, rows: [], provisional: false };
  const [rows, entries] = await Promise.all([rowsAfter(ctx.db, after.raceId), seasonEntries(ctx.db, season, after.round)]);
  const pageRows = paginate(rows, page);
  const wins = new Map<string, number>();
  for (const e of entries.filter((e) => e.session === 'RACE' && e.positionNumber === 1)) wins.set(e[key], (wins.get(e[key]) ?? 0) + 1);
  const details = await describe(pageRows, entries);
  return {
    round: after.round,
    total: rows.length,
    provisional: rows.some(isProvisional),
    rows: pageRows.map((row) => ({
      ...(row.positionNumber === null ? {} : { position: String(row.positionNumber) }),
      positionText: ergastPositionText(row.positionText),
      points: String(row.points),
      wins: String(wins.get(row[key]) ?? 0),
      ...details(row),
    })),
  };
}

type ErgastStandingFields = Omit<ErgastConstructorStanding, 'Constructor'>;

function driverStandings(ctx: F1Context, query: StandingsQuery): Promise<StandingsPage<ErgastDriverStanding>> {
  return standingsPage(ctx, query, 'driverId', driverStandingsAfter, async (pageRows, entries) => {
    const teamsOf = (driverId: string) => [...new Set(entries.filter((e) => e.driverId === driverId).map((e) => e.constructorId))];
    const [drivers, teams] = await Promise.all([
      loadDrivers(ctx.db, pageRows.map((r) => r.driverId)),
      loadConstructors(ctx.db, pageRows.flatMap((r) => teamsOf(r.driverId))),
    ]);
    return (row) => ({
      Driver: ergastDriver(drivers.get(row.driverId)!),
      Constructors: teamsOf(row.driverId).map((id) => ergastConstructor(teams.get(id)!)),
    });
  });
}

function constructorStandings(ctx: F1Context, query: StandingsQuery): Promise<StandingsPage<ErgastConstructorStanding>> {
  return standingsPage(ctx, query, 'constructorId', constructorStandingsAfter, async (pageRows) => {
    const teams = await loadConstructors(ctx.db, pageRows.map((r) => r.constructorId));
    return (row) => ({ Constructor: ergastConstructor(teams.get(row.constructorId)!) });
  });
}
