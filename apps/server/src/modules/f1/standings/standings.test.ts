import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Driver, DriverDetail, Team } from '@slipstream/contract';
import { raceDriverStandings, raceResults } from '../../../db/schema';
import { buildTestApp } from '../../../test/app';
import { SEED, SEED_IMPORT, useSeededDatabase } from '../../../test/f1-seed';
import { expectRefusal } from '../../../test/refusal';
import { FALLBACK_TEAM_COLOUR } from '../people';
import { withDriverCommunity, withTeamCommunity, type CommunityFacts } from './community';

const seeded = useSeededDatabase();

// After the Chinese Grand Prix: 2025 is the featured season.
const AFTER_CHINA = '2025-03-24T12:00:00Z';
const get = (url: string, now = AFTER_CHINA) => seeded.requestAt(now, url);

describe('GET /api/teams', () => {
  it('gives the featured season teams with the standings after the latest race', async () => {
    const response = await get('/api/teams');
    expect(response.statusCode).toBe(200);
    const teams = response.json() as Team[];
    expect(teams.map((t) => [t.pozitie, t.name, t.nrpuncte, t.curseCastigate, t.pilot_1, t.pilot_2, t.culoareEchipa])).toEqual([
      [1, 'McLaren', 84, 2, 'Lando Norris', 'Oscar Piastri', '#FF8000'],
      [2, 'Mercedes', 59, 0, 'George Russell', 'Kimi Antonelli', '#27F4D2'],
      // Tsunoda is entered for rounds 3-24, Lawson for 1-2: the pilots are those entered most.
      [3, 'Red Bull', 42, 0, 'Max Verstappen', 'Yuki Tsunoda', '#3671C6'],
      [4, 'Ferrari', 28, 0, 'Charles Leclerc', 'Lewis Hamilton', '#E8002D'],
      [5, 'Racing Bulls', 19, 0, 'Isack Hadjar', 'Liam Lawson', '#6692FF'],
    ]);
    expect(teams[0]).toMatchObject({
      _id: 'mclaren',
      fullName: 'McLaren Racing',
      liked_by: 0,
      logo: null,
      masinaPoza: null,
      createdAt: SEED_IMPORT.finishedAt,
    });
  });

  it('answers for another season, with a neutral colour where the season has none and no test drivers as pilots', async () => {
    const teams = (await get('/api/teams?season=2024')).json() as Team[];
    expect(teams.map((t) => [t.name, t.nrpuncte, t.curseCastigate])).toEqual([
      ['Red Bull', 87, 2],
      ['Ferrari', 51, 0],
      ['McLaren', 30, 0],
      ['Mercedes', 30, 0],
    ]);
    expect(teams.find((t) => t._id === 'mercedes')!.culoareEchipa).toBe(FALLBACK_TEAM_COLOUR);
    expect(teams.find((t) => t._id === 'ferrari')).toMatchObject({ pilot_1: 'Carlos Sainz Jr.', pilot_2: 'Charles Leclerc' });
  });

  it('follows SLIPSTREAM_SEASON for the featured season', async () => {
    const t = await buildTestApp({ now: AFTER_CHINA, database: seeded.database, config: { seasonOverride: 2024 } });
    try {
      const teams = (await t.app.inject('/api/teams')).json() as Team[];
      expect(teams[0]).toMatchObject({ _id: 'red-bull', nrpuncte: 87 });
    } finally {
      await t.close();
    }
  });

  it('answers 404 for a season not in the data and 400 for a bad season', async () => {
    expectRefusal(await get('/api/teams?season=1990'), 404, 'No F1 season 1990 in the data');
    expectRefusal(await get('/api/teams?season=last'), 400, /^Invalid season/);
  });
});

