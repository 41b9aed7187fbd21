import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  driverDetailResponse,
  driversResponse,
  lastMeetingResponse,
  teamsResponse,
  titleFightResponse,
  voteStateResponse,
  type LastMeeting,
} from '@slipstream/contract';
import { seasonEntrantDrivers } from '../../db/schema';
import { SEED, useSeededDatabase } from '../../test/f1-seed';

/**
 * The data can be behind the racing clock: the seed holds the Japanese Grand Prix 2025 on the calendar without
 * results. With the clock past it, answers are read after the latest race that has results and say how many
 * finished races are missing theirs.
 */
const seeded = useSeededDatabase();

const AFTER_JAPAN = '2025-04-10T12:00:00Z';
const AFTER_CHINA = '2025-03-24T12:00:00Z';
const AFTER_AUSTRALIA = '2025-03-17T12:00:00Z';

const CHINA = { raceId: SEED.china2025, season: 2025, round: 2, meetingName: 'Chinese Grand Prix', slug: 'chinese-grand-prix', date: '2025-03-23' };

async function getJson<T>(now: string, url: string, schema: { parse: (value: unknown) => T }): Promise<T> {
  const response = await seeded.requestAt(now, url);
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}

describe('standings when the data is behind the clock', () => {
  it('are the latest known, after the last race with results, and say how many finished races are missing', async () => {
    const drivers = await getJson(AFTER_JAPAN, '/api/drivers?order=asc', driversResponse);
    const afterChina = await getJson(AFTER_CHINA, '/api/drivers?order=asc', driversResponse);
    expect(drivers.map((d) => [d.code, d.pozitie, d.puncte])).toEqual(afterChina.map((d) => [d.code, d.pozitie, d.puncte]));
    expect(drivers.every((d) => d.pozitie !== null && d.puncte !== null)).toBe(true);
    for (const driver of drivers) expect(driver.standingsAfter).toEqual({ race: CHINA, racesMissing: 1 });

    const teams = await getJson(AFTER_JAPAN, '/api/teams', teamsResponse);
    expect(teams.map((t) => [t.name, t.pozitie, t.nrpuncte])).toEqual([
      ['McLaren', 1, 84],
      ['Mercedes', 2, 59],
      ['Red Bull', 3, 42],
      ['Ferrari', 4, 28],
      ['Racing Bulls', 5, 19],
    ]);
    for (const team of teams) expect(team.standingsAfter).toEqual({ race: CHINA, racesMissing: 1 });
  });

  it('say nothing is missing when the last finished race has results, and are after it', async () => {
    const [driver] = await getJson(AFTER_CHINA, '/api/drivers', driversResponse);
    expect(driver!.standingsAfter).toEqual({ race: CHINA, racesMissing: 0 });
    const [team] = await getJson(AFTER_AUSTRALIA, '/api/teams', teamsResponse);
    expect(team!.standingsAfter).toEqual({
      race: { raceId: SEED.australia2025, season: 2025, round: 1, meetingName: 'Australian Grand Prix', slug: 'australian-grand-prix', date: '2025-03-16' },
      racesMissing: 0,
    });
  });

  it('list a driver who has not started yet last and unclassified, keeping everyone else’s standing', async () => {
    // A replacement entered from the Japanese Grand Prix, whose results are not in.
    const replacement = { year: 2025, entrantId: 'visa-cash-app-racing-bulls-f1-team', constructorId: 'racing-bulls', driverId: 'arthur-leclerc' };
    const { db } = seeded.database;
    await db.insert(seasonEntrantDrivers).values({ ...replacement, engineManufacturerId: 'honda-rbpt', rounds: [3], testDriver: false });
    try {
      const drivers = await getJson(AFTER_JAPAN, '/api/drivers?order=asc', driversResponse);
      expect(drivers.at(-1)).toMatchObject({ _id: 'arthur-leclerc', pozitie: null, puncte: null, echipa: 'Racing Bulls' });
      expect(drivers.slice(0, -1).map((d) => d.pozitie)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const descending = await getJson(AFTER_JAPAN, '/api/drivers?order=desc', driversResponse);
      expect(descending[0]!._id).toBe('arthur-leclerc');
    } finally {
      await db
        .delete(seasonEntrantDrivers)
        .where(and(eq(seasonEntrantDrivers.year, 2025), eq(seasonEntrantDrivers.driverId, 'arthur-leclerc'), eq(seasonEntrantDrivers.testDriver, false)));
    }
  });
});

describe('the last race when its results are not in yet', () => {
  it('is still the last meeting, and names the latest race with results for the podiums', async () => {
    const last = (await getJson(AFTER_JAPAN, '/api/get-last', lastMeetingResponse)) as LastMeeting;
    expect(last).toMatchObject({ fomRaceId: SEED.japan2025, slug: 'japanese-grand-prix' });
    expect(last.latestResults).toEqual({ race: CHINA, racesMissing: 1 });
    const summary = await seeded.requestAt(AFTER_JAPAN, `/api/season-results/homepage/2025/${CHINA.raceId}_${CHINA.slug}`);
    expect(summary.json().topDriverResults).toHaveLength(3);
  });

  it('keeps its vote closed until its classification is in', async () => {
    const vote = await getJson(AFTER_JAPAN, '/api/vote', voteStateResponse);
    expect(vote.race.raceId).toBe(SEED.japan2025);
    expect(vote.window.status).toBe('pending');
  });
});

describe('the title fight when the data is behind the clock', () => {
  it('counts only races with results, and keeps a run race without them open', async () => {
    const fight = await getJson(AFTER_JAPAN, '/api/title-fight', titleFightResponse);
    expect(fight).toMatchObject({ asOfRound: 2, lastFinishedRound: 2, standingsAfter: { race: CHINA, racesMissing: 1 } });
    expect(fight.events.map((e) => [e.round, e.kind, e.awaitingResults])).toEqual([[3, 'RACE', true]]);
    expect(fight.drivers.every((d) => d.status !== 'champion')).toBe(true);
  });

  it('refuses a standing "as of" a round whose results are not in', async () => {
    const response = await seeded.requestAt(AFTER_JAPAN, '/api/title-fight?round=3');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The results of round 3 of 2025 are not in yet (the latest with results is round 2)' });
  });
});

describe('career numbers on a driver page', () => {
  it('count only the races and qualifying sessions run by the clock', async () => {
    const career = async (now: string) => (await getJson(now, '/api/drivers/NOR', driverDetailResponse))[0]!.career;
    // Bahrain and Saudi Arabia 2024, then Australia (pole and win) and China (second) 2025.
    expect(await career(AFTER_CHINA)).toEqual({ starts: 4, wins: 1, podiums: 2, poles: 1, championships: 0 });
    expect(await career(AFTER_AUSTRALIA)).toEqual({ starts: 3, wins: 1, podiums: 1, poles: 1, championships: 0 });
    // Pinned in 2024: the 2025 results the data holds are the clock's future.
    expect(await career('2024-03-03T12:00:00Z')).toEqual({ starts: 1, wins: 0, podiums: 0, poles: 0, championships: 0 });
  });

  it('count a pole once qualifying has run, before the race', async () => {
    const [piastri] = await getJson('2025-03-22T12:00:00Z', '/api/drivers/PIA', driverDetailResponse);
    expect(piastri!.career).toMatchObject({ starts: 3, poles: 1 });
  });
});
