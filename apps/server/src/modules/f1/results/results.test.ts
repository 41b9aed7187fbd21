import { describe, expect, it } from 'vitest';
import type { LastRaceSummary, MeetingDetailResponse } from '@slipstream/contract';
import { SEED, useSeededDatabase } from '../../../test/f1-seed';
import { expectRefusal } from '../../../test/refusal';

const seeded = useSeededDatabase();

const AFTER_CHINA = '2025-03-24T12:00:00Z';
const get = (url: string, now = AFTER_CHINA) => seeded.requestAt(now, url);

describe('GET /api/season-results/homepage/:season/:raceId_slug', () => {
  it('summarises a race: best scorers, best teams and most places gained from the grid', async () => {
    const response = await get(`/api/season-results/homepage/2025/${SEED.china2025}_chinese-grand-prix`);
    expect(response.statusCode).toBe(200);
    const summary = response.json() as LastRaceSummary;
    expect(summary.topDriverResults).toEqual([
      { driverFirstName: 'Oscar', driverLastName: 'Piastri', displayTeamName: 'McLaren', racePoints: 25, position: 1, teamColour: '#FF8000' },
      { driverFirstName: 'Lando', driverLastName: 'Norris', displayTeamName: 'McLaren', racePoints: 18, position: 2, teamColour: '#FF8000' },
      { driverFirstName: 'George', driverLastName: 'Russell', displayTeamName: 'Mercedes', racePoints: 15, position: 3, teamColour: '#27F4D2' },
    ]);
    expect(summary.topTeamResults).toEqual([
      { team: 'McLaren', points: 43, teamColour: '#FF8000' },
      { team: 'Mercedes', points: 25, teamColour: '#27F4D2' },
      { team: 'Red Bull', points: 18, teamColour: '#3671C6' },
    ]);
    // Antonelli 8th to 5th; Lawson from the pit lane (behind the 10 starters) to 7th; then Norris, 3rd to 2nd,
    // ahead of Hadjar and Tsunoda who also gained one place but finished behind him.
    expect(summary.posGained.map((p) => [p.driver_last_name, p.team, p.gained])).toEqual([
      ['Antonelli', 'Mercedes', 3],
      ['Lawson', 'Red Bull', 3],
      ['Norris', 'McLaren', 1],
    ]);
  });

  it('leaves retirements out of the places gained', async () => {
    const summary = (await get(`/api/season-results/homepage/2025/${SEED.australia2025}_australian-grand-prix`)).json() as LastRaceSummary;
    expect(summary.posGained.map((p) => [p.driver_last_name, p.gained])).toEqual([
      ['Antonelli', 5],
      ['Verstappen', 1],
      ['Russell', 1],
    ]);
  });

  it('is empty for a race without results yet', async () => {
    const response = await get(`/api/season-results/homepage/2025/${SEED.japan2025}_japanese-grand-prix`);
    expect(response.json()).toEqual({ topDriverResults: [], topTeamResults: [], posGained: [], provisional: false });
  });

  it('answers 404 for a race not in that season or under another name, 400 for a malformed reference', async () => {
    for (const url of [
      `/api/season-results/homepage/2024/${SEED.china2025}_chinese-grand-prix`,
      `/api/season-results/homepage/2025/${SEED.china2025}_japanese-grand-prix`,
    ]) {
      expectRefusal(await get(url), 404, /^No race /);
    }
    expectRefusal(await get('/api/season-results/homepage/2025/chinese-grand-prix'), 400, /^Invalid raceId_slug/);
  });
});