describe('GET /api/drivers', () => {
  it('lists the season race drivers by standing, each with code, team, colour and flag', async () => {
    const drivers = (await get('/api/drivers?order=asc')).json() as Driver[];
    expect(drivers.map((d) => [d.pozitie, d.code, d.puncte, d.echipa])).toEqual([
      [1, 'NOR', 44, 'McLaren'],
      [2, 'PIA', 40, 'McLaren'],
      [3, 'VER', 36, 'Red Bull'],
      [4, 'RUS', 35, 'Mercedes'],
      [5, 'ANT', 24, 'Mercedes'],
      [6, 'HAM', 14, 'Ferrari'],
      [7, 'LEC', 14, 'Ferrari'],
      // A driver's team is the one of their latest race: both moved only from round 3.
      [8, 'TSU', 11, 'Racing Bulls'],
      [9, 'HAD', 8, 'Racing Bulls'],
      [10, 'LAW', 6, 'Red Bull'],
    ]);
    expect(drivers[2]).toEqual({
      _id: 'max-verstappen',
      code: 'VER',
      primulNume: 'Max',
      alDoileaNume: 'Verstappen',
      echipa: 'Red Bull',
      constructorId: 'red-bull',
      puncte: 36,
      pozitie: 3,
      culoare: '#3671C6',
      steag: '/api/flags/nl.svg',
      poza: null,
      nrFani: 0,
      // He races as the champion's number 1, not his permanent 3.
      number: '1',
      abbreviation: 'VER',
      nationality: 'Dutch',
      provisional: false,
      standingsAfter: {
        race: { raceId: SEED.china2025, season: 2025, round: 2, meetingName: 'Chinese Grand Prix', slug: 'chinese-grand-prix', date: '2025-03-23' },
        racesMissing: 0,
      },
    });
  });

  it('reverses the order with order=desc and refuses another order', async () => {
    const ascending = (await get('/api/drivers')).json() as Driver[];
    const descending = (await get('/api/drivers?order=desc')).json() as Driver[];
    expect(descending.map((d) => d.code)).toEqual(ascending.map((d) => d.code).reverse());
    expectRefusal(await get('/api/drivers?order=sideways'), 400, /^Invalid order/);
  });

  it('counts a test driver who raced as a race driver of the season', async () => {
    const drivers = (await get('/api/drivers?season=2024')).json() as Driver[];
    expect(drivers.find((d) => d._id === 'oliver-bearman')).toMatchObject({ code: 'BEA', echipa: 'Ferrari', number: '38', puncte: 8 });
    expect(drivers.some((d) => d._id === 'kimi-antonelli')).toBe(false);
  });

  it('gives the lower placed of two drivers sharing three letters their F1DB abbreviation, in the list and the route', async () => {
    // A fixture scenario: Arthur Leclerc (Ferrari's test driver, abbreviation LEL) races in China and finishes 11th.
    await seeded.database.db.insert(raceResults).values({
      raceId: SEED.china2025, session: 'RACE', positionDisplayOrder: 11, positionNumber: 11, positionText: '11',
      driverNumber: '39', driverId: 'arthur-leclerc', constructorId: 'ferrari', engineManufacturerId: 'ferrari',
      laps: 55, gap: '+1 lap', points: 0, gridPosition: '10', status: '+1 Lap',
    });
    await seeded.database.db.insert(raceDriverStandings).values({
      raceId: SEED.china2025, positionDisplayOrder: 11, positionNumber: 11, positionText: '11', points: 0, driverId: 'arthur-leclerc',
    });
    try {
      const drivers = (await get('/api/drivers')).json() as Driver[];
      expect(drivers.filter((d) => d.alDoileaNume === 'Leclerc').map((d) => [d.primulNume, d.pozitie, d.code])).toEqual([
        ['Charles', 7, 'LEC'],
        ['Arthur', 11, 'LEL'],
      ]);
      expect(((await get('/api/drivers/LEL')).json() as DriverDetail[])[0]!._id).toBe('arthur-leclerc');
      expect(((await get('/api/drivers/LEC')).json() as DriverDetail[])[0]!._id).toBe('charles-leclerc');
    } finally {
      await seeded.database.db.delete(raceResults).where(and(eq(raceResults.raceId, SEED.china2025), eq(raceResults.driverId, 'arthur-leclerc')));
      await seeded.database.db
        .delete(raceDriverStandings)
        .where(and(eq(raceDriverStandings.raceId, SEED.china2025), eq(raceDriverStandings.driverId, 'arthur-leclerc')));
    }
  });
});

