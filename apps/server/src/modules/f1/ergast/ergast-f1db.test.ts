import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ergastResponses,
  type ErgastCircuitsResponse,
  type ErgastConstructorStandingsResponse,
  type ErgastConstructorsResponse,
  type ErgastDriverStandingsResponse,
  type ErgastDriversResponse,
  type ErgastPitStopsResponse,
  type ErgastQualifyingResponse,
  type ErgastRacesResponse,
  type ErgastResultsResponse,
  type ErgastSeasonsResponse,
  type ErgastSprintResponse,
  type ErgastStatusResponse,
} from '@slipstream/contract';
import { ergastIds, raceDriverStandings, raceResults, races, seasonConstructorStandings, seasonDriverStandings } from '../../../db/schema';
import { useF1TestApp } from '../../../test/f1-app';

/** Every resource and filter of the Ergast API against facts of the whole F1DB, with the clock at the project's today. */
const t = useF1TestApp();
const TODAY = '2026-11-25T12:00:00Z';

beforeAll(async () => {
  await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: TODAY } });
});

async function json<T>(path: string): Promise<T> {
  const response = await t.app.inject(`/api/ergast/f1/${path}`);
  expect(response.statusCode, `${path}: ${response.body.slice(0, 300)}`).toBe(200);
  return response.json() as T;
}

const ids = <T>(items: T[], id: (item: T) => string) => items.map(id);

/** The Ergast ids answers carry for F1DB's, as the importer joined them. */
async function ergastIdOf(kind: 'driver' | 'constructor' | 'circuit'): Promise<(f1dbId: string) => string> {
  const rows = await t.database.db.select().from(ergastIds).where(eq(ergastIds.kind, kind));
  const byF1db = new Map(rows.map((row) => [row.f1dbId, row.ergastId]));
  return (f1dbId) => byF1db.get(f1dbId)!;
}