describe('GET /api/seasons/:year/meetings/:slug', () => {
  it('gives a meeting with the circuit facts and every classification', async () => {
    const response = await get('/api/seasons/2025/meetings/chinese-grand-prix');
    expect(response.statusCode).toBe(200);
    const meeting = response.json() as MeetingDetailResponse;
    expect(meeting).toMatchObject({
      raceId: SEED.china2025,
      meetingName: 'Chinese Grand Prix',
      status: 'completed',
      isSprintWeekend: true,
      circuitFacts: { length: 5.451, turns: 16, direction: 'CLOCKWISE', laps: 56, distance: 305.066, type: 'RACE', firstGrandPrixYear: 2025 },
    });
    const { race, sprint, qualifying, sprintQualifying, fastestLap } = meeting.results;
    expect(race.map((r) => [r.positionText, r.driverCode, r.time, r.status, r.points, r.grid])).toEqual([
      ['1', 'PIA', '1:30:55.026', 'Finished', 25, '1'],
      ['2', 'NOR', '+9.748', 'Finished', 18, '3'],
      ['3', 'RUS', '+11.097', 'Finished', 15, '2'],
      ['4', 'VER', '+16.656', 'Finished', 12, '4'],
      ['5', 'ANT', '+53.748', 'Finished', 10, '8'],
      ['6', 'HAD', '+1:18.875', 'Finished', 8, '7'],
      ['7', 'LAW', '+1:21.147', 'Finished', 6, 'PL'],
      ['8', 'TSU', '+1 lap', '+1 Lap', 4, '9'],
      ['DSQ', 'LEC', null, 'Disqualified', 0, '6'],
      ['DSQ', 'HAM', null, 'Disqualified', 0, '5'],
    ]);
    expect(race[8]).toMatchObject({ positionNumber: null, driverName: 'Charles Leclerc', teamName: 'Ferrari', teamColour: '#E8002D' });
    expect(sprint).toHaveLength(10);
    expect(sprint[0]).toMatchObject({ driverCode: 'HAM', time: '30:39.965', points: 8 });
    expect(qualifying[9]).toMatchObject({ driverCode: 'LAW', time: '1:32.174', q1: '1:32.174', q2: null, q3: null });
    expect(qualifying[0]).toMatchObject({ driverCode: 'PIA', time: '1:30.641', q1: '1:31.591', q2: '1:31.200', q3: '1:30.641' });
    expect(sprintQualifying[0]).toMatchObject({ driverCode: 'HAM', q3: '1:30.849' });
    expect(fastestLap).toEqual({ driverName: 'Lando Norris', time: '1:35.454', lap: 53 });
  });

  it('shows retirements with their reason', async () => {
    const meeting = (await get('/api/seasons/2025/meetings/australian-grand-prix')).json() as MeetingDetailResponse;
    expect(meeting.results.race.slice(-2).map((r) => [r.positionText, r.driverCode, r.status, r.laps])).toEqual([
      ['DNF', 'LAW', 'Accident', 46],
      ['DNF', 'HAD', 'Accident on formation lap', 0],
    ]);
    expect(meeting.results.sprint).toEqual([]);
  });

  it('gives a meeting not yet run with its timetable and empty results', async () => {
    const meeting = (await get('/api/seasons/2025/meetings/japanese-grand-prix')).json() as MeetingDetailResponse;
    expect(meeting).toMatchObject({ status: 'upcoming', isCurrent: true, circuit: { timeZone: 'Asia/Tokyo' } });
    expect(meeting.timetables[0]).toMatchObject({ description: 'Practice 1', startTime: '2025-04-04T11:30:00', gmtOffset: '+09:00', status: 'isNext' });
    expect(meeting.results).toEqual({ qualifying: [], sprintQualifying: [], sprint: [], race: [], fastestLap: null, practice: [], provisional: [] });
  });

  it('answers 404 for an unknown meeting or season and 400 for a malformed slug', async () => {
    expectRefusal(await get('/api/seasons/2025/meetings/monaco-grand-prix'), 404, 'No meeting "monaco-grand-prix" in the 2025 season');
    expect((await get('/api/seasons/2019/meetings/chinese-grand-prix')).statusCode).toBe(404);
    expectRefusal(await get('/api/seasons/2025/meetings/Chinese_GP'), 400, /^Invalid slug/);
  });
});
