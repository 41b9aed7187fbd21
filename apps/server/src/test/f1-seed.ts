import { afterAll, beforeAll } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database, Db } from '../db/client';
import {
  circuitLayouts,
  circuits,
  constructors,
  countries,
  dataImports,
  drivers,
  engineManufacturers,
  ergastAliases,
  ergastIds,
  ergastStatuses,
  fastestLaps,
  pitStops,
  grandsPrix,
  qualifyingResults,
  raceConstructorStandings,
  raceDriverStandings,
  raceResults,
  raceSessions,
  races,
  seasonConstructorStandings,
  seasonDriverStandings,
  seasonEntrantDrivers,
  seasons,
  teamColours,
  type SessionKind,
} from '../db/schema';
import { ergastAliasRows } from '../ingest/f1db/ergast-aliases';
import { ergastIdRows } from '../ingest/f1db/ergast-ids';
import { refreshErgastStandings } from '../ingest/f1db/ergast-standings';
import { ergastStatusRows } from '../ingest/f1db/ergast-statuses';
import { withSessionStatus } from '../modules/f1/results/status';
import { buildTestApp } from './app';
import { openFilledTestDatabase } from './database';

/**
 * A small but realistic slice of F1DB for tests, in the shapes the importer writes: two seasons (2024 rounds
 * 1-2, 2025 rounds 1-3), a sprint weekend (China 2025), DNFs, two disqualifications, a pit-lane start, a lapped
 * finisher, Q1-Q3 times, standings after each race, team colours (Mercedes 2024 has none, to exercise the
 * fallback) and circuits with IANA time zones and tiny drawings.
 *
 * The field is trimmed to the drivers below, so positions, grid slots and points are renumbered within it;
 * times, gaps, laps and reasons are the real ones. Japan 2025 is on the calendar without results, as a race
 * not yet run (or not yet imported). 2024 races carry their start only on the races row, as F1DB's race.yml
 * does; 2025 races also list the race in race_sessions: the API must handle both.
 */

export const SEED_IMPORT = {
  source: 'f1db',
  version: 'v2025.3.0',
  dataDate: '2025-03-24T00:00:00.000Z',
  finishedAt: '2025-03-24T06:00:05.000Z',
};

/** Race ids (F1DB's) and the instants the tests pin the clock around. */
export const SEED = {
  bahrain2024: 1102,
  saudi2024: 1103,
  australia2025: 1126,
  china2025: 1127,
  japan2025: 1128,
};

const COUNTRIES = [
  ['australia', 'AU', 'AUS', 'Australia', 'Australian', 'australia'],
  ['bahrain', 'BH', 'BHR', 'Bahrain', 'Bahraini', 'asia'],
  ['saudi-arabia', 'SA', 'SAU', 'Saudi Arabia', 'Saudi Arabian', 'asia'],
  ['china', 'CN', 'CHN', 'China', 'Chinese', 'asia'],
  ['japan', 'JP', 'JPN', 'Japan', 'Japanese', 'asia'],
  ['united-kingdom', 'GB', 'GBR', 'United Kingdom', 'British', 'europe'],
  ['netherlands', 'NL', 'NLD', 'Netherlands', 'Dutch', 'europe'],
  ['belgium', 'BE', 'BEL', 'Belgium', 'Belgian', 'europe'],
  ['mexico', 'MX', 'MEX', 'Mexico', 'Mexican', 'north-america'],
  ['monaco', 'MC', 'MCO', 'Monaco', 'Monégasque', 'europe'],
  ['spain', 'ES', 'ESP', 'Spain', 'Spanish', 'europe'],
  ['new-zealand', 'NZ', 'NZL', 'New Zealand', 'New Zealander', 'australia'],
  ['france', 'FR', 'FRA', 'France', 'French', 'europe'],
  ['italy', 'IT', 'ITA', 'Italy', 'Italian', 'europe'],
  ['germany', 'DE', 'DEU', 'Germany', 'German', 'europe'],
  ['austria', 'AT', 'AUT', 'Austria', 'Austrian', 'europe'],
] as const;

const CIRCUITS = [
  { id: 'bahrain', name: 'Bahrain', fullName: 'Bahrain International Circuit', type: 'RACE', direction: 'CLOCKWISE', placeName: 'Sakhir', countryId: 'bahrain', latitude: 26.0325, longitude: 50.510556, length: 5.412, turns: 15, timeZone: 'Asia/Bahrain', layout: 'bahrain-1' },
  { id: 'jeddah', name: 'Jeddah', fullName: 'Jeddah Corniche Circuit', type: 'STREET', direction: 'ANTI_CLOCKWISE', placeName: 'Jeddah', countryId: 'saudi-arabia', latitude: 21.543333, longitude: 39.172778, length: 6.174, turns: 27, timeZone: 'Asia/Riyadh', layout: 'jeddah-1' },
  { id: 'melbourne', name: 'Melbourne', fullName: 'Melbourne Grand Prix Circuit', type: 'STREET', direction: 'CLOCKWISE', placeName: 'Melbourne', countryId: 'australia', latitude: -37.849722, longitude: 144.968333, length: 5.278, turns: 14, timeZone: 'Australia/Melbourne', layout: 'melbourne-2' },
  { id: 'shanghai', name: 'Shanghai', fullName: 'Shanghai International Circuit', type: 'RACE', direction: 'CLOCKWISE', placeName: 'Shanghai', countryId: 'china', latitude: 31.338889, longitude: 121.219722, length: 5.451, turns: 16, timeZone: 'Asia/Shanghai', layout: 'shanghai-1' },
  { id: 'suzuka', name: 'Suzuka', fullName: 'Suzuka Circuit', type: 'RACE', direction: 'CLOCKWISE', placeName: 'Suzuka', countryId: 'japan', latitude: 34.843056, longitude: 136.540556, length: 5.807, turns: 18, timeZone: 'Asia/Tokyo', layout: 'suzuka-2' },
];

