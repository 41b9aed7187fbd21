import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { useF1TestApp } from '../../../test/f1-app';
import { startArchiveStandIn } from '../../../test/livetimingArchive';
import { recordedGrandPrix, storeRecordedTiming } from '../../../test/recorded-sessions';

/**
 * Walks the URL shapes of the Ergast and Jolpica documentation (their endpoint pages' route parameters and examples)
 * and checks each answer against a schema written from that documentation alone, not from our contract: field names,
 * which fields are always there, strings everywhere, no field the documentation does not name.
 */

const digits = z.string().regex(/^\d+$/);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const utcTime = z.string().regex(/^\d{2}:\d{2}:\d{2}Z$/);
const lapTime = z.string().regex(/^(\d+:)?\d{1,2}:\d{2}\.\d{3}$|^\d{1,2}\.\d{3}$/);

const location = z.strictObject({ lat: z.string(), long: z.string(), locality: z.string(), country: z.string() });
const circuit = z.strictObject({ circuitId: z.string(), url: z.url(), circuitName: z.string(), Location: location });
const driver = z.strictObject({
  driverId: z.string(),
  permanentNumber: digits.optional(),
  code: z.string().optional(),
  url: z.url(),
  givenName: z.string(),
  familyName: z.string(),
  dateOfBirth: date.optional(),
  nationality: z.string(),
});
const constructor = z.strictObject({ constructorId: z.string(), url: z.url(), name: z.string(), nationality: z.string() });
const session = z.strictObject({ date, time: utcTime.optional() });

const result = z.strictObject({
  number: z.string(),
  position: digits,
  positionText: z.string().regex(/^(\d+|R|D|E|W|F|N)$/),
  points: z.string().regex(/^\d+(\.\d+)?$/),
  Driver: driver,
  Constructor: constructor.optional(),
  grid: digits.optional(),
  laps: digits.optional(),
  status: z.string().optional(),
  Time: z.strictObject({ millis: digits, time: z.string() }).optional(),
  FastestLap: z
    .strictObject({
      rank: digits.optional(),
      lap: digits.optional(),
      Time: z.strictObject({ time: lapTime }),
      AverageSpeed: z.strictObject({ units: z.string(), speed: z.string() }).optional(),
    })
    .optional(),
});
const qualifying = z.strictObject({
  number: z.string(),
  position: digits.optional(),
  Driver: driver,
  Constructor: constructor,
  Q1: z.string().optional(),
  Q2: z.string().optional(),
  Q3: z.string().optional(),
});
const pitStop = z.strictObject({ driverId: z.string(), lap: digits.optional(), stop: digits.optional(), time: z.string().optional(), duration: z.string().optional() });

const lap = z.strictObject({ number: digits, Timings: z.array(z.strictObject({ driverId: z.string(), position: digits, time: lapTime })).min(1) });
const race = z.strictObject({
  season: digits,
  round: digits,
  url: z.url(),
  raceName: z.string(),
  Circuit: circuit,
  date,
  time: utcTime.optional(),
  FirstPractice: session.optional(),
  SecondPractice: session.optional(),
  ThirdPractice: session.optional(),
  Qualifying: session.optional(),
  Sprint: session.optional(),
  SprintQualifying: session.optional(),
  Results: z.array(result).min(1).optional(),
  SprintResults: z.array(result).min(1).optional(),
  QualifyingResults: z.array(qualifying).min(1).optional(),
  PitStops: z.array(pitStop).min(1).optional(),
  Laps: z.array(lap).min(1).optional(),
});

const standing = { position: digits.optional(), positionText: z.string(), points: z.string(), wins: digits };
const standingsList = z.strictObject({
  season: digits,
  round: digits,
  DriverStandings: z.array(z.strictObject({ ...standing, Driver: driver, Constructors: z.array(constructor) })).optional(),
  ConstructorStandings: z.array(z.strictObject({ ...standing, Constructor: constructor })).optional(),
});

/** The filters a table repeats, as the documentation's examples show them. */
const criteria = {
  season: digits.optional(),
  round: digits.optional(),
  circuitId: z.string().optional(),
  constructorId: z.string().optional(),
  driverId: z.string().optional(),
  grid: digits.optional(),
  position: digits.optional(),
  fastest: digits.optional(),
  status: digits.optional(),
  lap: digits.optional(),
  stop: digits.optional(),
  driverStandings: digits.optional(),
  constructorStandings: digits.optional(),
};