describe('standings', () => {
  it('names the drivers’ champion of every season, one list per season, as F1DB’s season tables do', async () => {
    const { MRData } = await json<ErgastDriverStandingsResponse>('driverStandings/1.json?limit=100');
    const champions = await t.database.db
      .select({ year: seasonDriverStandings.year, driverId: seasonDriverStandings.driverId })
      .from(seasonDriverStandings)
      .where(eq(seasonDriverStandings.positionNumber, 1))
      .orderBy(asc(seasonDriverStandings.year));
    expect(champions.length).toBeGreaterThanOrEqual(77);
    expect(MRData.total).toBe(String(champions.length));
    const ergastDriver = await ergastIdOf('driver');
    expect(MRData.StandingsTable.StandingsLists.map((list) => [Number(list.season), list.DriverStandings[0]!.Driver.driverId])).toEqual(
      champions.map((c) => [c.year, ergastDriver(c.driverId)]),
    );
    const byYear = Object.fromEntries(MRData.StandingsTable.StandingsLists.map((list) => [list.season, list]));
    expect(byYear['1950']!.DriverStandings[0]).toMatchObject({ position: '1', points: '30', wins: '3', Driver: { driverId: 'farina' } });
    expect(byYear['2021']!.DriverStandings[0]).toMatchObject({ Driver: { driverId: 'max_verstappen' }, Constructors: [{ constructorId: 'red_bull' }] });
    expect(byYear['2005']!.round).toBe('19');
  });

  it('lists the champions as drivers, and a driver’s title seasons', async () => {
    const { MRData } = await json<ErgastDriversResponse>('driverStandings/1/drivers.json?limit=100');
    const champions = await t.database.db.selectDistinct({ id: seasonDriverStandings.driverId }).from(seasonDriverStandings).where(eq(seasonDriverStandings.positionNumber, 1));
    const ergastDriver = await ergastIdOf('driver');
    expect(ids(MRData.DriverTable.Drivers, (d) => d.driverId).sort()).toEqual(champions.map((c) => ergastDriver(c.id)).sort());
    expect(MRData.DriverTable.driverStandings).toBe('1');

    const titles = await json<ErgastSeasonsResponse>('drivers/alonso/driverStandings/1/seasons.json');
    expect(ids(titles.MRData.SeasonTable.Seasons, (s) => s.season)).toEqual(['2005', '2006']);
    expect(titles.MRData.SeasonTable).toMatchObject({ driverId: 'alonso', driverStandings: '1' });

    const mclarenChampions = await json<ErgastDriversResponse>('constructors/mclaren/driverStandings/1/drivers.json');
    expect(ids(mclarenChampions.MRData.DriverTable.Drivers, (d) => d.driverId)).toEqual([
      'prost', 'senna', 'emerson_fittipaldi', 'hunt', 'norris', 'hamilton', 'hakkinen', 'lauda',
    ]);
  });

  it('lists the constructors’ champions', async () => {
    const { MRData } = await json<ErgastConstructorsResponse>('constructorStandings/1/constructors.json?limit=100');
    const champions = await t.database.db
      .selectDistinct({ id: seasonConstructorStandings.constructorId })
      .from(seasonConstructorStandings)
      .where(eq(seasonConstructorStandings.positionNumber, 1));
    const ergastConstructor = await ergastIdOf('constructor');
    expect(ids(MRData.ConstructorTable.Constructors, (c) => c.constructorId).sort()).toEqual(champions.map((c) => ergastConstructor(c.id)).sort());
  });

  it('reads a season after a round, or its end; a driver’s line; the 2007 exclusion', async () => {
    const afterNine = await json<ErgastConstructorStandingsResponse>('2020/9/constructorStandings.json');
    expect(afterNine.MRData.StandingsTable).toMatchObject({ season: '2020', round: '9' });
    expect(afterNine.MRData.StandingsTable.StandingsLists[0]!.ConstructorStandings[0]).toMatchObject({ points: '325', wins: '7', Constructor: { constructorId: 'mercedes' } });

    const gasly = await json<ErgastDriverStandingsResponse>('2020/drivers/gasly/driverStandings.json');
    expect(gasly.MRData).toMatchObject({ total: '1', StandingsTable: { season: '2020', round: '17', driverId: 'gasly' } });
    expect(gasly.MRData.StandingsTable.StandingsLists[0]!.DriverStandings[0]).toMatchObject({
      position: '10',
      points: '75',
      wins: '1',
      Constructors: [{ constructorId: 'alphatauri' }],
    });

    const excluded = await json<ErgastConstructorStandingsResponse>('2007/constructorStandings.json');
    const table = excluded.MRData.StandingsTable.StandingsLists[0]!.ConstructorStandings;
    expect(table[0]).toMatchObject({ position: '1', points: '204', wins: '9', Constructor: { constructorId: 'ferrari' } });
    expect(table.find((s) => s.Constructor.constructorId === 'mclaren')).toEqual(expect.objectContaining({ positionText: 'E', wins: '8' }));
    expect(table.find((s) => s.Constructor.constructorId === 'mclaren')).not.toHaveProperty('position');

    const leader = await json<ErgastDriverStandingsResponse>('2024/driverStandings/1.json');
    expect(leader.MRData.StandingsTable.StandingsLists[0]!.DriverStandings.map((s) => s.Driver.driverId)).toEqual(['max_verstappen']);
  });

  it('lists everyone who started a grand prix of the season, the non-scorers after the scorers by countback, as Ergast did', async () => {
    // Ergast lists 34 drivers after round 14 of 1980 and Jolpica 42 after 1972; F1DB ranks only the scorers.
    const { MRData } = await json<ErgastDriverStandingsResponse>('1980/14/driverStandings.json?limit=100');
    expect(MRData.total).toBe('34');
    const table = MRData.StandingsTable.StandingsLists[0]!.DriverStandings;
    const scorers = table.filter((s) => s.points !== '0');
    expect(scorers).toHaveLength(21);
    const others = table.slice(scorers.length);
    expect(others.map((s) => [s.position, s.positionText, s.points])).toEqual(others.map((_, i) => [String(22 + i), String(22 + i), '0']));
    expect(others.every((s) => s.Constructors.length > 0)).toBe(true);
    const best = async (driverId: string) => {
      const results = await json<ErgastResultsResponse>(`1980/drivers/${driverId}/results.json`);
      const positions = results.MRData.RaceTable.Races.filter((race) => Number(race.round) <= 14).flatMap((race) => race.Results!.map((r) => r.positionText));
      return Math.min(...positions.map(Number).filter((n) => Number.isInteger(n)));
    };
    const [first, last] = [others[0]!.Driver.driverId, others.at(-2)!.Driver.driverId];
    expect(await best(first)).toBeLessThan(await best(last));
    expect((await json<ErgastDriverStandingsResponse>('1972/driverStandings.json?limit=1')).MRData.total).toBe('42');
    expect((await json<ErgastDriverStandingsResponse>('1980/14/driverStandings/25.json')).MRData.StandingsTable.StandingsLists[0]!.DriverStandings).toHaveLength(1);
  });

  it('gives everyone F1DB ranks level a place of their own by countback, and the standings filters find every place', async () => {
    const [final] = await t.database.db.select({ id: races.id, round: races.round }).from(races).where(eq(races.year, 1950)).orderBy(desc(races.round)).limit(1);
    const f1db = await t.database.db.select().from(raceDriverStandings).where(eq(raceDriverStandings.raceId, final!.id));
    const results = await t.database.db
      .select({ driverId: raceResults.driverId, positionNumber: raceResults.positionNumber })
      .from(raceResults)
      .innerJoin(races, eq(races.id, raceResults.raceId))
      .where(and(eq(races.year, 1950), eq(raceResults.session, 'RACE')));
    const countback = (driverId: string) => [...results.filter((r) => r.driverId === driverId && r.positionNumber !== null).map((r) => r.positionNumber!).sort((a, b) => a - b), 10_000];
    const beforeByCountback = (a: number[], b: number[]) => {
      const differ = a.findIndex((n, i) => n !== b[i]);
      return differ === -1 || a[differ]! < b[differ]!;
    };

    const { MRData } = await json<ErgastDriverStandingsResponse>('1950/driverStandings.json?limit=100');
    const table = MRData.StandingsTable.StandingsLists[0]!.DriverStandings;
    expect(table.map((s) => s.position)).toEqual(table.map((_, i) => String(i + 1)));
    const ergastDriver = await ergastIdOf('driver');
    const placeOf = new Map(table.map((s, i) => [s.Driver.driverId, i]));
    const tied = [...new Set(f1db.map((row) => row.positionNumber))]
      .map((level) => f1db.filter((row) => row.positionNumber === level))
      .filter((group) => group.length > 1);
    expect(tied.length).toBeGreaterThan(0);
    for (const group of tied) {
      const ordered = [...group].sort((a, b) => placeOf.get(ergastDriver(a.driverId))! - placeOf.get(ergastDriver(b.driverId))!);
      expect(placeOf.get(ergastDriver(ordered[0]!.driverId))).toBe(group[0]!.positionNumber! - 1);
      ordered.slice(1).forEach((row, i) => expect(beforeByCountback(countback(ordered[i]!.driverId), countback(row.driverId)), row.driverId).toBe(true));
    }

    for (const place of [10, table.length]) {
      const drivers = await json<ErgastDriversResponse>(`1950/driverStandings/${place}/drivers.json`);
      expect(drivers.MRData.DriverTable.Drivers.map((d) => d.driverId)).toEqual([table[place - 1]!.Driver.driverId]);
    }
    const nonScorer = await json<ErgastDriversResponse>('1980/14/driverStandings/30/drivers.json');
    expect(nonScorer.MRData.total).toBe('1');
  });

  it('answers every season’s final table without a season, paged over all rows', async () => {
    const { MRData } = await json<ErgastDriverStandingsResponse>('driverStandings.json?limit=3&offset=1');
    expect(Number(MRData.total)).toBeGreaterThan(1500);
    expect(MRData.StandingsTable).not.toHaveProperty('season');
    expect(MRData.StandingsTable.StandingsLists.map((list) => [list.season, list.DriverStandings.map((s) => s.position)])).toEqual([['1950', ['2', '3', '4']]]);
  });
});