/** A tiny drawing per layout and variant, in the F1DB style (a 500x500 canvas, one stroked path). */
export function seedDrawing(layoutId: string, variant: string): string {
  const stroke = variant.startsWith('white') ? '#fff' : '#000';
  const outline = variant.endsWith('outline') ? `<path d="M60 250 L250 60 L440 250 L250 440 Z" style="fill: none; stroke: ${stroke === '#fff' ? '#000' : '#fff'}; stroke-width: 28;"/>` : '';
  return `<svg width="500" height="500" xmlns="http://www.w3.org/2000/svg"><title>${layoutId}</title>${outline}<path d="M60 250 L250 60 L440 250 L250 440 Z" style="fill: none; stroke: ${stroke}; stroke-width: 20;"/></svg>`;
}

const GRANDS_PRIX = [
  ['bahrain', 'Bahrain', 'Bahrain Grand Prix', 'Bahrain GP', 'BHR', 'bahrain'],
  ['saudi-arabia', 'Saudi Arabia', 'Saudi Arabian Grand Prix', 'Saudi Arabian GP', 'SAU', 'saudi-arabia'],
  ['australia', 'Australia', 'Australian Grand Prix', 'Australian GP', 'AUS', 'australia'],
  ['china', 'China', 'Chinese Grand Prix', 'Chinese GP', 'CHN', 'china'],
  ['japan', 'Japan', 'Japanese Grand Prix', 'Japanese GP', 'JPN', 'japan'],
] as const;

// id, first name, last name, full name, abbreviation, permanent number, born, place of birth, country of birth, nationality
const DRIVERS = [
  ['lando-norris', 'Lando', 'Norris', 'Lando Norris', 'NOR', '4', '1999-11-13', 'Bristol', 'united-kingdom', 'united-kingdom'],
  ['oscar-piastri', 'Oscar', 'Piastri', 'Oscar Jack Piastri', 'PIA', '81', '2001-04-06', 'Melbourne', 'australia', 'australia'],
  ['max-verstappen', 'Max', 'Verstappen', 'Max Emilian Verstappen', 'VER', '3', '1997-09-30', 'Hasselt', 'belgium', 'netherlands'],
  ['sergio-perez', 'Sergio', 'Pérez', 'Sergio Michel Pérez Mendoza', 'PER', '11', '1990-01-26', 'Guadalajara', 'mexico', 'mexico'],
  ['charles-leclerc', 'Charles', 'Leclerc', 'Charles Marc Hervé Perceval Leclerc', 'LEC', '16', '1997-10-16', 'Monte Carlo', 'monaco', 'monaco'],
  ['carlos-sainz-jr', 'Carlos', 'Sainz Jr.', 'Carlos Sainz Vázquez de Castro', 'SAI', '55', '1994-09-01', 'Madrid', 'spain', 'spain'],
  ['oliver-bearman', 'Oliver', 'Bearman', 'Oliver James Bearman', 'BEA', '87', '2005-05-08', 'Havering', 'united-kingdom', 'united-kingdom'],
  ['lewis-hamilton', 'Lewis', 'Hamilton', 'Lewis Carl Davidson Hamilton', 'HAM', '44', '1985-01-07', 'Stevenage', 'united-kingdom', 'united-kingdom'],
  ['george-russell', 'George', 'Russell', 'George William Russell', 'RUS', '63', '1998-02-15', "King's Lynn", 'united-kingdom', 'united-kingdom'],
  ['liam-lawson', 'Liam', 'Lawson', 'Liam Jared Lawson', 'LAW', '30', '2002-02-11', 'Hastings', 'new-zealand', 'new-zealand'],
  ['yuki-tsunoda', 'Yuki', 'Tsunoda', 'Yuki Tsunoda', 'TSU', '22', '2000-05-11', 'Sagamihara', 'japan', 'japan'],
  ['isack-hadjar', 'Isack', 'Hadjar', 'Isack Alexandre Hadjar', 'HAD', '6', '2004-09-28', 'Paris', 'france', 'france'],
  ['kimi-antonelli', 'Kimi', 'Antonelli', 'Andrea Kimi Antonelli', 'ANT', '12', '2006-08-25', 'Bologna', 'italy', 'italy'],
  ['arthur-leclerc', 'Arthur', 'Leclerc', 'Arthur Leclerc', 'LEL', null, '2000-10-14', 'Monte Carlo', 'monaco', 'monaco'],
] as const;

const CONSTRUCTORS = [
  ['mclaren', 'McLaren', 'McLaren Racing', 'united-kingdom'],
  ['red-bull', 'Red Bull', 'Red Bull Racing', 'austria'],
  ['ferrari', 'Ferrari', 'Scuderia Ferrari', 'italy'],
  ['mercedes', 'Mercedes', 'Mercedes AMG F1', 'germany'],
  ['racing-bulls', 'Racing Bulls', 'Racing Bulls', 'italy'],
] as const;

/** The engine of each constructor in these two seasons. */
const ENGINE: Record<string, string> = {
  mclaren: 'mercedes',
  mercedes: 'mercedes',
  ferrari: 'ferrari',
  'red-bull': 'honda-rbpt',
  'racing-bulls': 'honda-rbpt',
};

const allRounds = Array.from({ length: 24 }, (_, i) => i + 1);
const roundsFrom = (first: number, last: number) => allRounds.filter((r) => r >= first && r <= last);

