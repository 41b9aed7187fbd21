import type { ErgastDriverStanding, ErgastLap, ErgastPage, ErgastConstructorStanding } from '@slipstream/contract';
import { formatTime } from '../lap-times';
import { badRequest, notFound } from '../../../lib/errors';
import type { MeetingRecord } from '../calendar/queries';
import { loadMeetingsOf } from '../calendar/queries';
import { seasonMeetings, seasonYears } from '../calendar/service';
import { meetingWindow, sessionFinished } from '../calendar/timetable';
import type { F1Context } from '../context';
import { loadConstructors, loadDrivers } from '../people';
import type { ResultSource } from '../../../db/schema';
import { fastestLapsOf, isProvisional } from '../results/queries';
import type { ErgastQuery, SessionSeen, Visibility } from './conditions';
import { ergastIdTargets, type IdKind } from './ids';
import type { ErgastFilterName, ErgastRequest, ErgastResource } from './paths';
import {
  circuitsPage,
  constructorsDriven,
  constructorsPage,
  driversPage,
  ergastStatusTexts,
  idTargets,
  lapsPage,
  pitStopsPage,
  qualifyingPage,
  racesPage,
  resultsPage,
  seasonsPage,
  standingsPage,
  statusPage,
  statusesWithId,
  type LapTimingRow,
  type OfRace,
  type Page,
  type StandingRow,
} from './queries';
import {
  ergastCircuit,
  ergastConstructor,
  ergastDriver,
  ergastPitStop,
  ergastPositionText,
  ergastQualifyingResult,
  ergastRace,
  ergastRaceBase,
  ergastResult,
  ergastSeason,
  type ClassificationPeople,
} from './serializers';

const ENTRY_FILTERS: ErgastFilterName[] = ['circuits', 'constructors', 'drivers', 'grid', 'results', 'fastest', 'status', 'driverStandings', 'constructorStandings'];

/** The filters each resource understands (its own trailing value included); any other is a 400. */
const SUPPORTED_FILTERS: Record<ErgastResource, ErgastFilterName[]> = {
  seasons: ENTRY_FILTERS,
  circuits: ENTRY_FILTERS,
  races: ENTRY_FILTERS,
  constructors: ENTRY_FILTERS,
  drivers: ENTRY_FILTERS,
  results: ENTRY_FILTERS,
  sprint: [...ENTRY_FILTERS, 'sprint'],
  qualifying: [...ENTRY_FILTERS, 'qualifying'],
  status: ENTRY_FILTERS,
  driverStandings: ['drivers', 'driverStandings'],
  constructorStandings: ['constructors', 'constructorStandings'],
  pitstops: [...ENTRY_FILTERS, 'laps', 'pitstops'],
  laps: [...ENTRY_FILTERS, 'laps'],
};

/** Where each filter's value goes in the query, and the name the answer's table echoes it under (none: not echoed). */
const FILTER_FIELDS: Record<ErgastFilterName, { field: keyof ErgastQuery; echo?: string }> = {
  circuits: { field: 'circuitId', echo: 'circuitId' },
  constructors: { field: 'constructorId', echo: 'constructorId' },
  drivers: { field: 'driverId', echo: 'driverId' },
  grid: { field: 'grid', echo: 'grid' },
  results: { field: 'position', echo: 'position' },
  fastest: { field: 'fastest', echo: 'fastest' },
  status: { field: 'statusId', echo: 'status' },
  driverStandings: { field: 'driverStandings', echo: 'driverStandings' },
  constructorStandings: { field: 'constructorStandings', echo: 'constructorStandings' },
  laps: { field: 'lap', echo: 'lap' },
  pitstops: { field: 'stop', echo: 'stop' },
  qualifying: { field: 'qualifyingPosition' },
  sprint: { field: 'sprintPosition' },
};

const ID_KINDS = { circuits: 'circuit', constructors: 'constructor', drivers: 'driver' } as const;

/**
 * The request with `current`, `last`, `next` and Ergast-style ids resolved against the data and the clock, and every
 * filter checked: a filter the resource does not take is a 400, an ambiguous alias of ours a 404 naming the
 * candidates. A season, round, id or status that names nothing in the data stays as asked, so the answer is an empty
 * table, as Ergast's is.
 */