describe('results', () => {
  it('counts a driver’s wins by any of their ids', async () => {
    for (const [driver, wins] of [
      ['alonso', 32],
      ['alonso', 32],
      ['michael_schumacher', 91],
      ['ayrton_senna', 41],
      ['prost', 51],
      ['vettel', 53],
    ] as const) {
      const { MRData } = await json<ErgastResultsResponse>(`drivers/${driver}/results/1.json?limit=100`);
      expect(MRData.total, driver).toBe(String(wins));
      expect(MRData.RaceTable.Races.every((race) => race.Results.length === 1 && race.Results[0]!.position === '1')).toBe(true);
    }
    const races = await json<ErgastRacesResponse>('results/1/drivers/alonso/races.json?limit=1');
    expect(races.MRData).toMatchObject({ total: '32', RaceTable: { position: '1', driverId: 'alonso' } });
    expect(races.MRData.RaceTable.Races[0]).toMatchObject({ season: '2003', round: '13', raceName: 'Hungarian Grand Prix' });
  });

  it('gives a race’s classification with status, time and fastest lap', async () => {
    const { MRData } = await json<ErgastResultsResponse>('2021/9/results.json?limit=1');
    expect(MRData.total).toBe('20');
    expect(MRData.RaceTable.Races[0]!.Results[0]).toMatchObject({
      number: '33',
      position: '1',
      points: '26',
      grid: '1',
      laps: '71',
      status: 'Finished',
      Time: { millis: '5034543', time: '1:23:54.543' },
      FastestLap: { rank: '1', lap: '62', Time: { time: '1:06.200' }, AverageSpeed: { units: 'kph', speed: '234.816' } },
      Driver: { driverId: 'max_verstappen', code: 'VER' },
      Constructor: { constructorId: 'red_bull' },
    });
  });

  it('filters by grid, fastest lap rank, status and constructor', async () => {
    const fromPole = await json<ErgastResultsResponse>('2023/grid/1/results/1.json?limit=100');
    expect(fromPole.MRData.RaceTable.Races.every((race) => race.Results[0]!.grid === '1' && race.Results[0]!.position === '1')).toBe(true);

    const fastest = await json<ErgastResultsResponse>('2024/fastest/1/results.json?limit=100');
    expect(fastest.MRData.total).toBe('24');
    expect(fastest.MRData.RaceTable.Races.every((race) => race.Results[0]!.FastestLap?.rank === '1')).toBe(true);

    const twoLapsDown = await json<ErgastResultsResponse>('2023/status/12/results.json?limit=100');
    expect(twoLapsDown.MRData.RaceTable.Races.flatMap((race) => race.Results.map((r) => r.status))).toEqual(Array(Number(twoLapsDown.MRData.total)).fill('+2 Laps'));
    expect(twoLapsDown.MRData.RaceTable.Races[0]!.Results[0]).toMatchObject({ Driver: { driverId: 'norris' }, position: '17', grid: '11', laps: '55' });

    const williams = await json<ErgastResultsResponse>('2024/constructors/williams/results.json?limit=100');
    expect(new Set(williams.MRData.RaceTable.Races.flatMap((race) => race.Results.map((r) => r.Constructor.constructorId)))).toEqual(new Set(['williams']));
  });

  it('gives sprint results and qualifying, filtered by driver alias, grid and fastest lap', async () => {
    const norris = await json<ErgastSprintResponse>('2023/drivers/norris/sprint.json');
    expect(norris.MRData).toMatchObject({ total: '6', RaceTable: { season: '2023', driverId: 'norris' } });
    expect(norris.MRData.RaceTable.Races[0]).toMatchObject({ round: '4', SprintResults: [{ position: '17', grid: '10', laps: '17', status: 'Finished' }] });

    const china = await json<ErgastSprintResponse>('2024/5/sprint/1.json');
    expect(china.MRData.RaceTable.Races[0]!.SprintResults).toMatchObject([{ Driver: { driverId: 'max_verstappen' }, points: '8', Time: { time: '32:04.660' } }]);

    const gasly = await json<ErgastQualifyingResponse>('2024/17/grid/18/qualifying.json');
    expect(gasly.MRData.RaceTable.Races[0]!.QualifyingResults.map((q) => [q.Driver.driverId, q.position])).toEqual([['gasly', '20']]);
    const norrisQualifying = await json<ErgastQualifyingResponse>('2024/17/fastest/1/qualifying.json');
    expect(norrisQualifying.MRData.RaceTable.Races[0]!.QualifyingResults.map((q) => [q.Driver.driverId, q.position])).toEqual([['norris', '16']]);

    const poles = await json<ErgastQualifyingResponse>('2024/qualifying/1.json?limit=100');
    expect(poles.MRData.total).toBe('24');
    expect(poles.MRData.RaceTable.Races[0]!.QualifyingResults[0]).toMatchObject({ position: '1', Q3: '1:29.179', Driver: { driverId: 'max_verstappen' } });
  });
});