// year, entrant, constructor, driver, rounds (as F1DB lists them: the whole season), test driver
const ENTRANTS: [number, string, string, string, number[], boolean][] = [
  [2024, 'mclaren-f1-team', 'mclaren', 'lando-norris', allRounds, false],
  [2024, 'mclaren-f1-team', 'mclaren', 'oscar-piastri', allRounds, false],
  [2024, 'mercedes-amg-petronas-f1-team', 'mercedes', 'george-russell', allRounds, false],
  [2024, 'mercedes-amg-petronas-f1-team', 'mercedes', 'lewis-hamilton', allRounds, false],
  [2024, 'mercedes-amg-petronas-f1-team', 'mercedes', 'kimi-antonelli', [], true],
  [2024, 'oracle-red-bull-racing', 'red-bull', 'max-verstappen', allRounds, false],
  [2024, 'oracle-red-bull-racing', 'red-bull', 'sergio-perez', allRounds, false],
  [2024, 'scuderia-ferrari', 'ferrari', 'carlos-sainz-jr', allRounds, false],
  [2024, 'scuderia-ferrari', 'ferrari', 'charles-leclerc', allRounds, false],
  // F1DB lists Bearman's Saudi Arabian race as a test driver's round.
  [2024, 'scuderia-ferrari', 'ferrari', 'oliver-bearman', [2], true],
  [2024, 'scuderia-ferrari', 'ferrari', 'arthur-leclerc', [], true],
  [2025, 'mclaren-f1-team', 'mclaren', 'lando-norris', allRounds, false],
  [2025, 'mclaren-f1-team', 'mclaren', 'oscar-piastri', allRounds, false],
  [2025, 'mercedes-amg-petronas-f1-team', 'mercedes', 'kimi-antonelli', allRounds, false],
  [2025, 'mercedes-amg-petronas-f1-team', 'mercedes', 'george-russell', allRounds, false],
  [2025, 'oracle-red-bull-racing', 'red-bull', 'liam-lawson', roundsFrom(1, 2), false],
  [2025, 'oracle-red-bull-racing', 'red-bull', 'max-verstappen', allRounds, false],
  [2025, 'oracle-red-bull-racing', 'red-bull', 'yuki-tsunoda', roundsFrom(3, 24), false],
  [2025, 'scuderia-ferrari-hp', 'ferrari', 'charles-leclerc', allRounds, false],
  [2025, 'scuderia-ferrari-hp', 'ferrari', 'lewis-hamilton', allRounds, false],
  [2025, 'scuderia-ferrari-hp', 'ferrari', 'arthur-leclerc', [], true],
  [2025, 'visa-cash-app-racing-bulls-f1-team', 'racing-bulls', 'isack-hadjar', allRounds, false],
  [2025, 'visa-cash-app-racing-bulls-f1-team', 'racing-bulls', 'yuki-tsunoda', roundsFrom(1, 2), false],
  [2025, 'visa-cash-app-racing-bulls-f1-team', 'racing-bulls', 'liam-lawson', roundsFrom(3, 24), false],
];

const TEAM_COLOURS: [string, number, string][] = [
  ['mclaren', 2024, '#FF8000'],
  ['red-bull', 2024, '#3671C6'],
  ['ferrari', 2024, '#E8002D'],
  ['mclaren', 2025, '#FF8000'],
  ['red-bull', 2025, '#3671C6'],
  ['ferrari', 2025, '#E8002D'],
  ['mercedes', 2025, '#27F4D2'],
  ['racing-bulls', 2025, '#6692FF'],
];

type Session = [kind: SessionKind, date: string, time: string];

type RaceFacts = {
  id: number;
  year: number;
  round: number;
  date: string;
  time: string;
  grandPrixId: string;
  officialName: string;
  circuitId: string;
  sprintQualifyingFormat?: string;
  courseLength: number;
  turns: number;
  laps: number;
  distance: number;
  scheduledLaps?: number;
  scheduledDistance?: number;
  sprintRaceLaps?: number;
  sessions: Session[];
};