export async function resolveRequest(ctx: F1Context, request: ErgastRequest): Promise<ErgastQuery> {
  for (const filter of request.filters) {
    if (!SUPPORTED_FILTERS[request.resource].includes(filter.name)) {
      throw badRequest(`Bad Request: Unsupported filter for endpoint: ${filter.name} cannot filter ${request.resource}.`);
    }
  }
  if ((request.resource === 'pitstops' || request.resource === 'laps') && request.round === undefined) {
    throw badRequest("Bad Request: Missing one of the required parameters ['season', 'round'].");
  }
  const query: ErgastQuery = { resource: request.resource, criteria: [], ...(await seasonAndRound(ctx, request)) };
  if (query.season !== undefined) query.criteria.push(['season', String(query.season)]);
  if (query.round !== undefined) query.criteria.push(['round', String(query.round)]);
  for (const { name, value } of request.filters) {
    const { field, echo } = FILTER_FIELDS[name];
    const resolved = name in ID_KINDS ? await resolveId(ctx, ID_KINDS[name as keyof typeof ID_KINDS], String(value), query.season) : value;
    Object.assign(query, { [field]: resolved });
    if (echo) query.criteria.push([echo, String(resolved)]);
  }
  if (query.statusId !== undefined) query.statuses = await statusesWithId(ctx.db, query.statusId);
  return query;
}

/**
 * `current` is the clock's year; `last` the latest round whose race has finished (round 1 before the season starts,
 * the final round once it is over); `next` the first round whose race has not finished, or round 1 of the next
 * season once this one is over, as Jolpica reads them.
 */
async function seasonAndRound(ctx: F1Context, request: ErgastRequest): Promise<{ season?: number; round?: number }> {
  if (request.season === undefined) return {};
  let season = request.season === 'current' ? ctx.now.getUTCFullYear() : request.season;
  const { round } = request;
  let meetings = await seasonMeetings(ctx, season);
  if (round === undefined || typeof round === 'number' || meetings.length === 0) return { season, round: typeof round === 'number' ? round : undefined };
  if (round === 'last') {
    const firstUnfinished = meetings.findIndex((m) => !raceOver(ctx, m));
    return { season, round: (firstUnfinished === -1 ? meetings.at(-1)! : meetings[Math.max(0, firstUnfinished - 1)]!).round };
  }
  const upcoming = meetings.find((m) => !raceOver(ctx, m));
  if (upcoming) return { season, round: upcoming.round };
  season += 1;
  meetings = await seasonMeetings(ctx, season);
  return { season, round: meetings[0]?.round };
}

const raceOver = (ctx: F1Context, meeting: MeetingRecord) => meetingWindow(meeting.sessions).end <= ctx.now.getTime();

/** Ergast's id first (the asked season picks among a renamed team's), then F1DB's id, then the rule-made aliases. */
async function resolveId(ctx: F1Context, kind: IdKind, id: string, season: number | undefined): Promise<string> {
  const ergast = await ergastIdTargets(ctx.db, kind, id, season);
  if (ergast.length > 0) return ergast[0]!;
  const targets = (await idTargets(ctx.db, kind, id)).map((row) => row.target);
  if (targets.length === 1) return targets[0]!;
  if (targets.length === 0) return id;
  throw notFound(`"${id}" could be any of several ${kind}s: ${targets.join(', ')}; ask with one of these ids`);
}

/**
 * What the racing clock lets through: seasons before the clock's previous year are over; for that year and later,
 * the races whose race, sprint or qualifying has finished. `revision` changes whenever one more session finishes,
 * so cached answers are keyed by it.
 */
export async function visibilityOf(ctx: F1Context): Promise<Visibility & { revision: string }> {
  const openSeason = ctx.now.getUTCFullYear() - 1;
  const years = (await seasonYears(ctx)).filter((year) => year >= openSeason && year <= openSeason + 1);
  const meetings = (await Promise.all(years.map((year) => seasonMeetings(ctx, year)))).flat();
  const finished = (kind: SessionSeen) => meetings.filter((m) => sessionFinished(m.sessions, kind, ctx.now)).map((m) => m.raceId);
  const visibility = { openSeason, finished: { RACE: finished('RACE'), SPRINT: finished('SPRINT'), QUALIFYING: finished('QUALIFYING') } };
  return { ...visibility, revision: `${openSeason}.${visibility.finished.RACE.length}.${visibility.finished.SPRINT.length}.${visibility.finished.QUALIFYING.length}` };
}

