import { describe, expect, it } from 'vitest';
import { generateRound, gridWords, ordinal } from './generate';
import type { TriviaPools } from './pools';
import { seededRandom } from './random';

/** Small hand-written pools (real 2007-08 facts): enough for every kind, few enough to check every question by hand. */
const drivers = ['Lewis Hamilton', 'Felipe Massa', 'Kimi Räikkönen', 'Robert Kubica', 'Fernando Alonso', 'Nick Heidfeld'];
const pools: TriviaPools = {
  season: 2008,
  races: [
    { raceId: 1, year: 2008, grandPrix: 'British Grand Prix', winner: 'Lewis Hamilton', winnerGrid: '4', others: ['Nick Heidfeld', 'Rubens Barrichello', 'Kimi Räikkönen'] },
    { raceId: 2, year: 2008, grandPrix: 'Canadian Grand Prix', winner: 'Robert Kubica', winnerGrid: '2', others: ['Nick Heidfeld', 'David Coulthard', 'Timo Glock'] },
    { raceId: 3, year: 2008, grandPrix: 'Brazilian Grand Prix', winner: 'Felipe Massa', winnerGrid: '1', others: ['Fernando Alonso', 'Kimi Räikkönen', 'Sebastian Vettel'] },
  ],
  winCounts: [
    { driver: 'Alain Prost', wins: 51 },
    { driver: 'Ayrton Senna', wins: 41 },
    { driver: 'Nigel Mansell', wins: 31 },
    { driver: 'Jackie Stewart', wins: 27 },
    { driver: 'Jim Clark', wins: 25 },
    { driver: 'Niki Lauda', wins: 25 },
  ],
  circuits: ['Silverstone Circuit', 'Circuit Gilles Villeneuve', 'Autódromo José Carlos Pace', 'Circuit de Monaco', 'Autodromo Nazionale di Monza'].map(
    (fullName, i) => ({ circuitId: `c${i}`, fullName, place: 'Somewhere', country: 'Someland', races: 10 + i, firstYear: 1950 + i, lastYear: 2008 - i, layoutId: `c${i}-1` }),
  ),
  driverSeasons: [
    { year: 2008, driver: 'Lewis Hamilton', team: 'McLaren', position: 1 },
    { year: 2008, driver: 'Robert Kubica', team: 'BMW Sauber', position: 4 },
    { year: 2008, driver: 'Fernando Alonso', team: 'Renault', position: 5 },
  ],
  seasonTeams: [{ year: 2008, teams: ['BMW Sauber', 'Ferrari', 'McLaren', 'Red Bull', 'Renault', 'Toyota'] }],
  standings: [
    ...drivers.slice(0, 5).map((driver, i) => ({ year: 2008, position: i + 1, driver, points: [98, 97, 75, 75, 61][i]! })),
    { year: 2007, position: 1, driver: 'Kimi Räikkönen', points: 110 },
    { year: 2007, position: 2, driver: 'Lewis Hamilton', points: 109 },
    { year: 2007, position: 3, driver: 'Fernando Alonso', points: 109 },
    { year: 2007, position: 4, driver: 'Felipe Massa', points: 94 },
  ],
};

describe('generateRound', () => {
  const round = generateRound(pools, 2008);

  it('asks ten different questions, two of each kind, each with four distinct options and the right one among them', () => {
    expect(round).toHaveLength(10);
    expect(new Set(round.map((q) => q.key)).size).toBe(10);
    // Two "Which circuit is this?" differ by their maps; the rest differ in the prompt itself or the options.
    expect(new Set(round.map((q) => `${q.prompt} ${q.options.toSorted().join()} ${q.layoutId}`)).size).toBe(10);
    const kinds = round.map((q) => q.kind).toSorted();
    expect(kinds).toEqual(['champion', 'champion', 'circuit-map', 'circuit-map', 'driver-team', 'driver-team', 'most-wins', 'most-wins', 'race-winner', 'race-winner']);
    for (const question of round) {
      expect(question.options).toHaveLength(4);
      expect(new Set(question.options).size).toBe(4);
      expect(question.answer).toBeGreaterThanOrEqual(0);
      expect(question.fact).toContain(question.options[question.answer]!);
      expect(question.layoutId !== null).toBe(question.kind === 'circuit-map');
    }
  });

  it('gives the same round for the same seed and another for another seed', () => {
    expect(generateRound(pools, 2008)).toEqual(round);
    expect(generateRound(pools, 2009)).not.toEqual(round);
  });

  it('states the facts behind the answers', () => {
    const facts = new Set(round.flatMap((q) => (['race-winner', 'champion', 'driver-team'].includes(q.kind) ? [q.fact] : [])));
    const possible = [
      'Lewis Hamilton won the 2008 British Grand Prix from 4th on the grid.',
      'Robert Kubica won the 2008 Canadian Grand Prix from 2nd on the grid.',
      'Felipe Massa won the 2008 Brazilian Grand Prix from pole position.',
      'Lewis Hamilton won the 2008 title with 98 points, 1 point ahead of Felipe Massa.',
      'Kimi Räikkönen won the 2007 title with 110 points, 1 point ahead of Lewis Hamilton.',
      'Lewis Hamilton drove for McLaren in 2008 and won the championship.',
      'Robert Kubica drove for BMW Sauber in 2008 and finished 4th in the championship.',
      'Fernando Alonso drove for Renault in 2008 and finished 5th in the championship.',
    ];
    expect(facts.size).toBe(6);
    for (const fact of facts) expect(possible).toContain(fact);
    const wins = round.find((q) => q.kind === 'most-wins')!;
    expect(wins.prompt).toBe('Which of these drivers won the most Grands Prix?');
    // Jim Clark and Niki Lauda share 25 wins, so they never meet in one question.
    expect(wins.options.includes('Jim Clark') && wins.options.includes('Niki Lauda')).toBe(false);
  });

  it('words the answers', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(
      ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th'],
    );
    expect([gridWords('1'), gridWords('14'), gridWords('PL'), gridWords(null)]).toEqual(['from pole position', 'from 14th on the grid', 'from the pit lane', '']);
  });

  it('fills a round with other kinds when the data cannot serve one', () => {
    const noMaps = generateRound({ ...pools, circuits: pools.circuits.slice(0, 3) }, 7);
    expect(noMaps).toHaveLength(10);
    expect(noMaps.some((q) => q.kind === 'circuit-map')).toBe(false);
    expect(() => generateRound({ ...pools, races: [], winCounts: [], circuits: [], driverSeasons: [], standings: [] }, 7)).toThrow(/Not enough F1 data/);
  });
});

describe('seededRandom', () => {
  it('repeats its sequence for a seed and stays within [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBe(1000);
  });
});