const RACES: RaceFacts[] = [
  {
    id: SEED.bahrain2024, year: 2024, round: 1, date: '2024-03-02', time: '15:00', grandPrixId: 'bahrain',
    officialName: 'Formula 1 Gulf Air Bahrain Grand Prix 2024', circuitId: 'bahrain',
    courseLength: 5.412, turns: 15, laps: 57, distance: 308.238,
    sessions: [
      ['FREE_PRACTICE_1', '2024-02-29', '11:30'],
      ['FREE_PRACTICE_2', '2024-02-29', '15:00'],
      ['FREE_PRACTICE_3', '2024-03-01', '12:30'],
      ['QUALIFYING', '2024-03-01', '16:00'],
    ],
  },
  {
    id: SEED.saudi2024, year: 2024, round: 2, date: '2024-03-09', time: '17:00', grandPrixId: 'saudi-arabia',
    officialName: 'Formula 1 stc Saudi Arabian Grand Prix 2024', circuitId: 'jeddah',
    courseLength: 6.174, turns: 27, laps: 50, distance: 308.45,
    sessions: [
      ['FREE_PRACTICE_1', '2024-03-07', '13:30'],
      ['FREE_PRACTICE_2', '2024-03-07', '17:00'],
      ['FREE_PRACTICE_3', '2024-03-08', '13:30'],
      ['QUALIFYING', '2024-03-08', '17:00'],
    ],
  },
  {
    id: SEED.australia2025, year: 2025, round: 1, date: '2025-03-16', time: '04:00', grandPrixId: 'australia',
    officialName: 'Formula 1 Louis Vuitton Australian Grand Prix 2025', circuitId: 'melbourne',
    courseLength: 5.278, turns: 14, laps: 57, distance: 300.846, scheduledLaps: 58, scheduledDistance: 306.124,
    sessions: [
      ['FREE_PRACTICE_1', '2025-03-14', '01:30'],
      ['FREE_PRACTICE_2', '2025-03-14', '05:00'],
      ['FREE_PRACTICE_3', '2025-03-15', '01:30'],
      ['QUALIFYING', '2025-03-15', '05:00'],
      ['RACE', '2025-03-16', '04:00'],
    ],
  },
  {
    id: SEED.china2025, year: 2025, round: 2, date: '2025-03-23', time: '07:00', grandPrixId: 'china',
    officialName: 'Formula 1 Heineken Chinese Grand Prix 2025', circuitId: 'shanghai', sprintQualifyingFormat: 'SPRINT_SHOOTOUT',
    courseLength: 5.451, turns: 16, laps: 56, distance: 305.066, sprintRaceLaps: 19,
    sessions: [
      ['FREE_PRACTICE_1', '2025-03-21', '03:30'],
      ['SPRINT_QUALIFYING', '2025-03-21', '07:30'],
      ['SPRINT', '2025-03-22', '03:00'],
      ['QUALIFYING', '2025-03-22', '07:00'],
      ['RACE', '2025-03-23', '07:00'],
    ],
  },
  {
    id: SEED.japan2025, year: 2025, round: 3, date: '2025-04-06', time: '05:00', grandPrixId: 'japan',
    officialName: 'Formula 1 Lenovo Japanese Grand Prix 2025', circuitId: 'suzuka',
    courseLength: 5.807, turns: 18, laps: 53, distance: 307.471,
    sessions: [
      ['FREE_PRACTICE_1', '2025-04-04', '02:30'],
      ['FREE_PRACTICE_2', '2025-04-04', '06:00'],
      ['FREE_PRACTICE_3', '2025-04-05', '02:30'],
      ['QUALIFYING', '2025-04-05', '06:00'],
      ['RACE', '2025-04-06', '05:00'],
    ],
  },
];

// position, driver, constructor, car number, laps, time, gap, points, grid, reason retired, time penalty
type Finish = [string, string, string, string, number, string | null, string | null, number | null, string | null, string | null, string | null];
// position, driver, constructor, car number, q1, q2, q3
type Qualifier = [string, string, string, string, string, string | null, string | null];
// rank, driver, constructor, car number, lap, time
type Lap = [number, string, string, string, number, string];

type Classifications = {
  race: Finish[];
  qualifying: Qualifier[];
  fastestLaps: Lap[];
  sprint?: Finish[];
  sprintQualifying?: Qualifier[];
};

