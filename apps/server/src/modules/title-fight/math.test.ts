import { describe, expect, it } from 'vitest';
import { pointsSystem, raceMultiplier, type PointsSystem } from '../f1/points';
import { applyPicks, maxGain, rank, titleChances, type OpenEvent, type Tally } from './math';

const race = (round: number, multiplier = 1): OpenEvent => ({ round, kind: 'RACE', multiplier });
const sprint = (round: number): OpenEvent => ({ round, kind: 'SPRINT', multiplier: 1 });
const system = (season: number): PointsSystem => pointsSystem(season)!;
const statusOf = (chances: ReturnType<typeof titleChances>) => Object.fromEntries(chances.map((c) => [c.id, c.status]));

describe('points systems', () => {
  it('adds up the points still available, sprints and bonus points included', () => {
    // 2023: a race is 25 + 1 for the fastest lap, a sprint 8.
    expect(maxGain(system(2023), [race(21), sprint(21), race(22)], 'drivers')).toBe(60);
    // A team can finish first and second: 25 + 18 + 1, and 8 + 7.
    expect(maxGain(system(2023), [race(21), sprint(21)], 'constructors')).toBe(59);
    expect(maxGain(system(2021), [sprint(19)], 'drivers')).toBe(3);
    expect(maxGain(system(2014), [race(19, 2)], 'drivers')).toBe(50);
    expect(maxGain(system(2025), [race(24)], 'drivers')).toBe(25);
  });
});

describe('standings with countback', () => {
  it('breaks a tie on points in the standings', () => {
    const ranked = rank([
      { id: 'b', points: 50, finishes: [1, 2] },
      { id: 'a', points: 50, finishes: [1, 3] },
      { id: 'c', points: 60, finishes: [0, 1] },
      { id: 'd', points: 10, finishes: [0] },
      { id: 'e', points: 10, finishes: [] },
    ]);
    expect(ranked.map((r) => `${r.position} ${r.id}`)).toEqual(['1 c', '2 a', '3 b', '4 d', '4 e']);
  });
});

describe('who can still win', () => {
  it('clinches once no rival can reach the leader', () => {
    const tallies = [
      { id: 'leader', points: 400, finishes: [10] },
      { id: 'second', points: 370, finishes: [5] },
    ];
    expect(statusOf(titleChances(tallies, system(2025), [race(24)], 'drivers'))).toEqual({ leader: 'champion', second: 'eliminated' });
    expect(statusOf(titleChances(tallies, system(2025), [race(23), race(24)], 'drivers'))).toEqual({ leader: 'contender', second: 'contender' });
  });

  it('keeps a rival in the fight through the sprint points still to come', () => {
    const tallies = [
      { id: 'leader', points: 100, finishes: [3] },
      { id: 'rival', points: 70, finishes: [1] },
    ];
    // 2023: 26 from the race and 8 from the sprint make 104 > 100; the race alone makes 96.
    expect(statusOf(titleChances(tallies, system(2023), [sprint(22), race(22)], 'drivers')).rival).toBe('contender');
    expect(statusOf(titleChances(tallies, system(2023), [race(22)], 'drivers')).rival).toBe('eliminated');
    // 2021 sprints gave 3: 70 + 26 + 3 = 99.
    expect(statusOf(titleChances(tallies, system(2021), [sprint(22), race(22)], 'drivers')).rival).toBe('eliminated');
  });

  it('settles a reachable tie by countback', () => {
    const leader = { id: 'leader', points: 100, finishes: [3, 1] };
    // Reaching 100 with a third win: level on wins, and the leader has more second places.
    const behind = titleChances([leader, { id: 'rival', points: 75, finishes: [2, 0] }], system(2025), [race(24)], 'drivers');
    expect(statusOf(behind)).toEqual({ leader: 'champion', rival: 'eliminated' });
    const ahead = titleChances([leader, { id: 'rival', points: 75, finishes: [2, 2] }], system(2025), [race(24)], 'drivers');
    expect(statusOf(ahead)).toEqual({ leader: 'contender', rival: 'contender' });
  });

  it('tells the points available and the gap', () => {
    const [first, second] = titleChances(
      [
        { id: 'a', points: 200, finishes: [] },
        { id: 'b', points: 180, finishes: [] },
      ],
      system(2024),
      [race(23), sprint(23), race(24)],
      'drivers',
    );
    expect(first).toMatchObject({ id: 'a', position: 1, behind: 0, maxPoints: 260 });
    expect(second).toMatchObject({ id: 'b', position: 2, behind: 20, maxPoints: 240 });
  });

  it('counts a team’s two cars', () => {
    const teams = [
      { id: 'red-bull', points: 500, finishes: [] },
      { id: 'mercedes', points: 460, finishes: [] },
    ];
    // One race of 2025 is worth 43 to a team: 460 + 43 > 500.
    expect(statusOf(titleChances(teams, system(2025), [race(24)], 'constructors')).mercedes).toBe('contender');
    expect(statusOf(titleChances(teams, system(2025), [], 'constructors'))).toEqual({ 'red-bull': 'champion', mercedes: 'eliminated' });
  });
});