/** The table an answer carries, under its Ergast name; the envelope is added by the caller. */
export async function ergastTable(ctx: F1Context, query: ErgastQuery, visibility: Visibility, page: ErgastPage): Promise<{ total: number; table: Record<string, unknown> }> {
  const scope = { db: ctx.db, query, visibility, page };
  const criteria = Object.fromEntries(query.criteria);
  const tableOf = async <T, R>(name: string, list: string, pageOf: Promise<Page<T>>, serialize: (rows: T[]) => Promise<R[]> | R[]) => {
    const { total, rows } = await pageOf;
    return { total, table: { [name]: { ...criteria, [list]: await serialize(rows) } } };
  };
  switch (query.resource) {
    case 'seasons':
      return tableOf('SeasonTable', 'Seasons', seasonsPage(scope), (rows) => rows.map((row) => ergastSeason(row.year)));
    case 'circuits':
      return tableOf('CircuitTable', 'Circuits', circuitsPage(scope), (rows) => rows.map(ergastCircuit));
    case 'races':
      return tableOf('RaceTable', 'Races', racesPage(scope), async (rows) => {
        const meetings = await meetingsOf(ctx, rows);
        return rows.map((row) => ergastRace(meetings.get(row.raceId)!));
      });
    case 'drivers':
      return tableOf('DriverTable', 'Drivers', driversPage(scope), async (rows) => {
        const drivers = await loadDrivers(ctx.db, rows.map((row) => row.id));
        return rows.map((row) => ergastDriver(drivers.get(row.id)!));
      });
    case 'constructors':
      return tableOf('ConstructorTable', 'Constructors', constructorsPage(scope), async (rows) => {
        const teams = await loadConstructors(ctx.db, rows.map((row) => row.id));
        return rows.map((row) => ergastConstructor(teams.get(row.id)!));
      });
    case 'results':
    case 'sprint': {
      const session = query.resource === 'results' ? 'RACE' : 'SPRINT';
      return tableOf('RaceTable', 'Races', resultsPage(scope, session), async (rows) => {
        const [people, laps, statuses, meetings] = await Promise.all([
          classificationPeople(ctx, rows),
          // F1DB records the fastest laps of grands prix only.
          session === 'RACE' ? fastestLapsOf(ctx.db, [...new Set(rows.map((row) => row.raceId))]) : Promise.resolve([]),
          ergastStatusTexts(ctx.db, rows.map((row) => row.status)),
          meetingsOf(ctx, rows),
        ]);
        const field = session === 'RACE' ? 'Results' : 'SprintResults';
        return byRace(ctx, rows, field, (row) =>
          ergastResult(
            { ...row, status: statuses.get(row.status) ?? row.status },
            laps.find((l) => l.raceId === row.raceId && l.driverId === row.driverId),
            people,
            meetings.get(row.raceId)?.facts.length,
          ),
        );
      });
    }
    case 'qualifying':
      return tableOf('RaceTable', 'Races', qualifyingPage(scope), async (rows) => {
        const people = await classificationPeople(ctx, rows);
        return byRace(ctx, rows, 'QualifyingResults', (row) => ergastQualifyingResult(row, people));
      });
    case 'pitstops':
      return tableOf('RaceTable', 'Races', pitStopsPage(scope), (rows) => byRace(ctx, rows, 'PitStops', ergastPitStop));
    case 'status':
      return tableOf('StatusTable', 'Status', statusPage(scope), (rows) =>
        rows.map((row) => ({ statusId: String(row.statusId), count: String(row.count), status: row.status })),
      );
    case 'driverStandings':
      return standingsTable(await standingsPage(scope, 'driver'), criteria, 'DriverStandings', (rows) => driverStandings(ctx, rows));
    case 'constructorStandings':
      return standingsTable(await standingsPage(scope, 'constructor'), criteria, 'ConstructorStandings', (rows) => constructorStandings(ctx, rows));
    case 'laps':
      return tableOf('RaceTable', 'Races', lapsPage(scope), async (rows) => {
        const races = await byRace(ctx, rows, 'Laps', (row) => row);
        return races.map((race) => ({ ...race, Laps: lapsOf(race.Laps as LapTimingRow[]) }));
      });
  }
}

/** A race's timings (by lap, then position) as Ergast's Laps: one entry per lap, its Timings in order. */
function lapsOf(rows: LapTimingRow[]): ErgastLap[] {
  const laps: ErgastLap[] = [];
  for (const row of rows) {
    if (laps.at(-1)?.number !== String(row.lap)) laps.push({ number: String(row.lap), Timings: [] });
    laps.at(-1)!.Timings.push({ driverId: row.driverId, position: String(row.position), time: formatTime(row.timeMs) });
  }
  return laps;
}

