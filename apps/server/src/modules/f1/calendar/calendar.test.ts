import { describe, expect, it } from 'vitest';
import { TOO_SOON_MESSAGE, type EventTrackerResponse, type SeasonScheduleResponse } from '@slipstream/contract';
import { SEED, useSeededDatabase } from '../../../test/f1-seed';
import { expectRefusal } from '../../../test/refusal';

const seeded = useSeededDatabase();

const get = (now: string, url: string, headers: Record<string, string> = {}) => seeded.requestAt(now, { url, headers });

// China 2025 starts with practice 1 at 2025-03-21T03:30Z; its race runs 07:00-09:00Z on 2025-03-23.
describe('GET /api/get-next and /api/get-last', () => {
  it('gives the next meeting and the last finished one when the next is more than a day away', async () => {
    const next = await get('2025-03-20T03:29:00Z', '/api/get-next');
    expect(next.statusCode).toBe(200);
    expect(next.json()).toEqual({
      fomRaceId: SEED.china2025,
      race: { meetingName: 'Chinese Grand Prix', meetingCountryName: 'China', meetingStartDate: '2025-03-21T03:30:00.000Z' },
      meetingContext: { season: 2025, nr_runda: 2 },
      slug: 'chinese-grand-prix',
    });
    const last = await get('2025-03-20T03:29:00Z', '/api/get-last');
    expect(last.statusCode).toBe(200);
    expect(last.json()).toEqual({
      fomRaceId: SEED.australia2025,
      race: {
        meetingName: 'Australian Grand Prix',
        meetingCountryName: 'Australia',
        meetingStartDate: '2025-03-14T01:30:00.000Z',
        meetingEndDate: '2025-03-16T06:00:00.000Z',
      },
      meetingContext: { season: 2025, nr_runda: 1, status: 'completed' },
      slug: 'australian-grand-prix',
      latestResults: {
        race: { raceId: SEED.australia2025, season: 2025, round: 1, meetingName: 'Australian Grand Prix', slug: 'australian-grand-prix', date: '2025-03-16' },
        racesMissing: 0,
      },
    });
  });

  it('skips the last results from 24 hours before the next meeting starts', async () => {
    for (const now of ['2025-03-20T03:30:00Z', '2025-03-20T03:31:00Z', '2025-03-22T12:00:00Z']) {
      const last = await get(now, '/api/get-last');
      expect(last.statusCode).toBe(200);
      expect(last.json()).toEqual({ message: TOO_SOON_MESSAGE });
    }
  });

  it('keeps a meeting as the next one until its race has finished', async () => {
    expect((await get('2025-03-23T08:59:00Z', '/api/get-next')).json()).toMatchObject({ fomRaceId: SEED.china2025 });
    expect((await get('2025-03-23T08:59:00Z', '/api/get-last')).json()).toEqual({ message: TOO_SOON_MESSAGE });

    expect((await get('2025-03-23T09:00:00Z', '/api/get-next')).json()).toMatchObject({ fomRaceId: SEED.japan2025 });
    expect((await get('2025-03-23T09:00:00Z', '/api/get-last')).json()).toMatchObject({
      fomRaceId: SEED.china2025,
      meetingContext: { season: 2025, nr_runda: 2, status: 'completed' },
    });
  });

  it('reaches back into the previous season before the first race', async () => {
    expect((await get('2025-03-01T00:00:00Z', '/api/get-next')).json()).toMatchObject({ fomRaceId: SEED.australia2025 });
    expect((await get('2025-03-01T00:00:00Z', '/api/get-last')).json()).toMatchObject({
      fomRaceId: SEED.saudi2024,
      meetingContext: { season: 2024, nr_runda: 2 },
    });
  });

  it('answers 404 when the data holds no next or no finished meeting', async () => {
    expectRefusal(await get('2025-05-01T00:00:00Z', '/api/get-next'), 404, 'No upcoming meeting in the data');
    expectRefusal(await get('2024-01-01T00:00:00Z', '/api/get-last'), 404, 'No finished meeting in the data');
  });
});