describe('races, circuits, seasons, drivers and constructors', () => {
  it('lists a circuit’s races by its F1DB id or its Ergast name', async () => {
    const monza = await json<ErgastRacesResponse>('circuits/monza/races.json?limit=100');
    const seasons = monza.MRData.RaceTable.Races.map((race) => Number(race.season));
    expect(seasons[0]).toBe(1950);
    expect(seasons).not.toContain(1980);
    expect(seasons.filter((year) => year <= 2025)).toHaveLength(75);

    const albertPark = await json<ErgastRacesResponse>('circuits/albert_park/races.json?limit=100');
    expect(albertPark.MRData.RaceTable.circuitId).toBe('albert_park');
    expect(albertPark.MRData.RaceTable.Races.map((race) => race.season).slice(0, 2)).toEqual(['1996', '1997']);
    expect(albertPark.MRData.RaceTable.Races.map((race) => race.season)).not.toContain('2020');
  });

  it('lists seasons, circuits, drivers and constructors under any filters', async () => {
    const seasons = await json<ErgastSeasonsResponse>('seasons.json?limit=100');
    expect(seasons.MRData.SeasonTable.Seasons[0]).toEqual({ season: '1950', url: expect.stringContaining('1950_Formula_One_World_Championship') });
    expect(await json<ErgastSeasonsResponse>('drivers/alonso/constructors/renault/seasons.json')).toMatchObject({
      MRData: { total: '6', SeasonTable: { driverId: 'alonso', constructorId: 'renault' } },
    });

    const circuits2024 = await json<ErgastCircuitsResponse>('2024/circuits.json?limit=100');
    expect(circuits2024.MRData.total).toBe('24');
    expect((await json<ErgastCircuitsResponse>('results/29/circuits.json')).MRData.CircuitTable.Circuits.map((c) => c.circuitId)).toEqual(['indianapolis']);

    const australia = await json<ErgastDriversResponse>('2024/circuits/albert_park/drivers.json?limit=100');
    expect(australia.MRData.total).toBe('19');
    expect(ids(australia.MRData.DriverTable.Drivers, (d) => d.driverId)).not.toContain('sargeant');

    const teams = await json<ErgastConstructorsResponse>('drivers/alonso/constructors.json');
    expect(ids(teams.MRData.ConstructorTable.Constructors, (c) => c.constructorId)).toEqual(['alpine', 'aston_martin', 'ferrari', 'mclaren', 'minardi', 'renault']);
    expect((await json<ErgastConstructorsResponse>('2024/constructors.json')).MRData.total).toBe('10');
    expect((await json<ErgastDriversResponse>('drivers/max_verstappen.json')).MRData.DriverTable.Drivers.map((d) => d.driverId)).toEqual(['max_verstappen']);
  });
});

