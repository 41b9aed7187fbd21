import { describe, expect, it } from 'vitest';
import type {
  ErgastCircuitsResponse,
  ErgastConstructorStandingsResponse,
  ErgastDriversResponse,
  ErgastPitStopsResponse,
  ErgastDriverStandingsResponse,
  ErgastQualifyingResponse,
  ErgastRacesResponse,
  ErgastResultsResponse,
  ErgastSprintResponse,
} from '@slipstream/contract';
import { useSeededDatabase } from '../../../test/f1-seed';
import { durationMillis } from './serializers';

const seeded = useSeededDatabase();

const AFTER_CHINA = '2025-03-24T12:00:00Z';
const get = (path: string, now = AFTER_CHINA) => seeded.requestAt(now, `/api/ergast/f1/${path}`);
const json = async <T>(path: string, now = AFTER_CHINA) => {
  const response = await get(path, now);
  expect(response.statusCode).toBe(200);
  return response.json() as T;
};

describe('races', () => {
  it('wraps a season schedule in the MRData envelope, every value a string', async () => {
    const { MRData } = await json<ErgastRacesResponse>('2025.json?limit=100');
    expect(MRData).toMatchObject({
      xmlns: '',
      series: 'f1',
      url: 'http://localhost:3000/api/ergast/f1/2025.json',
      limit: '100',
      offset: '0',
      total: '3',
    });
    expect(MRData.RaceTable.season).toBe('2025');
    expect(MRData.RaceTable.Races.map((r) => [r.round, r.raceName, r.date, r.time])).toEqual([
      ['1', 'Australian Grand Prix', '2025-03-16', '04:00:00Z'],
      ['2', 'Chinese Grand Prix', '2025-03-23', '07:00:00Z'],
      ['3', 'Japanese Grand Prix', '2025-04-06', '05:00:00Z'],
    ]);
    expect(MRData.RaceTable.Races[1]).toEqual({
      season: '2025',
      round: '2',
      url: 'https://en.wikipedia.org/wiki/Special:Search/2025_Chinese_Grand_Prix',
      raceName: 'Chinese Grand Prix',
      Circuit: {
        circuitId: 'shanghai',
        url: 'https://en.wikipedia.org/wiki/Special:Search/Shanghai_International_Circuit',
        circuitName: 'Shanghai International Circuit',
        Location: { lat: '31.338889', long: '121.219722', locality: 'Shanghai', country: 'China' },
      },
      date: '2025-03-23',
      time: '07:00:00Z',
      FirstPractice: { date: '2025-03-21', time: '03:30:00Z' },
      SprintQualifying: { date: '2025-03-21', time: '07:30:00Z' },
      Sprint: { date: '2025-03-22', time: '03:00:00Z' },
      Qualifying: { date: '2025-03-22', time: '07:00:00Z' },
    });
    expect(MRData.RaceTable.Races[2]).toHaveProperty('ThirdPractice', { date: '2025-04-05', time: '02:30:00Z' });
  });

  it('answers races.json, a single round, and a path without .json the same way', async () => {
    expect((await json<ErgastRacesResponse>('2025/races.json')).MRData.RaceTable.Races).toHaveLength(3);
    const round = await json<ErgastRacesResponse>('2025/2.json');
    expect(round.MRData).toMatchObject({ total: '1', RaceTable: { season: '2025', round: '2' } });
    expect(round.MRData.RaceTable.Races.map((r) => r.raceName)).toEqual(['Chinese Grand Prix']);
    expect((await json<ErgastRacesResponse>('2025/2/races')).MRData.RaceTable.Races[0]!.round).toBe('2');
  });

  it('applies limit and offset, lowering a limit above 100', async () => {
    const page = await json<ErgastRacesResponse>('2025.json?limit=1&offset=1');
    expect(page.MRData).toMatchObject({ limit: '1', offset: '1', total: '3' });
    expect(page.MRData.RaceTable.Races.map((r) => r.round)).toEqual(['2']);
    expect((await json<ErgastRacesResponse>('2025.json?limit=500')).MRData.limit).toBe('100');
    expect((await json<ErgastRacesResponse>('2025.json')).MRData.limit).toBe('30');
  });
});