const RESULTS: Record<number, Classifications> = {
  [SEED.bahrain2024]: {
    race: [
      ['1', 'max-verstappen', 'red-bull', '1', 57, '1:31:44.742', null, 26, '1', null, null],
      ['2', 'sergio-perez', 'red-bull', '11', 57, '1:32:07.199', '+22.457', 18, '5', null, null],
      ['3', 'carlos-sainz-jr', 'ferrari', '55', 57, '1:32:09.852', '+25.110', 15, '4', null, null],
      ['4', 'charles-leclerc', 'ferrari', '16', 57, '1:32:24.411', '+39.669', 12, '2', null, null],
      ['5', 'george-russell', 'mercedes', '63', 57, '1:32:31.530', '+46.788', 10, '3', null, null],
      ['6', 'lando-norris', 'mclaren', '4', 57, '1:32:33.200', '+48.458', 8, '6', null, null],
      ['7', 'lewis-hamilton', 'mercedes', '44', 57, '1:32:35.066', '+50.324', 6, '8', null, null],
      ['8', 'oscar-piastri', 'mclaren', '81', 57, '1:32:40.824', '+56.082', 4, '7', null, null],
    ],
    qualifying: [
      ['1', 'max-verstappen', 'red-bull', '1', '1:30.031', '1:29.374', '1:29.179'],
      ['2', 'charles-leclerc', 'ferrari', '16', '1:30.243', '1:29.165', '1:29.407'],
      ['3', 'george-russell', 'mercedes', '63', '1:30.350', '1:29.922', '1:29.485'],
      ['4', 'carlos-sainz-jr', 'ferrari', '55', '1:29.909', '1:29.573', '1:29.507'],
      ['5', 'sergio-perez', 'red-bull', '11', '1:30.221', '1:29.932', '1:29.537'],
      ['6', 'lando-norris', 'mclaren', '4', '1:30.143', '1:29.941', '1:29.614'],
      ['7', 'oscar-piastri', 'mclaren', '81', '1:30.531', '1:30.122', '1:29.683'],
      ['8', 'lewis-hamilton', 'mercedes', '44', '1:30.451', '1:29.718', '1:29.710'],
    ],
    fastestLaps: [
      [1, 'max-verstappen', 'red-bull', '1', 39, '1:32.608'],
      [2, 'charles-leclerc', 'ferrari', '16', 36, '1:34.090'],
      [3, 'sergio-perez', 'red-bull', '11', 40, '1:34.364'],
      [4, 'lando-norris', 'mclaren', '4', 35, '1:34.476'],
    ],
  },
  [SEED.saudi2024]: {
    race: [
      ['1', 'max-verstappen', 'red-bull', '1', 50, '1:20:43.273', null, 25, '1', null, null],
      ['2', 'sergio-perez', 'red-bull', '11', 50, '1:20:56.916', '+13.643', 18, '3', null, '5.000'],
      ['3', 'charles-leclerc', 'ferrari', '16', 50, '1:21:01.912', '+18.639', 16, '2', null, null],
      ['4', 'oscar-piastri', 'mclaren', '81', 50, '1:21:15.280', '+32.007', 12, '4', null, null],
      ['5', 'george-russell', 'mercedes', '63', 50, '1:21:23.209', '+39.936', 10, '6', null, null],
      ['6', 'oliver-bearman', 'ferrari', '38', 50, '1:21:25.952', '+42.679', 8, '8', null, null],
      ['7', 'lando-norris', 'mclaren', '4', 50, '1:21:28.981', '+45.708', 6, '5', null, null],
      ['8', 'lewis-hamilton', 'mercedes', '44', 50, '1:21:30.664', '+47.391', 4, '7', null, null],
    ],
    qualifying: [
      ['1', 'max-verstappen', 'red-bull', '1', '1:28.171', '1:28.033', '1:27.472'],
      ['2', 'charles-leclerc', 'ferrari', '16', '1:28.318', '1:28.112', '1:27.791'],
      ['3', 'sergio-perez', 'red-bull', '11', '1:28.638', '1:28.467', '1:27.807'],
      ['4', 'oscar-piastri', 'mclaren', '81', '1:28.755', '1:28.343', '1:28.089'],
      ['5', 'lando-norris', 'mclaren', '4', '1:28.805', '1:28.479', '1:28.132'],
      ['6', 'george-russell', 'mercedes', '63', '1:28.749', '1:28.448', '1:28.316'],
      ['7', 'lewis-hamilton', 'mercedes', '44', '1:28.994', '1:28.606', '1:28.460'],
      ['8', 'oliver-bearman', 'ferrari', '38', '1:28.984', '1:28.642', null],
    ],
    fastestLaps: [
      [1, 'charles-leclerc', 'ferrari', '16', 50, '1:31.632'],
      [2, 'lewis-hamilton', 'mercedes', '44', 38, '1:31.746'],
      [3, 'max-verstappen', 'red-bull', '1', 50, '1:31.773'],
    ],
  },
  [SEED.australia2025]: {
    race: [
      ['1', 'lando-norris', 'mclaren', '4', 57, '1:42:06.304', null, 25, '1', null, null],
      ['2', 'max-verstappen', 'red-bull', '1', 57, '1:42:07.199', '+0.895', 18, '3', null, null],
      ['3', 'george-russell', 'mercedes', '63', 57, '1:42:14.785', '+8.481', 15, '4', null, null],
      ['4', 'kimi-antonelli', 'mercedes', '12', 57, '1:42:16.439', '+10.135', 12, '9', null, null],
      ['5', 'charles-leclerc', 'ferrari', '16', 57, '1:42:26.130', '+19.826', 10, '6', null, null],
      ['6', 'oscar-piastri', 'mclaren', '81', 57, '1:42:26.752', '+20.448', 8, '2', null, null],
      ['7', 'lewis-hamilton', 'ferrari', '44', 57, '1:42:28.777', '+22.473', 6, '7', null, null],
      ['8', 'yuki-tsunoda', 'racing-bulls', '22', 57, '1:42:36.188', '+29.884', 4, '5', null, null],
      ['DNF', 'liam-lawson', 'red-bull', '30', 46, null, null, null, 'PL', 'Accident', null],
      ['DNF', 'isack-hadjar', 'racing-bulls', '6', 0, null, null, null, '8', 'Accident on formation lap', null],
    ],
    qualifying: [
      ['1', 'lando-norris', 'mclaren', '4', '1:15.912', '1:15.415', '1:15.096'],
      ['2', 'oscar-piastri', 'mclaren', '81', '1:16.062', '1:15.468', '1:15.180'],
      ['3', 'max-verstappen', 'red-bull', '1', '1:16.018', '1:15.565', '1:15.481'],
      ['4', 'george-russell', 'mercedes', '63', '1:15.971', '1:15.798', '1:15.546'],
      ['5', 'yuki-tsunoda', 'racing-bulls', '22', '1:16.225', '1:16.009', '1:15.670'],
      ['6', 'charles-leclerc', 'ferrari', '16', '1:16.029', '1:15.827', '1:15.755'],
      ['7', 'lewis-hamilton', 'ferrari', '44', '1:16.213', '1:15.919', '1:15.973'],
      ['8', 'isack-hadjar', 'racing-bulls', '6', '1:16.354', '1:16.175', null],
      ['9', 'kimi-antonelli', 'mercedes', '12', '1:16.525', null, null],
      ['10', 'liam-lawson', 'red-bull', '30', '1:17.094', null, null],
    ],
    fastestLaps: [
      [1, 'lando-norris', 'mclaren', '4', 43, '1:22.167'],
      [2, 'liam-lawson', 'red-bull', '30', 43, '1:22.970'],
      [3, 'max-verstappen', 'red-bull', '1', 43, '1:23.081'],
    ],
  },
  [SEED.china2025]: {
    sprintQualifying: [
      ['1', 'lewis-hamilton', 'ferrari', '44', '1:31.212', '1:31.384', '1:30.849'],
      ['2', 'max-verstappen', 'red-bull', '1', '1:31.916', '1:31.521', '1:30.867'],
      ['3', 'oscar-piastri', 'mclaren', '81', '1:31.723', '1:31.362', '1:30.929'],
      ['4', 'charles-leclerc', 'ferrari', '16', '1:31.518', '1:31.561', '1:31.057'],
      ['5', 'george-russell', 'mercedes', '63', '1:31.952', '1:31.346', '1:31.169'],
      ['6', 'lando-norris', 'mclaren', '4', '1:31.396', '1:31.174', '1:31.393'],
      ['7', 'kimi-antonelli', 'mercedes', '12', '1:31.999', '1:31.475', '1:31.738'],
      ['8', 'yuki-tsunoda', 'racing-bulls', '22', '1:32.316', '1:31.794', '1:31.773'],
      ['9', 'isack-hadjar', 'racing-bulls', '6', '1:32.171', null, null],
      ['10', 'liam-lawson', 'red-bull', '30', '1:32.729', null, null],
    ],
    sprint: [
      ['1', 'lewis-hamilton', 'ferrari', '44', 19, '30:39.965', null, 8, '1', null, null],
      ['2', 'oscar-piastri', 'mclaren', '81', 19, '30:46.854', '+6.889', 7, '3', null, null],
      ['3', 'max-verstappen', 'red-bull', '1', 19, '30:49.769', '+9.804', 6, '2', null, null],
      ['4', 'george-russell', 'mercedes', '63', 19, '30:51.557', '+11.592', 5, '5', null, null],
      ['5', 'charles-leclerc', 'ferrari', '16', 19, '30:52.155', '+12.190', 4, '4', null, null],
      ['6', 'yuki-tsunoda', 'racing-bulls', '22', 19, '31:02.253', '+22.288', 3, '8', null, null],
      ['7', 'kimi-antonelli', 'mercedes', '12', 19, '31:03.003', '+23.038', 2, '7', null, null],
      ['8', 'lando-norris', 'mclaren', '4', 19, '31:03.436', '+23.471', 1, '6', null, null],
      ['9', 'isack-hadjar', 'racing-bulls', '6', 19, '31:22.365', '+42.400', null, '9', null, null],
      ['10', 'liam-lawson', 'red-bull', '30', 19, '31:24.869', '+44.904', null, '10', null, null],
    ],
    qualifying: [
      ['1', 'oscar-piastri', 'mclaren', '81', '1:31.591', '1:31.200', '1:30.641'],
      ['2', 'george-russell', 'mercedes', '63', '1:31.295', '1:31.307', '1:30.723'],
      ['3', 'lando-norris', 'mclaren', '4', '1:30.983', '1:30.787', '1:30.793'],
      ['4', 'max-verstappen', 'red-bull', '1', '1:31.424', '1:31.142', '1:30.817'],
      ['5', 'lewis-hamilton', 'ferrari', '44', '1:31.690', '1:31.501', '1:30.927'],
      ['6', 'charles-leclerc', 'ferrari', '16', '1:31.579', '1:31.450', '1:31.021'],
      ['7', 'isack-hadjar', 'racing-bulls', '6', '1:31.162', '1:31.253', '1:31.079'],
      ['8', 'kimi-antonelli', 'mercedes', '12', '1:31.676', '1:31.590', '1:31.103'],
      ['9', 'yuki-tsunoda', 'racing-bulls', '22', '1:31.238', '1:31.260', '1:31.638'],
      ['10', 'liam-lawson', 'red-bull', '30', '1:32.174', null, null],
    ],
    race: [
      ['1', 'oscar-piastri', 'mclaren', '81', 56, '1:30:55.026', null, 25, '1', null, null],
      ['2', 'lando-norris', 'mclaren', '4', 56, '1:31:04.774', '+9.748', 18, '3', null, null],
      ['3', 'george-russell', 'mercedes', '63', 56, '1:31:06.123', '+11.097', 15, '2', null, null],
      ['4', 'max-verstappen', 'red-bull', '1', 56, '1:31:11.682', '+16.656', 12, '4', null, null],
      ['5', 'kimi-antonelli', 'mercedes', '12', 56, '1:31:48.774', '+53.748', 10, '8', null, null],
      ['6', 'isack-hadjar', 'racing-bulls', '6', 56, '1:32:13.901', '+1:18.875', 8, '7', null, null],
      ['7', 'liam-lawson', 'red-bull', '30', 56, '1:32:16.173', '+1:21.147', 6, 'PL', null, null],
      ['8', 'yuki-tsunoda', 'racing-bulls', '22', 55, null, '+1 lap', 4, '9', null, null],
      ['DSQ', 'charles-leclerc', 'ferrari', '16', 56, null, null, null, '6', 'Car underweight', null],
      ['DSQ', 'lewis-hamilton', 'ferrari', '44', 56, null, null, null, '5', 'Illegal skid block wear', null],
    ],
    fastestLaps: [
      [1, 'lando-norris', 'mclaren', '4', 53, '1:35.454'],
      [2, 'max-verstappen', 'red-bull', '1', 56, '1:35.488'],
      [3, 'oscar-piastri', 'mclaren', '81', 53, '1:35.520'],
    ],
  },
};