describe('status and pit stops', () => {
  it('counts the statuses of a team’s season, most frequent first', async () => {
    const { MRData } = await json<ErgastStatusResponse>('2024/constructors/ferrari/status.json');
    expect(MRData.StatusTable).toMatchObject({ season: '2024', constructorId: 'ferrari' });
    expect(MRData.StatusTable.Status[0]).toEqual({ statusId: '1', count: '43', status: 'Finished' });
    expect(MRData.StatusTable.Status.reduce((sum, s) => sum + Number(s.count), 0)).toBe(48);
  });

  it('gives a race’s pit stops, filtered by driver and lap', async () => {
    const all = await json<ErgastPitStopsResponse>('2024/1/pitstops.json?limit=100');
    expect(all.MRData.total).toBe('43');
    expect(all.MRData.RaceTable.Races[0]!.PitStops[0]).toEqual({ driverId: 'hulkenberg', lap: '1', stop: '1', duration: '36.604' });

    const max = await json<ErgastPitStopsResponse>('2024/1/drivers/max_verstappen/pitstops.json');
    expect(max.MRData.RaceTable.Races[0]!.PitStops).toEqual([
      { driverId: 'max_verstappen', lap: '17', stop: '1', duration: '25.064' },
      { driverId: 'max_verstappen', lap: '37', stop: '2', duration: '24.209' },
    ]);

    const lapTwelve = await json<ErgastPitStopsResponse>('2019/4/laps/12/pitstops.json');
    expect(lapTwelve.MRData.RaceTable).toMatchObject({ season: '2019', round: '4', lap: '12' });
    expect(lapTwelve.MRData.RaceTable.Races[0]!.PitStops.map((p) => p.driverId).sort()).toEqual(['albon', 'bottas', 'sainz']);

    const secondStops = await json<ErgastPitStopsResponse>('2023/13/drivers/alonso/pitstops/2.json');
    expect(secondStops.MRData.RaceTable.Races[0]!.PitStops).toEqual([{ driverId: 'alonso', lap: '10', stop: '2', duration: '20.109' }]);
  });
});

