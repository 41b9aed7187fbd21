import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse, RecordTable } from '@slipstream/contract';
import type { Database } from '../../db/client';
import { buildTestApp } from '../../test/app';
import { openF1TestDatabase } from '../../test/f1-database';

/** Known facts on the shared F1DB data, read at the e2e clock (after the 2025 Austrian Grand Prix). */

let database: Database;
beforeAll(async () => {
  database = await openF1TestDatabase();
});
afterAll(() => database.close());

async function historyAt(now: string): Promise<HistoryResponse> {
  const t = await buildTestApp({ now, database });
  try {
    const response = await t.app.inject('/api/history');
    expect(response.statusCode).toBe(200);
    return response.json<HistoryResponse>();
  } finally {
    await t.close();
  }
}

const table = (tables: RecordTable[], category: RecordTable['category']) => tables.find((r) => r.category === category)!;
const leaders = (records: RecordTable) => records.holders.filter((h) => h.rank === 1).map((h) => [h.name, h.value]);

describe('GET /api/history', () => {
  let history: HistoryResponse;
  beforeAll(async () => {
    history = await historyAt('2025-07-05T12:00:00Z');
  });
  const seasons = () => history.eras.flatMap((era) => era.seasons);

  it('counts races up to the last one finished by the clock', () => {
    expect(history.through).toEqual({ season: 2025, round: 11, name: 'Austrian Grand Prix', slug: 'austrian-grand-prix' });
  });

  it('names the champions of every decided season, constructors from 1958', () => {
    const years = seasons().map((s) => s.year);
    expect(years[0]).toBe(1950);
    expect(years.at(-1)).toBe(2024);
    expect(years).toHaveLength(2024 - 1950 + 1);

    const byYear = new Map(seasons().map((s) => [s.year, s]));
    expect(byYear.get(1950)).toMatchObject({ driver: { name: 'Nino Farina', teams: ['Alfa Romeo'], points: 30, wins: 3 }, constructor: null });
    expect(byYear.get(1957)!.constructor).toBeNull();
    expect(byYear.get(1958)!.constructor).toMatchObject({ name: 'Vanwall' });
    expect(byYear.get(1954)!.driver).toMatchObject({ name: 'Juan Manuel Fangio', teams: ['Maserati', 'Mercedes'], wins: 6 });
    expect(byYear.get(2021)).toMatchObject({
      driver: { id: 'max-verstappen', name: 'Max Verstappen', countryCode: 'NL', teams: ['Red Bull'], points: 395.5, wins: 10 },
      constructor: { id: 'mercedes', name: 'Mercedes', points: 613.5 },
      decidedAt: { season: 2021, round: 22, name: 'Abu Dhabi Grand Prix', slug: 'abu-dhabi-grand-prix' },
    });
    expect(byYear.get(2008)!.decidedAt).toMatchObject({ name: 'Brazilian Grand Prix', slug: 'brazilian-grand-prix' });
    expect(byYear.get(2024)).toMatchObject({ driver: { name: 'Max Verstappen' }, constructor: { name: 'McLaren' } });
  });

  it('groups the champions into eras, leaving out eras still to come', () => {
    expect(history.eras.map((era) => [era.id, era.from, era.to, era.seasons.length])).toEqual([
      ['front-engine', 1950, 1960, 11],
      ['1500cc', 1961, 1965, 5],
      ['3-litre', 1966, 1976, 11],
      ['turbo', 1977, 1988, 12],
      ['v10', 1989, 2005, 17],
      ['v8', 2006, 2013, 8],
      ['hybrid', 2014, 2021, 8],
      ['ground-effect', 2022, 2025, 3],
    ]);
    const hybrid = history.eras.find((era) => era.id === 'hybrid')!;
    expect(new Set(hybrid.seasons.map((s) => s.constructor?.name))).toEqual(new Set(['Mercedes']));
  });

  it('computes the drivers’ records from the data', () => {
    const { drivers } = history.records;
    expect(leaders(table(drivers, 'titles'))).toEqual([
      ['Lewis Hamilton', 7],
      ['Michael Schumacher', 7],
    ]);
    expect(table(drivers, 'titles').holders[2]).toMatchObject({ rank: 3, name: 'Juan Manuel Fangio', value: 5 });
    expect(leaders(table(drivers, 'wins'))).toEqual([['Lewis Hamilton', 105]]);
    expect(table(drivers, 'wins').holders[1]).toMatchObject({ rank: 2, name: 'Michael Schumacher', value: 91 });
    expect(leaders(table(drivers, 'poles'))).toEqual([['Lewis Hamilton', 104]]);
    expect(leaders(table(drivers, 'podiums'))).toEqual([['Lewis Hamilton', 202]]);
    expect(leaders(table(drivers, 'starts'))[0]?.[0]).toBe('Fernando Alonso');
    for (const records of drivers) {
      expect(records.holders.length).toBeGreaterThanOrEqual(10);
      expect(records.holders.every((h) => h.rank <= 10)).toBe(true);
    }
  });

  it('computes the constructors’ records from the data', () => {
    const { constructors } = history.records;
    expect(leaders(table(constructors, 'titles'))).toEqual([['Ferrari', 16]]);
    expect(leaders(table(constructors, 'wins'))[0]?.[0]).toBe('Ferrari');
    expect(leaders(table(constructors, 'starts'))[0]?.[0]).toBe('Ferrari');
    expect(constructors.map((r) => r.category)).toEqual(['titles', 'wins', 'poles', 'podiums', 'starts']);
  });

  it('tells the timeline in order, within 15 to 25 moments', () => {
    const years = history.timeline.map((entry) => entry.year);
    expect(years.length).toBeGreaterThanOrEqual(15);
    expect(years.length).toBeLessThanOrEqual(25);
    expect(years).toEqual(years.toSorted((a, b) => a - b));
  });

  it('tells no moment of a season after the one it counts to', () => {
    expect(history.timeline.at(-1)!.year).toBeLessThanOrEqual(2025);
    expect(history.timeline.map((entry) => entry.title)).not.toContain('New rules, new teams');
  });
});