/** A fresh test database holding the dataset: one per test file, shared by apps with different clocks. */
export function openSeededDatabase(): Promise<Database> {
  return openFilledTestDatabase('seeded', seedF1);
}

/**
 * The seeded database of one test file: opened before its tests, closed after them. requestAt sends one request
 * to a fresh app on it with the racing clock at now.
 */
export function useSeededDatabase() {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openSeededDatabase();
  });
  afterAll(() => database?.close());
  return {
    get database(): Database {
      if (!database) throw new Error('The seeded database opens in beforeAll: use it inside a test or hook');
      return database;
    },
    requestAt(now: string, request: string | InjectOptions) {
      return requestAt(this.database, now, request);
    },
  };
}

/** One request to a fresh app (so a fresh cache) on this database, with the racing clock pinned at now. */
export async function requestAt(
  database: Database,
  now: string,
  request: string | InjectOptions,
): Promise<LightMyRequestResponse> {
  const t = await buildTestApp({ now, database });
  try {
    return await t.app.inject(request);
  } finally {
    await t.close();
  }
}

/** Inserts the dataset and records it as one import. */
export async function seedF1(db: Db): Promise<void> {
  await db.insert(countries).values(
    COUNTRIES.map(([id, alpha2Code, alpha3Code, name, demonym, continentId]) => ({ id, alpha2Code, alpha3Code, name, demonym, continentId })),
  );
  await db.insert(circuits).values(CIRCUITS.map(({ layout: _layout, ...circuit }) => circuit));
  await db.insert(circuitLayouts).values(
    CIRCUITS.map((circuit) => ({
      id: circuit.layout,
      circuitId: circuit.id,
      length: circuit.length,
      turns: circuit.turns,
      svgs: Object.fromEntries(['black', 'black-outline', 'white', 'white-outline'].map((v) => [v, seedDrawing(circuit.layout, v)])),
    })),
  );
  await db.insert(grandsPrix).values(
    GRANDS_PRIX.map(([id, name, fullName, shortName, abbreviation, countryId]) => ({ id, name, fullName, shortName, abbreviation, countryId })),
  );
  await db.insert(drivers).values(
    DRIVERS.map(([id, firstName, lastName, fullName, abbreviation, permanentNumber, dateOfBirth, placeOfBirth, countryOfBirthId, nationalityId]) => ({
      id, name: `${firstName} ${lastName}`, firstName, lastName, fullName, abbreviation, permanentNumber, gender: 'MALE',
      dateOfBirth, placeOfBirth, countryOfBirthId, nationalityId,
    })),
  );
  await db.insert(constructors).values(CONSTRUCTORS.map(([id, name, fullName, countryId]) => ({ id, name, fullName, countryId })));
  await db.insert(engineManufacturers).values([
    { id: 'mercedes', name: 'Mercedes', countryId: 'germany' },
    { id: 'ferrari', name: 'Ferrari', countryId: 'italy' },
    { id: 'honda-rbpt', name: 'Honda RBPT', countryId: 'japan' },
  ]);
  await db.insert(seasons).values([{ year: 2024 }, { year: 2025 }]);
  await db.insert(seasonEntrantDrivers).values(
    ENTRANTS.map(([year, entrantId, constructorId, driverId, rounds, testDriver]) => ({
      year, entrantId, constructorId, engineManufacturerId: ENGINE[constructorId]!, driverId, rounds, testDriver,
    })),
  );
  await db.insert(teamColours).values(TEAM_COLOURS.map(([constructorId, year, colour]) => ({ constructorId, year, colour })));
  for (const race of RACES) await insertRace(db, race);
  for (const year of [2024, 2025]) await insertStandings(db, year);
  await db.insert(pitStops).values(
    CHINA_2025_PIT_STOPS.map(([driverId, constructorId, driverNumber, stop, lap, time], index) => ({
      raceId: SEED.china2025, positionDisplayOrder: index + 1, driverNumber, driverId, constructorId, stop, lap, time,
    })),
  );
  await insertErgastIds(db);
  await db.insert(dataImports).values({
    source: SEED_IMPORT.source,
    version: SEED_IMPORT.version,
    dataDate: new Date(SEED_IMPORT.dataDate),
    startedAt: new Date('2025-03-24T06:00:00Z'),
    finishedAt: new Date(SEED_IMPORT.finishedAt),
    changedRows: 0,
    counts: { races: RACES.length },
  });
}