const tables = {
  SeasonTable: z.strictObject({ ...criteria, Seasons: z.array(z.strictObject({ season: digits, url: z.url() })) }),
  CircuitTable: z.strictObject({ ...criteria, Circuits: z.array(circuit) }),
  RaceTable: z.strictObject({ ...criteria, Races: z.array(race) }),
  DriverTable: z.strictObject({ ...criteria, Drivers: z.array(driver) }),
  ConstructorTable: z.strictObject({ ...criteria, Constructors: z.array(constructor) }),
  StatusTable: z.strictObject({ ...criteria, Status: z.array(z.strictObject({ statusId: digits, count: digits, status: z.string() })) }),
  StandingsTable: z.strictObject({ ...criteria, StandingsLists: z.array(standingsList) }),
};

const envelope = { xmlns: z.literal(''), series: z.literal('f1'), url: z.url(), limit: digits, offset: digits, total: digits };
const mrData = z.object({
  MRData: z.union(Object.entries(tables).map(([name, table]) => z.strictObject({ ...envelope, [name]: table })) as unknown as [z.ZodType, z.ZodType]),
});

/** Jolpica's error body. */
const errorBody = z.object({ detail: z.string().min(1) });

/** Shapes from the Ergast and Jolpica documentation, with the table each answers with. */
const DOCUMENTED: [string, keyof typeof tables][] = [
  ['seasons/', 'SeasonTable'],
  ['2024/seasons/', 'SeasonTable'],
  ['circuits/monza/seasons/', 'SeasonTable'],
  ['constructors/williams/seasons/', 'SeasonTable'],
  ['drivers/alonso/seasons/', 'SeasonTable'],
  ['grid/27/seasons/', 'SeasonTable'],
  ['status/2/seasons/', 'SeasonTable'],
  ['drivers/alonso/driverStandings/1/seasons.json', 'SeasonTable'],
  ['drivers/alonso/constructors/renault/seasons.json', 'SeasonTable'],
  ['circuits/', 'CircuitTable'],
  ['2024/circuits/', 'CircuitTable'],
  ['2024/1/circuits/', 'CircuitTable'],
  ['2024/circuits/albert_park/circuits/', 'CircuitTable'],
  ['constructors/williams/circuits/', 'CircuitTable'],
  ['drivers/alonso/circuits/', 'CircuitTable'],
  ['fastest/24/circuits/', 'CircuitTable'],
  ['grid/29/circuits/', 'CircuitTable'],
  ['results/1/circuits/', 'CircuitTable'],
  ['results/29/circuits/', 'CircuitTable'],
  ['circuits/monza.json', 'CircuitTable'],
  ['races/', 'RaceTable'],
  ['', 'RaceTable'],
  ['2024.json', 'RaceTable'],
  ['2024/races/', 'RaceTable'],
  ['2024/5/races/', 'RaceTable'],
  ['2024/5.json', 'RaceTable'],
  ['current.json', 'RaceTable'],
  ['current/last.json', 'RaceTable'],
  ['current/next.json', 'RaceTable'],
  ['circuits/monza/races/', 'RaceTable'],
  ['constructors/williams/races/', 'RaceTable'],
  ['drivers/alonso/races/', 'RaceTable'],
  ['grid/27/races/', 'RaceTable'],
  ['status/2/races/', 'RaceTable'],
  ['results/1/drivers/max_verstappen/races.json', 'RaceTable'],
  ['constructors/', 'ConstructorTable'],
  ['2024/constructors', 'ConstructorTable'],
  ['circuits/bahrain/constructors', 'ConstructorTable'],
  ['constructors/williams/constructors', 'ConstructorTable'],
  ['constructors/williams.json', 'ConstructorTable'],
  ['drivers/alonso/constructors', 'ConstructorTable'],
  ['fastest/1/constructors', 'ConstructorTable'],
  ['grid/1/constructors', 'ConstructorTable'],
  ['results/1/constructors', 'ConstructorTable'],
  ['status/2/constructors', 'ConstructorTable'],
  ['constructorStandings/1/constructors.json', 'ConstructorTable'],
  ['drivers/', 'DriverTable'],
  ['2024/drivers/', 'DriverTable'],
  ['2024/1/drivers/', 'DriverTable'],
  ['2024/circuits/albert_park/drivers/', 'DriverTable'],
  ['constructors/williams/drivers/', 'DriverTable'],
  ['drivers/alonso/', 'DriverTable'],
  ['fastest/1/drivers/', 'DriverTable'],
  ['grid/1/drivers/', 'DriverTable'],
  ['results/1/drivers/', 'DriverTable'],
  ['status/2/drivers/', 'DriverTable'],
  ['driverStandings/1/drivers.json', 'DriverTable'],
  ['results/', 'RaceTable'],
  ['2024/results/', 'RaceTable'],
  ['2024/last/results/', 'RaceTable'],
  ['2021/9/results/', 'RaceTable'],
  ['2021/9/results/1.json', 'RaceTable'],
  ['circuits/monza/results/', 'RaceTable'],
  ['constructors/williams/results/', 'RaceTable'],
  ['drivers/alonso/results/', 'RaceTable'],
  ['2024/fastest/1/results/', 'RaceTable'],
  ['2024/grid/9/results/', 'RaceTable'],
  ['status/11/results/', 'RaceTable'],
  ['2023/status/12/results/', 'RaceTable'],
  ['current/last/results.json', 'RaceTable'],
  ['sprint/', 'RaceTable'],
  ['2023/sprint/', 'RaceTable'],
  ['2024/5/sprint/', 'RaceTable'],
  ['circuits/red_bull_ring/sprint/', 'RaceTable'],
  ['constructors/mclaren/sprint/', 'RaceTable'],
  ['drivers/norris/sprint/', 'RaceTable'],
  ['2024/grid/1/sprint/', 'RaceTable'],
  ['status/1/sprint/', 'RaceTable'],
  ['2023/drivers/norris/sprint/', 'RaceTable'],
  ['qualifying/', 'RaceTable'],
  ['2004/qualifying/', 'RaceTable'],
  ['1950/qualifying/', 'RaceTable'],
  ['2024/qualifying/', 'RaceTable'],
  ['2024/5/qualifying/', 'RaceTable'],
  ['2024/17/qualifying/', 'RaceTable'],
  ['circuits/monza/qualifying/', 'RaceTable'],
  ['constructors/williams/qualifying/', 'RaceTable'],
  ['drivers/alonso/qualifying/', 'RaceTable'],
  ['grid/18/qualifying/', 'RaceTable'],
  ['2024/17/grid/18/qualifying/', 'RaceTable'],
  ['fastest/2/qualifying/', 'RaceTable'],
  ['2024/17/fastest/1/qualifying/', 'RaceTable'],
  ['status/11/qualifying/', 'RaceTable'],
  ['2024/qualifying/1.json', 'RaceTable'],
  ['2024/driverstandings/', 'StandingsTable'],
  ['2024/5/driverstandings/', 'StandingsTable'],
  ['1972/driverstandings/', 'StandingsTable'],
  ['2024/drivers/alonso/driverstandings/', 'StandingsTable'],
  ['2020/drivers/gasly/driverstandings/', 'StandingsTable'],
  ['2024/driverstandings/1/', 'StandingsTable'],
  ['current/driverStandings.json', 'StandingsTable'],
  ['current/last/driverStandings.json', 'StandingsTable'],
  ['driverStandings/1.json', 'StandingsTable'],
  ['2024/constructorstandings/', 'StandingsTable'],
  ['2024/5/constructorstandings/', 'StandingsTable'],
  ['2007/constructorstandings/', 'StandingsTable'],
  ['2020/9/constructorstandings/', 'StandingsTable'],
  ['2024/constructors/ferrari/constructorstandings/', 'StandingsTable'],
  ['2024/constructorstandings/1/', 'StandingsTable'],
  ['constructorStandings/1.json', 'StandingsTable'],
  ['status/', 'StatusTable'],
  ['2023/status/', 'StatusTable'],
  ['2023/10/status/', 'StatusTable'],
  ['circuits/monza/status/', 'StatusTable'],
  ['constructors/ferrari/status/', 'StatusTable'],
  ['drivers/alonso/status/', 'StatusTable'],
  ['grid/1/status/', 'StatusTable'],
  ['results/1/status/', 'StatusTable'],
  ['fastest/1/status/', 'StatusTable'],
  ['status/1/', 'StatusTable'],
  ['2024/constructors/ferrari/status/', 'StatusTable'],
  ['2024/1/pitstops/', 'RaceTable'],
  ['2024/5/pitstops/', 'RaceTable'],
  ['2024/1/drivers/max_verstappen/pitstops/', 'RaceTable'],
  ['2019/4/laps/12/pitstops/', 'RaceTable'],
  ['2023/13/drivers/alonso/pitstops/', 'RaceTable'],
  ['2023/13/drivers/alonso/pitstops/2.json', 'RaceTable'],
  ['2018/4/laps/', 'RaceTable'],
  ['2018/4/laps/10/', 'RaceTable'],
  ['2018/4/drivers/max_verstappen/laps/', 'RaceTable'],
  ['2018/4/drivers/max_verstappen/laps/12.json', 'RaceTable'],
];