describe('combined filters, across seasons and within one', () => {
  const raceEntries = (where: SQL) =>
    t.database.db
      .select({ year: races.year, round: races.round, driverId: raceResults.driverId, constructorId: raceResults.constructorId })
      .from(raceResults)
      .innerJoin(races, eq(races.id, raceResults.raceId))
      .where(and(eq(raceResults.session, 'RACE'), where))
      .orderBy(asc(races.year), asc(races.round), asc(raceResults.positionDisplayOrder));

  it('reads the results of the team third in a season’s championship', async () => {
    const [third] = await t.database.db
      .select({ id: seasonConstructorStandings.constructorId })
      .from(seasonConstructorStandings)
      .where(and(eq(seasonConstructorStandings.year, 2024), eq(seasonConstructorStandings.positionNumber, 3)));
    const { MRData } = await json<ErgastResultsResponse>('2024/constructorStandings/3/results.json?limit=100');
    const expected = await raceEntries(and(eq(races.year, 2024), eq(raceResults.constructorId, third!.id))!);
    const [driverId, constructorId] = await Promise.all([ergastIdOf('driver'), ergastIdOf('constructor')]);
    expect(MRData.total).toBe(String(expected.length));
    expect(MRData.RaceTable.Races.flatMap((race) => race.Results.map((r) => [Number(race.round), r.Driver.driverId, r.Constructor.constructorId]))).toEqual(
      expected.map((e) => [e.round, driverId(e.driverId), constructorId(e.constructorId)]),
    );
  });

  it('lists the races of a season’s champion, and the drivers of a team in its title seasons', async () => {
    const [champion] = await t.database.db
      .select({ id: seasonDriverStandings.driverId })
      .from(seasonDriverStandings)
      .where(and(eq(seasonDriverStandings.year, 2023), eq(seasonDriverStandings.positionNumber, 1)));
    const racesOfChampion = await json<ErgastRacesResponse>('2023/driverStandings/1/races.json');
    const entered = await raceEntries(and(eq(races.year, 2023), eq(raceResults.driverId, champion!.id))!);
    expect(racesOfChampion.MRData.RaceTable.Races.map((race) => Number(race.round))).toEqual(entered.map((e) => e.round));

    const titleYears = await t.database.db
      .select({ year: seasonConstructorStandings.year })
      .from(seasonConstructorStandings)
      .where(and(eq(seasonConstructorStandings.constructorId, 'ferrari'), eq(seasonConstructorStandings.positionNumber, 1)));
    const drove = await raceEntries(and(eq(raceResults.constructorId, 'ferrari'), inArray(races.year, titleYears.map((y) => y.year)))!);
    const { MRData } = await json<ErgastDriversResponse>('constructors/ferrari/constructorStandings/1/drivers.json?limit=100');
    const driverId = await ergastIdOf('driver');
    expect(ids(MRData.DriverTable.Drivers, (d) => d.driverId).sort()).toEqual([...new Set(drove.map((e) => driverId(e.driverId)))].sort());
  });

  it('reads qualifying through the race result’s status and the championship, as the results do', async () => {
    const results = await json<ErgastResultsResponse>('2021/status/1/driverStandings/1/results.json');
    const qualifying = await json<ErgastQualifyingResponse>('2021/status/1/driverStandings/1/qualifying.json');
    const finishedRounds = results.MRData.RaceTable.Races.map((race) => race.round);
    expect(finishedRounds.length).toBeGreaterThan(10);
    const champion = (await ergastIdOf('driver'))('max-verstappen');
    expect(results.MRData.RaceTable.Races.flatMap((race) => race.Results.map((r) => r.Driver.driverId))).toEqual(finishedRounds.map(() => champion));
    expect(qualifying.MRData.RaceTable.Races.map((race) => race.round)).toEqual(finishedRounds);
    expect(qualifying.MRData.RaceTable.Races.flatMap((race) => race.QualifyingResults.map((q) => q.Driver.driverId))).toEqual(
      finishedRounds.map(() => champion),
    );
  });

  it('counts the rows of a page past the end without listing any', async () => {
    const [first, beyond] = await Promise.all([
      json<ErgastResultsResponse>('drivers/lewis-hamilton/results.json?limit=1'),
      json<ErgastResultsResponse>('drivers/lewis-hamilton/results.json?limit=100&offset=100000'),
    ]);
    expect(Number(first.MRData.total)).toBeGreaterThan(300);
    expect(beyond.MRData).toMatchObject({ total: first.MRData.total, offset: '100000', RaceTable: { Races: [] } });
  });
});