/** Before Abu Dhabi 2021 (hand-worked from the season's results): level on 369.5; Verstappen 9 wins to 8. */
const before2021Finale: Tally[] = [
  { id: 'max-verstappen', points: 369.5, finishes: [9, 8, 0, 0, 0, 0, 0, 0, 0, 1] },
  { id: 'lewis-hamilton', points: 369.5, finishes: [8, 7, 2] },
  { id: 'valtteri-bottas', points: 218, finishes: [1, 3, 6] },
];
const teams2021 = [
  { id: 'mercedes', points: 587.5, finishes: [] },
  { id: 'red-bull', points: 559.5, finishes: [] },
];
const teamOf2021: Record<string, string> = { 'max-verstappen': 'red-bull', 'lewis-hamilton': 'mercedes', 'valtteri-bottas': 'mercedes' };

describe('the 2021 finale', () => {
  it('leaves Verstappen and Hamilton level and both in the fight, Verstappen ahead on wins', () => {
    const chances = titleChances(before2021Finale, system(2021), [race(22)], 'drivers');
    expect(chances.map((c) => `${c.position} ${c.id} ${c.status}`)).toEqual([
      '1 max-verstappen contender',
      '2 lewis-hamilton contender',
      '3 valtteri-bottas eliminated',
    ]);
  });

  it('gives Verstappen the title when he wins with the fastest lap and Hamilton is second', () => {
    const after = applyPicks(
      { drivers: before2021Finale, constructors: teams2021 },
      system(2021),
      [race(22)],
      [{ round: 22, kind: 'RACE', order: ['max-verstappen', 'lewis-hamilton', 'carlos-sainz-jr'], fastestLap: 'max-verstappen' }],
      (id) => teamOf2021[id],
    );
    expect(after.open).toEqual([]);
    const drivers = titleChances(after.drivers, system(2021), after.open, 'drivers');
    expect(drivers.slice(0, 2).map((c) => [c.id, c.points, c.status])).toEqual([
      ['max-verstappen', 395.5, 'champion'],
      ['lewis-hamilton', 387.5, 'eliminated'],
    ]);
    // Sainz was not in the standing: he joins it with his 15 points.
    expect(drivers.find((c) => c.id === 'carlos-sainz-jr')?.points).toBe(15);
    // Mercedes still take the constructors' title: 587.5 + 18 against 559.5 + 26.
    const constructors = titleChances(after.constructors, system(2021), after.open, 'constructors');
    expect(constructors.map((c) => [c.id, c.points, c.status])).toEqual([
      ['mercedes', 605.5, 'champion'],
      ['red-bull', 585.5, 'eliminated'],
    ]);
  });

  it('gives no fastest-lap point outside the top ten, nor in a season without it', () => {
    const order = Array.from({ length: 11 }, (_, i) => `driver-${i + 1}`);
    const pick = { round: 22, kind: 'RACE' as const, order, fastestLap: 'driver-11' };
    const after = applyPicks({ drivers: [], constructors: [] }, system(2021), [race(22)], [pick], () => undefined);
    expect(after.drivers.find((t) => t.id === 'driver-11')?.points).toBe(0);
    const inTopTen = applyPicks({ drivers: [], constructors: [] }, system(2021), [race(22)], [{ ...pick, fastestLap: 'driver-10' }], () => undefined);
    expect(inTopTen.drivers.find((t) => t.id === 'driver-10')?.points).toBe(2);
    const in2025 = applyPicks({ drivers: [], constructors: [] }, system(2025), [race(22)], [{ ...pick, fastestLap: 'driver-1' }], () => undefined);
    expect(in2025.drivers.find((t) => t.id === 'driver-1')?.points).toBe(25);
  });
});