/**
 * Documented URLs we answer differently on purpose (docs/api-ergast.md): an alias of ours (not an Ergast id) that
 * names several drivers.
 */
const DIFFERENT: [string, number, RegExp][] = [
  ['drivers/schumacher/races/', 404, /could be any of several drivers: michael-schumacher, mick-schumacher, ralf-schumacher/],
];

/** With the clock at the project's today, the data (up to round 11 of 2026) has nothing for the last finished round. */
const BEHIND_THE_CLOCK = new Set(['current/last/results.json', 'current/last/driverStandings.json']);

const t = useF1TestApp();

beforeAll(async () => {
  await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: '2026-11-25T12:00:00Z' } });
  // The laps come from the live-timing archive: the recorded 2018 Azerbaijan Grand Prix stands in for it.
  const archive = await startArchiveStandIn();
  await storeRecordedTiming(t.database.db, archive.url, recordedGrandPrix);
  await archive.close();
});

describe('the documented Ergast URL shapes', () => {
  it('answer every one with the documented envelope, table and fields', { timeout: 120_000 }, async () => {
    for (const [path, table] of DOCUMENTED) {
      const response = await t.app.inject(`/api/ergast/f1/${path}`);
      expect(response.statusCode, `${path}: ${response.body.slice(0, 200)}`).toBe(200);
      const body = response.json() as { MRData: Record<string, unknown> };
      const checked = mrData.safeParse(body);
      expect(checked.success, `${path}: ${checked.error?.issues.slice(0, 3).map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`).toBe(true);
      expect(Object.keys(body.MRData), path).toContain(table);
      expect(Number(body.MRData.total) > 0, `${path} has rows`).toBe(!BEHIND_THE_CLOCK.has(path));
    }
  });

  it('describe every season, circuit, constructor and driver in the data as documented', { timeout: 120_000 }, async () => {
    for (const resource of ['seasons', 'circuits', 'constructors', 'drivers']) {
      let offset = 0;
      let total = Infinity;
      while (offset < total) {
        const body = (await t.app.inject(`/api/ergast/f1/${resource}.json?limit=100&offset=${offset}`)).json();
        const checked = mrData.safeParse(body);
        expect(checked.success, `${resource} from ${offset}: ${checked.error?.issues.slice(0, 3).map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`).toBe(true);
        total = Number(body.MRData.total);
        offset += 100;
      }
      expect(total, resource).toBeGreaterThan(70);
    }
  });

  it('say where and why an answer differs, in Jolpica’s error shape', async () => {
    for (const [path, status, detail] of DIFFERENT) {
      const response = await t.app.inject(`/api/ergast/f1/${path}`);
      expect(response.statusCode, path).toBe(status);
      expect(errorBody.parse(response.json()).detail, path).toMatch(detail);
    }
  });

  it('page with limit (30 by default, at most 100) and offset', async () => {
    const first = (await t.app.inject('/api/ergast/f1/drivers/')).json().MRData;
    expect([first.limit, first.offset, first.DriverTable.Drivers.length]).toEqual(['30', '0', 30]);
    const capped = (await t.app.inject('/api/ergast/f1/drivers/?limit=1000&offset=30')).json().MRData;
    expect([capped.limit, capped.offset, capped.DriverTable.Drivers.length, capped.total]).toEqual(['100', '30', 100, first.total]);
    expect(capped.DriverTable.Drivers[0]).not.toEqual(first.DriverTable.Drivers[0]);
  });
});