describe('results', () => {
  it('gives a race classification as Ergast does', async () => {
    const { MRData } = await json<ErgastResultsResponse>('2025/2/results.json?limit=100');
    expect(MRData).toMatchObject({ total: '10', RaceTable: { season: '2025', round: '2' } });
    const [race] = MRData.RaceTable.Races;
    expect(race).toMatchObject({ round: '2', raceName: 'Chinese Grand Prix', time: '07:00:00Z' });
    expect(race!.Results[0]).toEqual({
      number: '81',
      position: '1',
      positionText: '1',
      points: '25',
      Driver: {
        driverId: 'piastri',
        permanentNumber: '81',
        code: 'PIA',
        url: 'https://en.wikipedia.org/wiki/Special:Search/Oscar_Piastri',
        givenName: 'Oscar',
        familyName: 'Piastri',
        dateOfBirth: '2001-04-06',
        nationality: 'Australian',
      },
      Constructor: {
        constructorId: 'mclaren',
        url: 'https://en.wikipedia.org/wiki/Special:Search/McLaren_Racing',
        name: 'McLaren',
        nationality: 'British',
      },
      grid: '1',
      laps: '56',
      status: 'Finished',
      Time: { millis: '5455026', time: '1:30:55.026' },
      FastestLap: { rank: '3', lap: '53', Time: { time: '1:35.520' }, AverageSpeed: { units: 'kph', speed: '205.440' } },
    });
    expect(race!.Results.map((r) => [r.position, r.positionText, r.grid, r.status, r.Time?.time ?? null])).toEqual([
      ['1', '1', '1', 'Finished', '1:30:55.026'],
      ['2', '2', '3', 'Finished', '+9.748'],
      ['3', '3', '2', 'Finished', '+11.097'],
      ['4', '4', '4', 'Finished', '+16.656'],
      ['5', '5', '8', 'Finished', '+53.748'],
      ['6', '6', '7', 'Finished', '+1:18.875'],
      ['7', '7', '0', 'Finished', '+1:21.147'],
      ['8', '8', '9', '+1 Lap', null],
      ['9', 'D', '6', 'Disqualified', null],
      ['10', 'D', '5', 'Disqualified', null],
    ]);
    expect(race!.Results[8]).toMatchObject({ points: '0', laps: '56' });
    expect(race!.Results[8]).not.toHaveProperty('FastestLap');
  });

  it('marks retirements R with their reason', async () => {
    const { MRData } = await json<ErgastResultsResponse>('2025/1/results.json');
    expect(MRData.RaceTable.Races[0]!.Results.slice(-2).map((r) => [r.positionText, r.status, r.laps, r.grid])).toEqual([
      ['R', 'Accident', '46', '0'],
      ['R', 'Accident', '0', '8'],
    ]);
  });

  it('pages over the result rows of a season, grouping each page by race', async () => {
    const { MRData } = await json<ErgastResultsResponse>('2024/results.json?limit=2&offset=7');
    expect(MRData).toMatchObject({ limit: '2', offset: '7', total: '16' });
    expect(MRData.RaceTable.Races.map((r) => [r.round, r.Results.map((x) => `${x.position} ${x.Driver.code}`)])).toEqual([
      ['1', ['8 PIA']],
      ['2', ['1 VER']],
    ]);
  });

  it('answers an empty table for a round without results yet', async () => {
    const { MRData } = await json<ErgastResultsResponse>('2025/3/results.json?limit=100');
    expect(MRData).toMatchObject({ total: '0', RaceTable: { season: '2025', round: '3', Races: [] } });
  });

  it('gives qualifying with Q1, Q2 and Q3 as far as each driver went', async () => {
    const { MRData } = await json<ErgastQualifyingResponse>('2025/2/qualifying.json?limit=100');
    const results = MRData.RaceTable.Races[0]!.QualifyingResults;
    expect(results).toHaveLength(10);
    expect(results[0]).toMatchObject({ number: '81', position: '1', Q1: '1:31.591', Q2: '1:31.200', Q3: '1:30.641', Driver: { code: 'PIA' } });
    expect(results[9]).toMatchObject({ position: '10', Q1: '1:32.174', Driver: { code: 'LAW' } });
    expect(results[9]).not.toHaveProperty('Q2');
  });

  it('gives sprint results', async () => {
    const { MRData } = await json<ErgastSprintResponse>('2025/2/sprint.json');
    const results = MRData.RaceTable.Races[0]!.SprintResults;
    expect(results.slice(0, 2).map((r) => [r.position, r.Driver.code, r.points, r.Time?.time])).toEqual([
      ['1', 'HAM', '8', '30:39.965'],
      ['2', 'PIA', '7', '+6.889'],
    ]);
    expect(results[0]!.Time!.millis).toBe('1839965');
  });
});