describe('the racing clock', () => {
  it('reads current, last and next from the clock, even when the data is behind it', async () => {
    const last = await json<ErgastRacesResponse>('current/last.json');
    const next = await json<ErgastRacesResponse>('current/next.json');
    expect(last.MRData.RaceTable.season).toBe('2026');
    expect(Number(next.MRData.RaceTable.round)).toBe(Number(last.MRData.RaceTable.round) + 1);
    expect(new Date(`${next.MRData.RaceTable.Races[0]!.date}T23:59:59Z`).getTime()).toBeGreaterThan(Date.parse(TODAY));
    // F1DB holds results up to round 11 of 2026: a later finished round has none yet.
    expect((await json<ErgastResultsResponse>('current/last/results.json')).MRData.total).toBe('0');
    expect((await json<ErgastResultsResponse>('2026/11/results.json')).MRData.total).not.toBe('0');
  });

  it('keeps a race’s results out until the clock has seen it finish', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: '2024-03-02T15:30:00Z' } });
    try {
      expect((await json<ErgastResultsResponse>('2024/1/results.json')).MRData.total).toBe('0');
      expect((await json<ErgastResultsResponse>('2024/drivers/max-verstappen/results.json')).MRData.total).toBe('0');
      expect((await json<ErgastResultsResponse>('2023/drivers/max-verstappen/results.json')).MRData.total).toBe('22');
      expect((await json<ErgastQualifyingResponse>('2024/1/qualifying.json')).MRData.total).toBe('20');
      expect((await json<ErgastPitStopsResponse>('2024/1/pitstops.json')).MRData.total).toBe('0');
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: TODAY } });
    }
  });
});

describe('every filter on every resource', () => {
  const FILTER_VALUES: Record<string, string> = {
    circuits: 'shanghai',
    constructors: 'red-bull',
    drivers: 'max-verstappen',
    grid: '1',
    results: '1',
    fastest: '1',
    status: '1',
    driverStandings: '1',
    constructorStandings: '1',
    laps: '13',
  };

  /** What each resource refuses, with a 400 saying so; every other filter narrows it. */
  const REFUSED: Record<string, string[]> = {
    driverStandings: ['circuits', 'constructors', 'grid', 'results', 'fastest', 'status', 'constructorStandings', 'laps'],
    constructorStandings: ['circuits', 'drivers', 'grid', 'results', 'fastest', 'status', 'driverStandings', 'laps'],
    pitstops: [],
    laps: [],
  };

  it('answers each on the 2024 Chinese Grand Prix (a sprint weekend) with its table, or a 400 for a filter it does not take', { timeout: 120_000 }, async () => {
    for (const [resource, schema] of Object.entries(ergastResponses)) {
      for (const [filter, value] of Object.entries(FILTER_VALUES)) {
        const path = `2024/5/${filter}/${value}/${resource}.json`;
        const response = await t.app.inject(`/api/ergast/f1/${path}`);
        const refused = (REFUSED[resource] ?? ['laps']).includes(filter);
        expect(response.statusCode, `${path}: ${response.body.slice(0, 200)}`).toBe(refused ? 400 : 200);
        if (refused) continue;
        const body = schema.parse(response.json());
        // This database stores no lap timing (ergast-laps.test.ts reads a recorded race's): laps answer an empty list.
        if (resource === 'laps') expect(body.MRData.total, path).toBe('0');
        else expect(Number(body.MRData.total), path).toBeGreaterThan(0);
      }
    }
  });
});

describe('ids', () => {
  it('reads Ergast’s ids first, and refuses an alias of ours that names several drivers, naming them', async () => {
    const hamilton = await json<ErgastDriversResponse>('drivers/hamilton.json');
    expect(hamilton.MRData.DriverTable.Drivers.map((d) => [d.driverId, d.givenName])).toEqual([['hamilton', 'Lewis']]);
    const response = await t.app.inject('/api/ergast/f1/drivers/schumacher/results.json');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe(
      '"schumacher" could be any of several drivers: michael-schumacher, mick-schumacher, ralf-schumacher; ask with one of these ids',
    );
  });

  it('answers an alias exactly as the F1DB id it names', async () => {
    const [byAlias, byId] = await Promise.all([
      t.app.inject('/api/ergast/f1/2024/constructors/red_bull/drivers.json'),
      t.app.inject('/api/ergast/f1/2024/constructors/red-bull/drivers.json'),
    ]);
    expect(byAlias.json().MRData.DriverTable).toEqual(byId.json().MRData.DriverTable);
    expect(byAlias.json().MRData.DriverTable.Drivers.map((d: { driverId: string }) => d.driverId)).toEqual(['max_verstappen', 'perez']);
  });
});