describe('GET /api/event-tracker', () => {
  const statuses = async (now: string) => {
    const response = await get(now, '/api/event-tracker');
    expect(response.statusCode).toBe(200);
    const [hero] = (response.json() as EventTrackerResponse).data;
    return Object.fromEntries(hero!.meetingContext.timetables.map((t) => [t.session, t.status]));
  };

  it('gives the current or next meeting with its timetable in the circuit time zone', async () => {
    const response = await get('2025-03-20T12:00:00Z', '/api/event-tracker');
    const [hero] = (response.json() as EventTrackerResponse).data;
    expect(hero).toMatchObject({
      race: {
        meetingName: 'Chinese Grand Prix',
        meetingOfficialName: 'Formula 1 Heineken Chinese Grand Prix 2025',
        meetingStartDate: '2025-03-21T03:30:00.000Z',
        meetingEndDate: '2025-03-23T09:00:00.000Z',
      },
      circuitSmallImage: { url: '/api/circuits/shanghai-1.svg' },
      fomRaceId: SEED.china2025,
      meetingContext: { status: 'upcoming', season: 2025, nr_runda: 2 },
      slug: 'chinese-grand-prix',
      circuit: { id: 'shanghai', timeZone: 'Asia/Shanghai', svgUrl: '/api/circuits/shanghai-1.svg' },
    });
    expect(hero!.meetingContext.timetables.map((t) => [t.description, t.startTime, t.gmtOffset, t.status])).toEqual([
      ['Practice 1', '2025-03-21T11:30:00', '+08:00', 'isNext'],
      ['Sprint Qualifying', '2025-03-21T15:30:00', '+08:00', 'upcoming'],
      ['Sprint', '2025-03-22T11:00:00', '+08:00', 'upcoming'],
      ['Qualifying', '2025-03-22T15:00:00', '+08:00', 'upcoming'],
      ['Race', '2025-03-23T15:00:00', '+08:00', 'upcoming'],
    ]);
  });

  it('moves isCurrent and isNext across the 44 minutes of sprint qualifying', async () => {
    expect(await statuses('2025-03-21T07:29:00Z')).toMatchObject({ FREE_PRACTICE_1: 'completed', SPRINT_QUALIFYING: 'isNext', SPRINT: 'upcoming' });
    expect(await statuses('2025-03-21T07:30:00Z')).toMatchObject({ SPRINT_QUALIFYING: 'isCurrent', SPRINT: 'isNext' });
    expect(await statuses('2025-03-21T08:13:00Z')).toMatchObject({ SPRINT_QUALIFYING: 'isCurrent', SPRINT: 'isNext' });
    expect(await statuses('2025-03-21T08:14:00Z')).toMatchObject({ SPRINT_QUALIFYING: 'completed', SPRINT: 'isNext', QUALIFYING: 'upcoming' });
  });

  it('keeps the race current for two hours, with nothing next in the meeting', async () => {
    const duringRace = await statuses('2025-03-23T08:30:00Z');
    expect(duringRace).toEqual({
      FREE_PRACTICE_1: 'completed',
      SPRINT_QUALIFYING: 'completed',
      SPRINT: 'completed',
      QUALIFYING: 'completed',
      RACE: 'isCurrent',
    });
  });

  it('is empty once the data holds no further meeting', async () => {
    expect((await get('2025-05-01T00:00:00Z', '/api/event-tracker')).json()).toEqual({ data: [] });
  });

  it('lets a shared cache keep it for X-Cache-Duration (clamped to an hour) while browsers revalidate', async () => {
    const cacheControl = async (headers: Record<string, string>) =>
      (await get('2025-03-20T12:00:00Z', '/api/event-tracker', headers)).headers['cache-control'];
    expect(await cacheControl({ 'x-cache-duration': '240' })).toBe('public, max-age=0, s-maxage=240');
    expect(await cacheControl({ 'x-cache-duration': '99999' })).toBe('public, max-age=0, s-maxage=3600');
    expect(await cacheControl({ 'x-cache-duration': '-5' })).toBe('public, max-age=0, s-maxage=0');
    expect(await cacheControl({})).toBe('public, max-age=0, s-maxage=60');
  });

  it('refuses an X-Cache-Duration that is not a whole number of seconds', async () => {
    expectRefusal(await get('2025-03-20T12:00:00Z', '/api/event-tracker', { 'x-cache-duration': 'soon' }), 400, /^Invalid x-cache-duration/);
  });
});