describe('standings', () => {
  it('gives the driver standings after the latest race, with wins and constructors', async () => {
    const { MRData } = await json<ErgastDriverStandingsResponse>('2025/driverStandings.json');
    expect(MRData).toMatchObject({ total: '10', StandingsTable: { season: '2025', round: '2' } });
    const [list] = MRData.StandingsTable.StandingsLists;
    expect(list).toMatchObject({ season: '2025', round: '2' });
    expect(list!.DriverStandings.slice(0, 3).map((s) => [s.position, s.positionText, s.points, s.wins, s.Driver.code])).toEqual([
      ['1', '1', '44', '1', 'NOR'],
      ['2', '2', '40', '1', 'PIA'],
      ['3', '3', '36', '0', 'VER'],
    ]);
    expect(list!.DriverStandings.find((s) => s.Driver.code === 'LAW')!.Constructors.map((c) => c.constructorId)).toEqual(['red_bull']);
  });

  it('gives the standings after a given round, in either spelling', async () => {
    const { MRData } = await json<ErgastDriverStandingsResponse>('2025/1/driverstandings.json?limit=1');
    expect(MRData).toMatchObject({ total: '10', limit: '1', StandingsTable: { round: '1' } });
    expect(MRData.StandingsTable.StandingsLists[0]!.DriverStandings.map((s) => [s.points, s.Driver.code])).toEqual([['25', 'NOR']]);

    const teams = await json<ErgastConstructorStandingsResponse>('2025/1/constructorStandings.json');
    expect(teams.MRData.StandingsTable.StandingsLists[0]!.ConstructorStandings.map((s) => [s.position, s.points, s.wins, s.Constructor.name])).toEqual([
      ['1', '33', '1', 'McLaren'],
      ['2', '27', '0', 'Mercedes'],
      ['3', '18', '0', 'Red Bull'],
      ['4', '16', '0', 'Ferrari'],
      ['5', '4', '0', 'Racing Bulls'],
    ]);
  });

  it('answers empty standings after a round not yet run', async () => {
    const { MRData } = await json<ErgastDriverStandingsResponse>('2025/3/driverStandings.json');
    expect(MRData).toMatchObject({ total: '0', StandingsTable: { season: '2025', round: '3', StandingsLists: [] } });
  });
});

describe('pit stops, drivers, circuits and aliases', () => {
  it('gives a race’s pit stops once its race has finished, filtered by driver or lap', async () => {
    const duringRace = await json<ErgastPitStopsResponse>('2025/2/pitstops.json', '2025-03-23T08:00:00Z');
    expect(duringRace.MRData.total).toBe('0');
    const tsunoda = await json<ErgastPitStopsResponse>('2025/2/drivers/tsunoda/pitstops.json');
    expect(tsunoda.MRData.RaceTable).toMatchObject({ season: '2025', round: '2', driverId: 'tsunoda' });
    expect(tsunoda.MRData.RaceTable.Races[0]!.PitStops.map((p) => [p.stop, p.lap, p.duration])).toEqual([
      ['1', '11', '22.519'],
      ['2', '35', '22.583'],
      ['3', '46', '38.102'],
    ]);
    const lapThirteen = await json<ErgastPitStopsResponse>('2025/2/laps/13/pitstops.json');
    expect(lapThirteen.MRData.RaceTable.Races[0]!.PitStops.map((p) => p.driverId)).toEqual(['hamilton', 'max_verstappen']);
  });

  it('lists a season’s drivers and a circuit named by its former name', async () => {
    const drivers = await json<ErgastDriversResponse>('2025/drivers.json');
    expect(drivers.MRData.DriverTable.Drivers.map((d) => d.driverId).sort()).toEqual([
      'antonelli', 'hadjar', 'hamilton', 'lawson', 'leclerc', 'max_verstappen', 'norris', 'piastri', 'russell', 'tsunoda',
    ]);
    const melbourne = await json<ErgastCircuitsResponse>('circuits/albert_park.json');
    expect(melbourne.MRData.CircuitTable).toMatchObject({ circuitId: 'albert_park', Circuits: [{ circuitId: 'albert_park', circuitName: 'Melbourne Grand Prix Circuit' }] });
  });
});

describe('current and last', () => {
  it('reads the season and its last finished round from the clock', async () => {
    const afterChina = await json<ErgastResultsResponse>('current/last/results.json');
    expect(afterChina.MRData.RaceTable).toMatchObject({ season: '2025', round: '2' });
    expect(afterChina.MRData.url).toBe('http://localhost:3000/api/ergast/f1/current/last/results.json');

    const duringChina = await json<ErgastResultsResponse>('current/last/results.json', '2025-03-23T08:59:00Z');
    expect(duringChina.MRData.RaceTable).toMatchObject({ season: '2025', round: '1' });

    const standings = await json<ErgastDriverStandingsResponse>('current/last/driverStandings.json', '2025-03-23T09:00:00Z');
    expect(standings.MRData.StandingsTable).toMatchObject({ season: '2025', round: '2' });
  });

  it('takes the final round of a season that is over', async () => {
    const { MRData } = await json<ErgastRacesResponse>('current/last.json', '2024-12-01T00:00:00Z');
    expect(MRData.RaceTable).toMatchObject({ season: '2024', round: '2' });
    expect((await json<ErgastRacesResponse>('2024/last.json')).MRData.RaceTable.round).toBe('2');
  });

  it('answers an empty schedule when the clock year has no season in the data', async () => {
    const response = await get('current.json', '2023-06-01T00:00:00Z');
    expect(response.statusCode).toBe(200);
    expect(response.json().MRData).toMatchObject({ total: '0', RaceTable: { season: '2023', Races: [] } });
  });
});

