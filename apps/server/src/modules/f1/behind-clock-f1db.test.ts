import { describe, expect, it } from 'vitest';
import { driverDetailResponse, driversResponse, lastMeetingResponse, teamsResponse, titleFightResponse, type LastMeeting } from '@slipstream/contract';
import { useF1TestApp } from '../../test/f1-app';

/**
 * The whole shared F1DB data, whose results stop at the 2026 Hungarian Grand Prix (round 11), read with the
 * clock of the day it was checked (2026-11-25, after the Las Vegas Grand Prix, round 21) and with the pinned
 * mid-season clock of the end-to-end tests.
 */
const t = useF1TestApp();

const TODAY = '2026-11-25T12:00:00Z';
const MID_2025 = '2025-07-05T12:00:00Z';

async function getJson<T>(now: string, url: string, schema: { parse: (value: unknown) => T }): Promise<T> {
  await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now } });
  const response = await t.app.inject(url);
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}

const hungary2026 = expect.objectContaining({ season: 2026, round: 11, meetingName: 'Hungarian Grand Prix', date: '2026-07-26' });

describe('with today’s clock, ten races past the data', () => {
  it('gives the driver standings after round 11 with every position and points, the one driver yet to start last', async () => {
    const drivers = await getJson(TODAY, '/api/drivers?order=asc', driversResponse);
    expect(drivers[0]!.standingsAfter).toEqual({ race: hungary2026, racesMissing: 10 });
    const placed = drivers.filter((d) => d.pozitie !== null);
    expect(placed.map((d) => d.pozitie)).toEqual(placed.map((_, i) => i + 1));
    expect(placed.every((d) => d.puncte !== null)).toBe(true);
    expect(placed[0]).toMatchObject({ code: 'ANT', puncte: 219 });
    // Entered from a later round whose results are not in: unclassified, after everyone placed.
    const unplaced = drivers.slice(placed.length);
    expect(unplaced.map((d) => [d.code, d.pozitie, d.puncte])).toEqual([['TSU', null, null]]);
  });

  it('gives the team standings after round 11', async () => {
    const teams = await getJson(TODAY, '/api/teams', teamsResponse);
    expect(teams.map((team) => team.pozitie)).toEqual(teams.map((_, i) => i + 1));
    expect(teams[0]).toMatchObject({ name: 'Mercedes', nrpuncte: 379, standingsAfter: { race: hungary2026, racesMissing: 10 } });
  });

  it('keeps Las Vegas as the last meeting and names Hungary for the podiums', async () => {
    const last = (await getJson(TODAY, '/api/get-last', lastMeetingResponse)) as LastMeeting;
    expect(last.race.meetingName).toBe('Las Vegas Grand Prix');
    expect(last.latestResults).toEqual({ race: hungary2026, racesMissing: 10 });
  });

  it('decides no title on missing results', async () => {
    const fight = await getJson(TODAY, '/api/title-fight', titleFightResponse);
    expect(fight).toMatchObject({ asOfRound: 11, lastFinishedRound: 11, standingsAfter: { race: hungary2026, racesMissing: 10 } });
    expect(fight.drivers.some((d) => d.status === 'champion')).toBe(false);
    const awaiting = fight.events.filter((e) => e.awaitingResults);
    expect(new Set(awaiting.map((e) => e.round))).toEqual(new Set([12, 13, 14, 15, 16, 17, 18, 19, 20, 21]));
    expect(fight.events.filter((e) => !e.awaitingResults).map((e) => e.round)).toEqual([22, 23]);
  });

  it('counts no title for the leader of a season over by the clock whose last results are missing', async () => {
    const [antonelli] = await getJson('2026-12-31T12:00:00Z', '/api/drivers/ANT', driverDetailResponse);
    expect(antonelli!.career.championships).toBe(0);
  });
});

describe('with the clock pinned mid-2025', () => {
  it('reads the standings after the last race, with nothing missing', async () => {
    const drivers = await getJson(MID_2025, '/api/drivers?order=asc', driversResponse);
    expect(drivers[0]!.standingsAfter).toEqual({
      race: expect.objectContaining({ season: 2025, round: 11, meetingName: 'Austrian Grand Prix' }),
      racesMissing: 0,
    });
    expect(drivers.every((d) => d.pozitie !== null && d.puncte !== null)).toBe(true);
  });

  it('counts a career up to that day only, not the 2026 season the data holds', async () => {
    const [antonelli] = await getJson(MID_2025, '/api/drivers/ANT', driverDetailResponse);
    // His first eleven races: third in Canada, no pole yet.
    expect(antonelli!.career).toEqual({ starts: 11, wins: 0, podiums: 1, poles: 0, championships: 0 });
    const [hamilton] = await getJson(MID_2025, '/api/drivers/HAM', driverDetailResponse);
    expect(hamilton!.career).toMatchObject({ wins: 105, championships: 7 });
  });
});