describe('GET /api/drivers/:code', () => {
  it('gives the driver race by race with the championship points after each, and career numbers', async () => {
    const response = await get('/api/drivers/TSU');
    expect(response.statusCode).toBe(200);
    const [detail] = response.json() as DriverDetail[];
    expect(detail).toMatchObject({
      _id: 'yuki-tsunoda',
      code: 'TSU',
      fullName: 'Yuki Tsunoda',
      dateOfBirth: '2000-05-11',
      placeOfBirth: 'Sagamihara',
      nationality: 'Japanese',
      nationalityCountryName: 'Japan',
      season: 2025,
      career: { starts: 2, wins: 0, podiums: 0, poles: 0, championships: 0 },
    });
    expect(detail!.results).toEqual([
      {
        round: 1, raceId: SEED.australia2025, meetingName: 'Australian Grand Prix', slug: 'australian-grand-prix', date: '2025-03-16',
        countryName: 'Australia', grid: '5', positionText: '8', points: 4, sprintPositionText: null, sprintPoints: 0, status: 'Finished',
        cumulativePoints: 4, provisional: false,
      },
      {
        round: 2, raceId: SEED.china2025, meetingName: 'Chinese Grand Prix', slug: 'chinese-grand-prix', date: '2025-03-23',
        countryName: 'China', grid: '9', positionText: '8', points: 4, sprintPositionText: '6', sprintPoints: 3, status: '+1 Lap',
        cumulativePoints: 11, provisional: false,
      },
    ]);
  });

  it('resolves any letter case, in another season, and counts a title once that season is over', async () => {
    const [detail] = (await get('/api/drivers/ver?season=2024')).json() as DriverDetail[];
    expect(detail!.results.map((r) => [r.positionText, r.cumulativePoints])).toEqual([
      ['1', 26],
      ['1', 51],
    ]);
    expect(detail!.career).toEqual({ starts: 4, wins: 2, podiums: 3, poles: 2, championships: 1 });
    const [before] = (await get('/api/drivers/ver?season=2024', '2024-03-09T18:00:00Z')).json() as DriverDetail[];
    expect(before!.career.championships).toBe(0);
  });

  it('answers 404 for a code not in the season and 400 for a malformed one', async () => {
    expectRefusal(await get('/api/drivers/SCH'), 404, 'No driver SCH in the 2025 season');
    expectRefusal(await get('/api/drivers/v3r!'), 400, /^Invalid code/);
  });
});

describe('community facts', () => {
  it('has no fans until accounts exist', async () => {
    const response = await get('/api/favourite-drivers/fans');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('merges fans, photos, likes and pictures from a community source into the facts', async () => {
    const community: CommunityFacts = {
      driverFans: async () => [{ driverId: 'lando-norris', fans: 12 }],
      driverPhotos: async () => new Map([['lando-norris', '/uploads/norris.webp']]),
      teamExtras: async () => new Map([['mclaren', { likedBy: 7, logo: '/uploads/mclaren.svg', carPhoto: null }]]),
    };
    const drivers = (await get('/api/drivers')).json() as Driver[];
    const merged = await withDriverCommunity(community, 2025, drivers);
    expect(merged.find((d) => d._id === 'lando-norris')).toMatchObject({ nrFani: 12, poza: '/uploads/norris.webp' });
    expect(merged.find((d) => d._id === 'oscar-piastri')).toMatchObject({ nrFani: 0, poza: null });
    const teams = await withTeamCommunity(community, 2025, (await get('/api/teams')).json() as Team[]);
    expect(teams[0]).toMatchObject({ _id: 'mclaren', liked_by: 7, logo: '/uploads/mclaren.svg', masinaPoza: null });
  });
});