async function classificationPeople(ctx: F1Context, rows: { driverId: string; constructorId: string }[]): Promise<ClassificationPeople> {
  const [drivers, teams] = await Promise.all([
    loadDrivers(ctx.db, rows.map((r) => r.driverId)),
    loadConstructors(ctx.db, rows.map((r) => r.constructorId)),
  ]);
  return { drivers, teams };
}

/**
 * The meetings of a page's races: a page within one season reads that season's (cached, and already read to check the
 * season), a page across seasons reads just its races.
 */
async function meetingsOf(ctx: F1Context, rows: OfRace[]): Promise<Map<number, MeetingRecord>> {
  const years = new Set(rows.map((row) => row.year));
  const meetings = years.size === 1 ? await seasonMeetings(ctx, rows[0]!.year) : await loadMeetingsOf(ctx.db, [...new Set(rows.map((row) => row.raceId))]);
  return new Map(meetings.map((m) => [m.raceId, m]));
}

/** Our one field beyond Ergast's: a race (or standings list) from live timing that F1DB has not confirmed says so. */
const PROVISIONAL = { provisional: true } as const;

/**
 * A page of rows (already in race order) grouped under their races, as Ergast does: a page may end mid-race. A race
 * whose rows are provisional is marked so.
 */
async function byRace<T extends OfRace & { source?: ResultSource }, R>(ctx: F1Context, rows: T[], field: string, toItem: (row: T) => R) {
  const meetings = await meetingsOf(ctx, rows);
  const races: (ReturnType<typeof ergastRaceBase> & Record<string, R[]>)[] = [];
  let current: { raceId: number; items: R[] } | undefined;
  for (const row of rows) {
    if (current?.raceId !== row.raceId) {
      current = { raceId: row.raceId, items: [] };
      races.push({ ...ergastRaceBase(meetings.get(row.raceId)!), [field]: current.items } as ReturnType<typeof ergastRaceBase> & Record<string, R[]>);
    }
    current.items.push(toItem(row));
    if (row.source !== undefined && isProvisional({ source: row.source })) Object.assign(races.at(-1)!, PROVISIONAL);
  }
  return races;
}

type StandingFields = Omit<ErgastConstructorStanding, 'Constructor'>;

function standingFields(row: StandingRow): StandingFields {
  return {
    ...(row.positionNumber === null ? {} : { position: String(row.positionNumber) }),
    positionText: ergastPositionText(row.positionText),
    points: String(row.points),
    wins: String(row.wins),
  };
}

/**
 * A standings answer: one list per season on the page (with its round), as Ergast does; a table for one season
 * also names the round it was read after, and one asked without a season names none.
 */
async function standingsTable<R>(
  { total, rows }: Page<StandingRow>,
  criteria: Record<string, string>,
  list: string,
  describe: (rows: StandingRow[]) => Promise<R[]>,
) {
  const items = await describe(rows);
  const lists: Record<string, unknown>[] = [];
  rows.forEach((row, index) => {
    const last = lists.at(-1);
    if (last?.season === String(row.year)) (last[list] as R[]).push(items[index]!);
    else lists.push({ season: String(row.year), round: String(row.round), ...(isProvisional(row) ? PROVISIONAL : {}), [list]: [items[index]!] });
  });
  const { season, round, ...others } = criteria;
  const roundRead = round ?? (season !== undefined && rows[0] ? String(rows[0].round) : undefined);
  const head = { ...(season === undefined ? {} : { season }), ...(roundRead === undefined ? {} : { round: roundRead }), ...others };
  return { total, table: { StandingsTable: { ...head, StandingsLists: lists } } };
}

async function driverStandings(ctx: F1Context, rows: StandingRow[]): Promise<ErgastDriverStanding[]> {
  const driven = await constructorsDriven(ctx.db, rows.map((row) => ({ driverId: row.id, year: row.year, round: row.round })));
  const [drivers, teams] = await Promise.all([loadDrivers(ctx.db, rows.map((row) => row.id)), loadConstructors(ctx.db, driven.map((d) => d.constructorId))]);
  return rows.map((row) => ({
    ...standingFields(row),
    Driver: ergastDriver(drivers.get(row.id)!),
    Constructors: driven.filter((d) => d.driverId === row.id && d.year === row.year).map((d) => ergastConstructor(teams.get(d.constructorId)!)),
  }));
}

async function constructorStandings(ctx: F1Context, rows: StandingRow[]): Promise<ErgastConstructorStanding[]> {
  const teams = await loadConstructors(ctx.db, rows.map((row) => row.id));
  return rows.map((row) => ({ ...standingFields(row), Constructor: ergastConstructor(teams.get(row.id)!) }));
}