/** The Chinese Grand Prix 2025's pit stops of the seeded drivers, as F1DB has them (time is the stop's duration). */
const CHINA_2025_PIT_STOPS: [string, string, string, number, number, string][] = [
  ['yuki-tsunoda', 'racing-bulls', '22', 1, 11, '22.519'],
  ['kimi-antonelli', 'mercedes', '12', 1, 12, '22.675'],
  ['isack-hadjar', 'racing-bulls', '6', 1, 12, '22.896'],
  ['lewis-hamilton', 'ferrari', '44', 1, 13, '22.388'],
  ['max-verstappen', 'red-bull', '1', 1, 13, '22.454'],
  ['oscar-piastri', 'mclaren', '81', 1, 14, '23.938'],
  ['george-russell', 'mercedes', '63', 1, 14, '22.324'],
  ['lando-norris', 'mclaren', '4', 1, 15, '22.213'],
  ['charles-leclerc', 'ferrari', '16', 1, 15, '22.151'],
  ['liam-lawson', 'red-bull', '30', 1, 18, '22.536'],
  ['liam-lawson', 'red-bull', '30', 2, 30, '22.355'],
  ['isack-hadjar', 'racing-bulls', '6', 2, 33, '22.234'],
  ['yuki-tsunoda', 'racing-bulls', '22', 2, 35, '22.583'],
  ['lewis-hamilton', 'ferrari', '44', 2, 37, '22.364'],
  ['yuki-tsunoda', 'racing-bulls', '22', 3, 46, '38.102'],
];

/** The Ergast aliases, status numbers and standings lists, by the importer's own rules over the seeded rows. */
async function insertErgastIds(db: Db) {
  const [driverRows, constructorRows, circuitRows, resultRows, raceRows] = await Promise.all([
    db.select().from(drivers),
    db.select().from(constructors),
    db.select().from(circuits),
    db.select().from(raceResults),
    db.select().from(races),
  ]);
  const entities = {
    drivers: driverRows,
    entries: resultRows,
    constructors: constructorRows,
    circuits: circuitRows.map((circuit) => ({ ...circuit, previousNames: circuit.id === 'melbourne' ? ['Albert Park Circuit'] : [] })),
  };
  await db.insert(ergastAliases).values(ergastAliasRows(entities));
  await db.insert(ergastIds).values(ergastIdRows(entities).rows);
  await db.insert(ergastStatuses).values(ergastStatusRows(resultRows, raceRows));
  await refreshErgastStandings(db);
}