describe('GET /api/seasons/:year/meetings', () => {
  it('lists the season with each meeting status, the current one and the next session', async () => {
    const response = await get('2025-03-18T12:00:00Z', '/api/seasons/2025/meetings');
    expect(response.statusCode).toBe(200);
    const { season, meetings } = response.json() as SeasonScheduleResponse;
    expect(season).toBe(2025);
    expect(meetings.map((m) => [m.round, m.slug, m.status, m.isCurrent, m.isSprintWeekend])).toEqual([
      [1, 'australian-grand-prix', 'completed', false, false],
      [2, 'chinese-grand-prix', 'upcoming', true, true],
      [3, 'japanese-grand-prix', 'upcoming', false, false],
    ]);
    expect(meetings[0]).toMatchObject({ countryName: 'Australia', countryCode: 'AU', circuit: { timeZone: 'Australia/Melbourne' } });
    // Melbourne keeps summer time in March.
    expect(meetings[0]!.timetables[0]).toMatchObject({ startTime: '2025-03-14T12:30:00', gmtOffset: '+11:00', status: 'completed' });
    expect(meetings[1]!.timetables[0]!.status).toBe('isNext');
    expect(meetings[2]!.timetables.every((t) => t.status === 'upcoming')).toBe(true);
  });

  it('says which finished sessions have stored results, and none for a session the clock has not finished', async () => {
    const { meetings } = (await get('2025-03-18T12:00:00Z', '/api/seasons/2025/meetings')).json() as SeasonScheduleResponse;
    const australia = Object.fromEntries(meetings[0]!.timetables.map((t) => [t.session, t.results]));
    expect(australia).toMatchObject({ FREE_PRACTICE_1: null, QUALIFYING: 'official', RACE: 'official' });
    expect(meetings[1]!.timetables.every((t) => t.results === null)).toBe(true);
    // During Australia's qualifying, its stored classification is not known yet.
    const during = (await get('2025-03-15T05:30:00Z', '/api/seasons/2025/meetings')).json() as SeasonScheduleResponse;
    expect(during.meetings[0]!.timetables.find((t) => t.session === 'QUALIFYING')!.results).toBeNull();
  });

  it('adds the race from the race itself when the timetable does not list it', async () => {
    const response = await get('2025-03-18T12:00:00Z', '/api/seasons/2024/meetings');
    const { meetings } = response.json() as SeasonScheduleResponse;
    expect(meetings.every((m) => m.status === 'completed' && !m.isCurrent)).toBe(true);
    expect(meetings[0]!.timetables.at(-1)).toMatchObject({
      session: 'RACE',
      startTimeUtc: '2024-03-02T15:00:00.000Z',
      startTime: '2024-03-02T18:00:00',
      gmtOffset: '+03:00',
      status: 'completed',
    });
  });

  it('answers 404 for a season not in the data and 400 for a bad year', async () => {
    expectRefusal(await get('2025-03-18T12:00:00Z', '/api/seasons/1990/meetings'), 404, 'No F1 season 1990 in the data');
    expectRefusal(await get('2025-03-18T12:00:00Z', '/api/seasons/next/meetings'), 400, /^Invalid year/);
  });
});