/** An error answer in Jolpica's shape, with our `message` beside `detail`. */
async function expectError(path: string, status: number, message: string) {
  const response = await get(path);
  expect(response.statusCode, path).toBe(status);
  expect(response.json()).toEqual({ detail: message, message });
}

describe('bad requests', () => {
  it('answers an empty table with total 0, as Ergast does, for a season, round, id or status with no rows', async () => {
    for (const [path, table] of [
      ['1990.json', 'RaceTable'],
      ['2025/9/results.json', 'RaceTable'],
      ['drivers/nobody/results.json', 'RaceTable'],
      ['status/999/results.json', 'RaceTable'],
      ['2025/99/circuits.json', 'CircuitTable'],
      ['drivers/brawn/circuits.json', 'CircuitTable'],
      ['2025/drivers/norris/fastest/0/circuits.json', 'CircuitTable'],
    ]) {
      const response = await get(path!);
      expect(response.statusCode, path).toBe(200);
      expect(response.json().MRData.total, path).toBe('0');
      expect(Object.values(response.json().MRData[table!]).find(Array.isArray), path).toEqual([]);
    }
  });

  it('answers 404 in Jolpica’s error shape for a path that is no Ergast resource', async () => {
    for (const [path, message] of [
      ['2025/circuits/monza/circuit.json', 'No Ergast endpoint /ergast/f1/2025/circuits/monza/circuit.json'],
      ['2025/grid/1.json', 'No Ergast endpoint /ergast/f1/2025/grid/1.json'],
      ['seasons/2024/results.json', 'No Ergast endpoint /ergast/f1/seasons/2024/results.json'],
    ]) {
      await expectError(path!, 404, message!);
    }
  });

  it('answers 400 for a filter the resource does not take, a repeated filter or a missing round', async () => {
    for (const [path, message] of [
      ['2025/grid/1/driverStandings.json', 'Bad Request: Unsupported filter for endpoint: grid cannot filter driverStandings.'],
      ['2025/races/1.json', 'Bad Request: Endpoint does not support final filter.'],
      ['drivers/max-verstappen/drivers/lando-norris/results.json', 'Bad Request: the filter drivers is given twice.'],
      ['2025/pitstops.json', "Bad Request: Missing one of the required parameters ['season', 'round']."],
      ['2025/laps/2/results.json', 'Bad Request: Unsupported filter for endpoint: laps cannot filter results.'],
    ]) {
      await expectError(path!, 400, message!);
    }
  });

  it('reads a malformed limit or offset as not given, and lowers one above the maximum, as Jolpica does', async () => {
    for (const [query, limit, offset] of [
      ['limit=abc', '30', '0'],
      ['limit=-1&offset=first', '30', '0'],
      ['limit=5&offset=100001', '5', '100000'],
    ]) {
      const response = await get(`2025.json?${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.json().MRData, query).toMatchObject({ limit, offset });
    }
  });

  it('answers 400 naming a bad season or round', async () => {
    for (const [path, parameter] of [
      ['20x5.json', 'season'],
      ['2025/0/results.json', 'round'],
      ['2025/2-3/results.json', 'round'],
    ]) {
      const response = await get(path!);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^Invalid ${parameter}`));
    }
  });
});

describe('browsers', () => {
  it('lets a page of any origin read the API and answers its preflight, and only the Ergast API', async () => {
    const answer = await seeded.requestAt(AFTER_CHINA, { url: '/api/ergast/f1/2025.json', headers: { origin: 'https://elsewhere.example' } });
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const preflight = await seeded.requestAt(AFTER_CHINA, {
      method: 'OPTIONS',
      url: '/api/ergast/f1/2025/2/results.json',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-client' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, HEAD, OPTIONS', 'access-control-allow-headers': 'x-client' });
    for (const url of ['/api/drivers', '/api/auth/session']) {
      const other = await seeded.requestAt(AFTER_CHINA, { url, headers: { origin: 'https://elsewhere.example' } });
      expect(other.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});

describe('durationMillis', () => {
  it('reads race, sprint and lap times', () => {
    expect(durationMillis('1:42:06.304')).toBe(6_126_304);
    expect(durationMillis('30:39.965')).toBe(1_839_965);
    expect(durationMillis('1:35.454')).toBe(95_454);
  });
});