async function insertRace(db: Db, race: RaceFacts) {
  const circuit = CIRCUITS.find((c) => c.id === race.circuitId)!;
  await db.insert(races).values({
    id: race.id, year: race.year, round: race.round, date: race.date, time: race.time, grandPrixId: race.grandPrixId,
    officialName: race.officialName, qualifyingFormat: 'KNOCKOUT', sprintQualifyingFormat: race.sprintQualifyingFormat ?? null,
    circuitId: circuit.id, circuitLayoutId: circuit.layout, circuitType: circuit.type, direction: circuit.direction,
    courseLength: race.courseLength, turns: race.turns, laps: race.laps, distance: race.distance,
    scheduledLaps: race.scheduledLaps ?? null, scheduledDistance: race.scheduledDistance ?? null, sprintRaceLaps: race.sprintRaceLaps ?? null,
  });
  await db.insert(raceSessions).values(
    race.sessions.map(([kind, date, time]) => ({ raceId: race.id, kind, date, startsAt: new Date(`${date}T${time}:00Z`) })),
  );
  const results = RESULTS[race.id];
  if (!results) return;
  await db.insert(raceResults).values(withSessionStatus(results.race.map((finish, i) => finishRow(race.id, 'RACE', finish, i))));
  if (results.sprint) await db.insert(raceResults).values(withSessionStatus(results.sprint.map((finish, i) => finishRow(race.id, 'SPRINT', finish, i))));
  await db.insert(qualifyingResults).values(results.qualifying.map((q, i) => qualifierRow(race.id, 'QUALIFYING', q, i)));
  if (results.sprintQualifying) {
    await db.insert(qualifyingResults).values(results.sprintQualifying.map((q, i) => qualifierRow(race.id, 'SPRINT_QUALIFYING', q, i)));
  }
  await db.insert(fastestLaps).values(
    results.fastestLaps.map(([rank, driverId, constructorId, driverNumber, lap, time]) => ({
      raceId: race.id, positionDisplayOrder: rank, positionNumber: rank, positionText: String(rank), driverNumber, driverId,
      constructorId, engineManufacturerId: ENGINE[constructorId]!, lap, time,
    })),
  );
}

function finishRow(raceId: number, session: 'RACE' | 'SPRINT', finish: Finish, index: number) {
  const [positionText, driverId, constructorId, driverNumber, laps, time, gap, points, gridPosition, reasonRetired, timePenalty] = finish;
  const positionNumber = /^\d+$/.test(positionText) ? Number(positionText) : null;
  return {
    raceId, session, positionDisplayOrder: index + 1, positionNumber, positionText, driverNumber, driverId, constructorId,
    engineManufacturerId: ENGINE[constructorId]!, laps, time, timePenalty, gap, interval: null, reasonRetired, points, gridPosition,
  };
}

function qualifierRow(raceId: number, session: string, qualifier: Qualifier, index: number) {
  const [positionText, driverId, constructorId, driverNumber, q1, q2, q3] = qualifier;
  return {
    raceId, session, positionDisplayOrder: index + 1, positionNumber: Number(positionText), positionText, driverNumber, driverId,
    constructorId, engineManufacturerId: ENGINE[constructorId]!, q1, q2, q3, time: q3 ?? q2 ?? q1,
  };
}

/**
 * Standings after each race, summed from the seeded race and sprint points; ties go to the better best finish
 * (F1's countback, shortened), then the id, so the order is stable.
 */
async function insertStandings(db: Db, year: number) {
  const driverPoints = new Map<string, { points: number; best: number }>();
  const teamPoints = new Map<string, { points: number; best: number }>();
  const add = (table: Map<string, { points: number; best: number }>, key: string, finish: Finish) => {
    const entry = table.get(key) ?? { points: 0, best: Number.POSITIVE_INFINITY };
    entry.points += finish[7] ?? 0;
    if (/^\d+$/.test(finish[0])) entry.best = Math.min(entry.best, Number(finish[0]));
    table.set(key, entry);
  };
  let latestRaceId: number | undefined;
  for (const race of RACES.filter((r) => r.year === year)) {
    const results = RESULTS[race.id];
    if (!results) continue;
    for (const finish of [...(results.sprint ?? []), ...results.race]) {
      add(driverPoints, finish[1], finish);
      add(teamPoints, finish[2], finish);
    }
    await db.insert(raceDriverStandings).values(ranked(driverPoints).map(([driverId, s]) => ({ raceId: race.id, ...s, driverId })));
    await db.insert(raceConstructorStandings).values(
      ranked(teamPoints).map(([constructorId, s]) => ({ raceId: race.id, ...s, constructorId, engineManufacturerId: ENGINE[constructorId]! })),
    );
    latestRaceId = race.id;
  }
  if (latestRaceId === undefined) return;
  await db.insert(seasonDriverStandings).values(ranked(driverPoints).map(([driverId, s]) => ({ year, ...s, driverId })));
  await db.insert(seasonConstructorStandings).values(
    ranked(teamPoints).map(([constructorId, s]) => ({ year, ...s, constructorId, engineManufacturerId: ENGINE[constructorId]! })),
  );
}

function ranked(table: Map<string, { points: number; best: number }>) {
  return [...table.entries()]
    .sort(([a, x], [b, y]) => y.points - x.points || x.best - y.best || a.localeCompare(b))
    .map(([id, { points }], i) => [id, { positionDisplayOrder: i + 1, positionNumber: i + 1, positionText: String(i + 1), points }] as const);
}
