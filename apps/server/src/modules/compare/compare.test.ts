import { describe, expect, it } from 'vitest';
import { compareDriversResponse, compareResponse, type CompareResponse } from '@slipstream/contract';
import { useF1TestApp } from '../../test/f1-app';

const t = useF1TestApp();

async function compare(query: string, now = '2025-07-05T12:00:00Z'): Promise<CompareResponse> {
  await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now } });
  const response = await t.app.inject(`/api/compare${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return compareResponse.parse(response.json());
}

describe('Verstappen and Perez in 2023', () => {
  // Counted by hand from the 2023 race, sprint and qualifying results of F1DB.
  it('gives the season numbers', async () => {
    const duel = await compare('?a=max-verstappen&b=sergio-perez&season=2023');
    expect(duel.season).toBe(2023);
    expect(duel.a).toMatchObject({
      name: 'Max Verstappen',
      teams: ['Red Bull'],
      stats: { starts: 22, points: 575, wins: 19, poles: 13, podiums: 21, retirements: 0, averageFinish: 1.27 },
    });
    expect(duel.b.stats).toMatchObject({ starts: 22, points: 285, wins: 2, poles: 2, podiums: 9, retirements: 2, averageFinish: 4.5 });
  });

  it('counts the head-to-head over the sessions both were classified in', async () => {
    const duel = await compare('?a=max-verstappen&b=sergio-perez&season=2023');
    // Perez set no time in Australian qualifying (NC): 21 qualifying sessions, 22 races.
    expect(duel.headToHead).toEqual({ qualifying: { races: 21, a: 19, b: 2 }, race: { races: 22, a: 20, b: 2 } });
    expect(duel.definitions.race).toMatch(/both drivers started/);
  });

  it('charts cumulative points after each round, sprints included', async () => {
    const { progression } = await compare('?a=max-verstappen&b=sergio-perez&season=2023');
    expect(progression.axis).toBe('round');
    expect(progression.points).toHaveLength(22);
    // Bahrain: Verstappen won, Perez second.
    expect(progression.points[0]).toEqual({ at: 1, label: 'Bahrain Grand Prix', a: 25, b: 18 });
    expect(progression.points.at(-1)).toMatchObject({ at: 22, a: 575, b: 285 });
  });
});

describe('careers', () => {
  it('adds up every season and charts them', async () => {
    const duel = await compare('?a=lewis-hamilton&b=nico-rosberg');
    expect(duel.season).toBeNull();
    expect(duel.sharedSeasons).toEqual([2016, 2015, 2014, 2013, 2012, 2011, 2010, 2009, 2008, 2007]);
    expect(duel.b.stats).toMatchObject({ starts: 206, wins: 23 });
    expect(duel.progression.axis).toBe('season');
    expect(duel.progression.points[0]).toMatchObject({ at: 2006, a: null, b: 4 });
    expect(duel.progression.points.find((p) => p.at === 2007)).toMatchObject({ a: 109, b: 24 });
  });

  it('counts only sessions finished by the clock', async () => {
    const before = await compare('?a=oscar-piastri&b=lando-norris&season=2025', '2025-07-05T12:00:00Z');
    const after = await compare('?a=oscar-piastri&b=lando-norris&season=2025', '2025-07-07T12:00:00Z');
    expect(before.a.stats.points).toBe(216);
    expect(before.b.stats.points).toBe(201);
    expect(before.progression.points).toHaveLength(11);
    // Norris won the British Grand Prix on 6 July, Piastri second.
    expect(after.b.stats.points - before.b.stats.points).toBe(25);
    expect(after.a.stats.points - before.a.stats.points).toBe(18);
    expect(after.headToHead.race.races).toBe(before.headToHead.race.races + 1);
  });
});

describe('bad input', () => {
  it.each([
    ['?a=max-verstappen', 400, /Invalid b/],
    ['?a=max-verstappen&b=max-verstappen', 400, /two different drivers/],
    ['?a=max-verstappen&b=Not%20A%20Driver', 400, /Invalid b/],
    ['?a=max-verstappen&b=nobody-at-all', 404, /nobody-at-all/],
    ['?a=max-verstappen&b=juan-manuel-fangio&season=2023', 404, /Fangio did not race in 2023/],
  ])('%s answers %i', async (query, status, message) => {
    const response = await t.app.inject(`/api/compare${query}`);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(message);
  });
});

describe('the driver list', () => {
  it('holds every driver who raced, latest first', async () => {
    const response = await t.app.inject('/api/compare/drivers');
    const list = compareDriversResponse.parse(response.json());
    expect(list.length).toBeGreaterThan(700);
    expect(list[0]!.to).toBe(2025);
    expect(list.find((d) => d.id === 'juan-manuel-fangio')).toEqual({ id: 'juan-manuel-fangio', name: 'Juan Manuel Fangio', from: 1950, to: 1958 });
  });
});