describe('the 2014 finale at double points', () => {
  // Before Abu Dhabi 2014: Hamilton 334 (10 wins), Rosberg 317 (5 wins), Ricciardo 214.
  const before = [
    { id: 'lewis-hamilton', points: 334, finishes: [10, 3] },
    { id: 'nico-rosberg', points: 317, finishes: [5, 10] },
    { id: 'daniel-ricciardo', points: 214, finishes: [3] },
  ];
  const final = race(19, raceMultiplier(system(2014), 19, 19));

  it('keeps Rosberg in with 50 points to play for', () => {
    expect(statusOf(titleChances(before, system(2014), [final], 'drivers'))).toEqual({
      'lewis-hamilton': 'contender',
      'nico-rosberg': 'contender',
      'daniel-ricciardo': 'eliminated',
    });
  });

  it('makes Rosberg champion if he wins and Hamilton is third, Hamilton if he is second', () => {
    const outcome = (order: string[]) => {
      const after = applyPicks({ drivers: before, constructors: [] }, system(2014), [final], [{ round: 19, kind: 'RACE', order, fastestLap: null }], () => undefined);
      return titleChances(after.drivers, system(2014), after.open, 'drivers')
        .slice(0, 2)
        .map((c) => `${c.id} ${c.points} ${c.status}`);
    };
    expect(outcome(['nico-rosberg', 'daniel-ricciardo', 'lewis-hamilton'])).toEqual(['nico-rosberg 367 champion', 'lewis-hamilton 364 eliminated']);
    expect(outcome(['nico-rosberg', 'lewis-hamilton'])).toEqual(['lewis-hamilton 370 champion', 'nico-rosberg 367 eliminated']);
    // As it happened: Hamilton won, Rosberg finished out of the points.
    expect(outcome(['lewis-hamilton'])).toEqual(['lewis-hamilton 384 champion', 'nico-rosberg 317 eliminated']);
  });
});

describe('picks', () => {
  it('ignore events that are not open, and count an event once', () => {
    const after = applyPicks(
      { drivers: [{ id: 'a', points: 10, finishes: [] }], constructors: [] },
      system(2025),
      [race(24)],
      [
        { round: 23, kind: 'RACE', order: ['a'], fastestLap: null },
        { round: 24, kind: 'RACE', order: ['a'], fastestLap: null },
        { round: 24, kind: 'RACE', order: ['a'], fastestLap: null },
      ],
      () => undefined,
    );
    expect(after.drivers).toEqual([{ id: 'a', points: 35, finishes: [1] }]);
  });

  it('count sprint points but not sprint places in the countback', () => {
    const after = applyPicks({ drivers: [], constructors: [] }, system(2025), [sprint(6)], [{ round: 6, kind: 'SPRINT', order: ['a', 'b'], fastestLap: 'a' }], () => undefined);
    expect(after.drivers).toEqual([
      { id: 'a', points: 8, finishes: [] },
      { id: 'b', points: 7, finishes: [] },
    ]);
  });
});