/** Requests and answers as Ergast's documentation shows them (ergast.com/mrd), with Ergast's ids. */
describe('Ergast’s documentation examples', () => {
  it('answers a race’s results, qualifying and the season’s standings with Ergast’s ids', async () => {
    const results = await json<ErgastResultsResponse>('2008/5/results.json');
    expect(results.MRData.RaceTable.Races[0]).toMatchObject({ season: '2008', round: '5', raceName: 'Turkish Grand Prix', Circuit: { circuitId: 'istanbul' } });
    expect(results.MRData.RaceTable.Races[0]!.Results[0]).toMatchObject({
      position: '1',
      status: 'Finished',
      Driver: { driverId: 'massa', givenName: 'Felipe', familyName: 'Massa' },
      Constructor: { constructorId: 'ferrari' },
    });
    const qualifying = await json<ErgastQualifyingResponse>('2008/5/qualifying.json');
    expect(qualifying.MRData.RaceTable.Races[0]!.QualifyingResults[0]).toMatchObject({ position: '1', Driver: { driverId: 'massa' } });
    const drivers = await json<ErgastDriverStandingsResponse>('2008/driverStandings.json');
    expect(drivers.MRData.StandingsTable.StandingsLists[0]!.DriverStandings[0]).toMatchObject({ points: '98', Driver: { driverId: 'hamilton' } });
    const teams = await json<ErgastConstructorStandingsResponse>('2008/constructorStandings.json');
    expect(teams.MRData.StandingsTable.StandingsLists[0]!.ConstructorStandings[0]).toMatchObject({ points: '172', Constructor: { constructorId: 'ferrari' } });
  });

  it('answers the seasons a driver drove for a constructor and the status counts with Ergast’s status ids', async () => {
    const seasons = await json<ErgastSeasonsResponse>('drivers/alonso/constructors/renault/seasons.json');
    expect(seasons.MRData.SeasonTable).toMatchObject({ driverId: 'alonso', constructorId: 'renault' });
    expect(seasons.MRData.SeasonTable.Seasons.map((s) => s.season)).toEqual(['2003', '2004', '2005', '2006', '2008', '2009']);
    const statuses = await json<ErgastStatusResponse>('2008/status.json?limit=100');
    const byId = new Map(statuses.MRData.StatusTable.Status.map((s) => [s.statusId, s.status]));
    expect([byId.get('1'), byId.get('4'), byId.get('11')]).toEqual(['Finished', 'Collision', '+1 Lap']);
    const collisions = await json<ErgastResultsResponse>('2008/status/4/results.json');
    expect(collisions.MRData.RaceTable.status).toBe('4');
    expect(collisions.MRData.RaceTable.Races.flatMap((race) => race.Results.map((r) => r.status))).toEqual(expect.arrayContaining(['Collision']));
  });
});

/** A client as Jolpica's clients are written: it reads ids from one answer and asks the next resources with them. */
describe('a client walking every resource with Ergast’s ids', () => {
  it('gets a non-empty answer naming the same ids at every step', async () => {
    const races = await json<ErgastRacesResponse>('2021.json');
    const { circuitId } = races.MRData.RaceTable.Races[0]!.Circuit;
    const results = await json<ErgastResultsResponse>('2021/1/results.json');
    const { Driver, Constructor } = results.MRData.RaceTable.Races[0]!.Results[0]!;
    expect([Driver.driverId, Constructor.constructorId, circuitId]).toEqual(['hamilton', 'mercedes', 'bahrain']);
    const byDriver = `drivers/${Driver.driverId}`;
    const steps: [string, (body: Record<string, Record<string, unknown>>) => unknown][] = [
      [`${byDriver}.json`, (b) => b.DriverTable!.Drivers],
      [`constructors/${Constructor.constructorId}.json`, (b) => b.ConstructorTable!.Constructors],
      [`circuits/${circuitId}.json`, (b) => b.CircuitTable!.Circuits],
      [`2021/${byDriver}/results.json`, (b) => b.RaceTable!.Races],
      [`2021/${byDriver}/qualifying.json`, (b) => b.RaceTable!.Races],
      [`2021/${byDriver}/sprint.json`, (b) => b.RaceTable!.Races],
      [`2021/1/${byDriver}/pitstops.json`, (b) => b.RaceTable!.Races],
      [`2021/${byDriver}/driverStandings.json`, (b) => b.StandingsTable!.StandingsLists],
      [`2021/constructors/${Constructor.constructorId}/constructorStandings.json`, (b) => b.StandingsTable!.StandingsLists],
      [`circuits/${circuitId}/races.json`, (b) => b.RaceTable!.Races],
      [`${byDriver}/circuits/${circuitId}/seasons.json`, (b) => b.SeasonTable!.Seasons],
      [`2021/${byDriver}/status.json`, (b) => b.StatusTable!.Status],
    ];
    for (const [path, list] of steps) {
      const { MRData } = await json<{ MRData: Record<string, Record<string, unknown>> }>(path);
      expect((list(MRData) as unknown[]).length, path).toBeGreaterThan(0);
      const answer = JSON.stringify(MRData);
      expect(answer, path).not.toMatch(/"(driverId|constructorId|circuitId)":"lewis-hamilton"/);
    }
  });
});
