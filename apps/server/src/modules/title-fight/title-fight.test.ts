import { describe, expect, it } from 'vitest';
import { driversResponse, titleFightResponse, type TitleFightResponse } from '@slipstream/contract';
import { useF1TestApp } from '../../test/f1-app';

const t = useF1TestApp();

async function fight(query: string, now = '2025-07-05T12:00:00Z'): Promise<TitleFightResponse> {
  await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now } });
  const response = await t.app.inject(`/api/title-fight${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return titleFightResponse.parse(response.json());
}

const row = (list: { id: string; points: number; status: string }[], id: string) => {
  const found = list.find((d) => d.id === id)!;
  return [found.points, found.status];
};

describe('the 2021 finale', () => {
  it('stands level on 369.5 before Abu Dhabi, both in the fight', async () => {
    const before = await fight('?season=2021&round=21');
    expect(before).toMatchObject({ season: 2021, asOfRound: 21, finalRound: 22, live: false, whatIf: '' });
    expect(before.events).toEqual([{ round: 22, kind: 'RACE', name: 'Abu Dhabi Grand Prix', date: '2021-12-12', double: false, picked: false, awaitingResults: false }]);
    expect(before.drivers.slice(0, 2)).toMatchObject([
      { id: 'max-verstappen', code: 'VER', points: 369.5, wins: 9, position: 1, status: 'contender', maxPoints: 395.5 },
      { id: 'lewis-hamilton', code: 'HAM', points: 369.5, wins: 8, position: 2, status: 'contender', behind: 0 },
    ]);
    expect(before.drivers.filter((d) => d.status === 'contender')).toHaveLength(2);
    expect(before.constructors.slice(0, 2).map((c) => [c.id, c.points, c.status])).toEqual([
      ['mercedes', 587.5, 'contender'],
      ['red-bull', 559.5, 'contender'],
    ]);
  });

  it('gives Verstappen the title when he wins with the fastest lap and Hamilton is second', async () => {
    const whatIf = await fight('?season=2021&round=21&w=22-VER*.HAM');
    expect(whatIf.whatIf).toBe('22-VER*.HAM');
    expect(whatIf.events[0]!.picked).toBe(true);
    expect(row(whatIf.drivers, 'max-verstappen')).toEqual([395.5, 'champion']);
    expect(row(whatIf.drivers, 'lewis-hamilton')).toEqual([387.5, 'eliminated']);
    expect(whatIf.drivers[0]).toMatchObject({ pointsNow: 369.5, wins: 10 });
    expect(row(whatIf.constructors, 'mercedes')).toEqual([605.5, 'champion']);
  });

  it('matches the season as it ended', async () => {
    const final = await fight('?season=2021');
    expect(final.events).toEqual([]);
    expect(row(final.drivers, 'max-verstappen')).toEqual([395.5, 'champion']);
    expect(row(final.drivers, 'lewis-hamilton')).toEqual([387.5, 'eliminated']);
  });
});

describe('the 2014 double-points finale', () => {
  it('plays for 50 points', async () => {
    const before = await fight('?season=2014&round=18');
    expect(before.events).toMatchObject([{ round: 19, kind: 'RACE', double: true }]);
    expect(before.drivers.slice(0, 3).map((d) => [d.id, d.points, d.status, d.maxPoints])).toEqual([
      ['lewis-hamilton', 334, 'contender', 384],
      ['nico-rosberg', 317, 'contender', 367],
      ['daniel-ricciardo', 214, 'eliminated', 264],
    ]);
    const rosbergWins = await fight('?season=2014&round=18&w=19-ROS.RIC.HAM');
    expect(rosbergWins.drivers.slice(0, 2).map((d) => [d.id, d.points, d.status])).toEqual([
      ['nico-rosberg', 367, 'champion'],
      ['lewis-hamilton', 364, 'eliminated'],
    ]);
  });
});

describe('the season in progress by the clock', () => {
  it('counts the races and sprints run by 5 July 2025 and agrees with the standings', async () => {
    const live = await fight('');
    expect(live).toMatchObject({ season: 2025, asOfRound: 11, lastFinishedRound: 11, finalRound: 24, live: true });
    expect(live.seasons[0]).toBe(2025);
    expect(live.seasons.at(-1)).toBe(1991);
    // The British GP of the next day is the first open event; four sprints are left (Spa, Austin, Interlagos, Qatar).
    expect(live.events[0]).toMatchObject({ round: 12, kind: 'RACE', name: 'British Grand Prix' });
    expect(live.events.filter((e) => e.kind === 'SPRINT').map((e) => e.round)).toEqual([13, 19, 21, 23]);
    // The standings page reads F1DB's own standings table: the sums must agree.
    const standings = driversResponse.parse((await t.app.inject('/api/drivers?season=2025&order=asc')).json());
    expect(live.drivers.slice(0, 10).map((d) => [d.id, d.points])).toEqual(standings.slice(0, 10).map((d) => [d._id, d.puncte]));
    expect(live.drivers[0]).toMatchObject({ id: 'oscar-piastri', points: 216, status: 'contender' });
    expect(live.drivers[1]).toMatchObject({ id: 'lando-norris', points: 201, status: 'contender' });
    // 13 races at 25 and 4 sprints at 8 are left: 357 points.
    expect(live.drivers[0]!.maxPoints).toBe(216 + 13 * 25 + 4 * 8);
  });

  it('counts a sprint run on the Saturday before its race has run', async () => {
    // Miami 2025: the sprint ran at 16:00 UTC on 3 May (Norris first, Piastri second), the race the next day.
    const saturday = await fight('?season=2025', '2025-05-03T18:00:00Z');
    const afterRound5 = await fight('?season=2025&round=5', '2025-05-03T18:00:00Z');
    expect(saturday.asOfRound).toBe(5);
    expect(saturday.events[0]).toMatchObject({ round: 6, kind: 'RACE', name: 'Miami Grand Prix' });
    expect(afterRound5.events.slice(0, 2)).toMatchObject([
      { round: 6, kind: 'SPRINT' },
      { round: 6, kind: 'RACE' },
    ]);
    const gained = (id: string) => saturday.drivers.find((d) => d.id === id)!.points - afterRound5.drivers.find((d) => d.id === id)!.points;
    expect(gained('lando-norris')).toBe(8);
    expect(gained('oscar-piastri')).toBe(7);
  });

  it('does not let "as of" run ahead of the clock', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now: '2025-07-05T12:00:00Z' } });
    const response = await t.app.inject('/api/title-fight?season=2025&round=12');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Round 12 of 2025 has not finished/);
  });
});

describe('bad input', () => {
  it.each([
    ['?season=1985', /from 1991/],
    ['?season=2021&w=22-VER.VER', /twice/],
    ['?season=2021&round=21&w=22-XYZ', /XYZ/],
    ['?season=2021&w=22:VER', /Invalid w/],
    ['?season=2030', /not begun|No F1 season/],
  ])('%s is a 4xx with a message', async (query, message) => {
    const response = await t.app.inject(`/api/title-fight${query}`);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toMatch(message);
  });
});