describe('history and the racing clock', () => {
  it('crowns a champion only once the final race has finished', async () => {
    const beforeFinale = await historyAt('2025-12-07T13:30:00Z');
    expect(beforeFinale.through).toMatchObject({ season: 2025, round: 23 });
    expect(beforeFinale.eras.at(-1)!.seasons.at(-1)!.year).toBe(2024);

    const afterFinale = await historyAt('2025-12-08T12:00:00Z');
    expect(afterFinale.through).toMatchObject({ season: 2025, round: 24 });
    expect(afterFinale.eras.at(-1)!.seasons.at(-1)).toMatchObject({ year: 2025, driver: { name: 'Lando Norris' }, constructor: { name: 'McLaren' } });
  });

  it('tells the moments of a season once the page counts its races', async () => {
    const in2026 = await historyAt('2026-03-10T12:00:00Z');
    expect(in2026.through).toMatchObject({ season: 2026, round: 1 });
    expect(in2026.timeline.at(-1)).toMatchObject({ year: 2026, title: 'New rules, new teams' });
  });

  it('counts up to the last race with results, not the last race the clock has passed, and says how many are missing', async () => {
    const later = await historyAt('2026-11-27T17:00:00Z');
    const finished = await historyAt('2026-03-10T12:00:00Z');
    expect(later.through!.round).toBeLessThan(21);
    expect(later.racesMissing).toBeGreaterThan(0);
    expect(finished.racesMissing).toBe(0);
  });

  it('answers with nothing to count before the first race', async () => {
    const history = await historyAt('1950-05-01T12:00:00Z');
    expect(history).toMatchObject({ through: null, eras: [], records: { drivers: [], constructors: [] } });
    expect(history.timeline.length).toBeGreaterThan(0);
  });
});
