import { and, asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { fastestLaps, raceResults, races } from '../../db/schema';
import { openF1TestDatabase } from '../../test/f1-database';
import { classificationPoints, type ScoredRow } from './points';

const finished = (count: number, laps = 50): ScoredRow[] =>
  Array.from({ length: count }, (_, i) => ({ driverId: `driver-${i + 1}`, positionNumber: i + 1, laps }));

const race = (year: number, overrides: Partial<{ round: number; finalRound: number; scheduledLaps: number }> = {}) => ({
  year,
  round: 5,
  finalRound: 24,
  scheduledLaps: 50,
  ...overrides,
});

describe('points of a classification', () => {
  it('pays 25-18-15-12-10-8-6-4-2-1 and nothing to the unclassified', () => {
    const rows = [...finished(11), { driverId: 'out', positionNumber: null, laps: 3 }];
    expect(classificationPoints(race(2025), 'RACE', rows, 'driver-1')).toEqual([25, 18, 15, 12, 10, 8, 6, 4, 2, 1, 0, 0]);
  });

  it('adds the fastest-lap point from 2019 to 2024, only to a top-ten finisher', () => {
    expect(classificationPoints(race(2024), 'RACE', finished(11), 'driver-3')[2]).toBe(16);
    expect(classificationPoints(race(2024), 'RACE', finished(11), 'driver-11')[10]).toBe(0);
    expect(classificationPoints(race(2018), 'RACE', finished(3), 'driver-3')[2]).toBe(15);
    expect(classificationPoints(race(2025), 'RACE', finished(3), 'driver-3')[2]).toBe(15);
  });

  it('doubles the 2014 finale', () => {
    expect(classificationPoints(race(2014, { round: 19, finalRound: 19 }), 'RACE', finished(2), null)).toEqual([50, 36]);
  });

  it('pays sprints 3-2-1 in 2021 and 8 down to 1 from 2022', () => {
    expect(classificationPoints(race(2021), 'SPRINT', finished(4), 'driver-1')).toEqual([3, 2, 1, 0]);
    expect(classificationPoints(race(2022), 'SPRINT', finished(9), 'driver-1')).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('halves the points of a race run below 75% of its distance through 2021, without the fastest-lap point', () => {
    expect(classificationPoints(race(2021, { scheduledLaps: 44 }), 'RACE', finished(10, 1), 'driver-1')).toEqual([12.5, 9, 7.5, 6, 5, 4, 3, 2, 1, 0.5]);
    expect(classificationPoints(race(2019, { scheduledLaps: 40 }), 'RACE', finished(1, 29), 'driver-1')).toEqual([12.5]);
    expect(classificationPoints(race(2019, { scheduledLaps: 40 }), 'RACE', finished(1, 30), 'driver-1')).toEqual([26]);
  });

  it('pays a shortened race by the share run from 2023, nothing under two laps', () => {
    const scaled = (laps: number) => classificationPoints(race(2023, { scheduledLaps: 60 }), 'RACE', finished(10, laps), 'driver-1');
    expect(scaled(1)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(scaled(10)).toEqual([6, 4, 3, 2, 1, 0, 0, 0, 0, 0]);
    expect(scaled(20)).toEqual([13, 10, 8, 6, 5, 4, 3, 2, 1, 0]);
    expect(scaled(40)).toEqual([19, 14, 12, 9, 8, 6, 5, 3, 2, 1]);
    expect(scaled(45)).toEqual([26, 18, 15, 12, 10, 8, 6, 4, 2, 1]);
  });

  it('pays a 2022 race in full whatever its length (Suzuka 2022 ran 28 of 53 laps)', () => {
    expect(classificationPoints(race(2022, { scheduledLaps: 53 }), 'RACE', finished(1, 28), 'driver-1')).toEqual([26]);
  });
});

describe("points against F1DB's for every race and sprint since 2014", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openF1TestDatabase();
  });
  afterAll(() => database.close());

  it('gives every classified row the points F1DB stores', async () => {
    const db = database.db;
    const seasonRaces = await db.select().from(races).where(gte(races.year, 2014)).orderBy(asc(races.year), asc(races.round));
    const rows = await db
      .select()
      .from(raceResults)
      .innerJoin(races, eq(races.id, raceResults.raceId))
      .where(gte(races.year, 2014))
      .orderBy(asc(raceResults.raceId), asc(raceResults.session), asc(raceResults.positionDisplayOrder));
    const fastest = await db.select().from(fastestLaps).innerJoin(races, eq(races.id, fastestLaps.raceId)).where(and(gte(races.year, 2014), eq(fastestLaps.positionNumber, 1)));
    const finalRound = new Map<number, number>();
    for (const r of seasonRaces) finalRound.set(r.year, Math.max(finalRound.get(r.year) ?? 0, r.round));

    const mismatches: string[] = [];
    let classifications = 0;
    for (const r of seasonRaces) {
      for (const session of ['RACE', 'SPRINT'] as const) {
        const classification = rows.filter((row) => row.race_results.raceId === r.id && row.race_results.session === session).map((row) => row.race_results);
        if (classification.length === 0) continue;
        classifications++;
        const scheduledLaps = session === 'SPRINT' ? (r.sprintRaceLaps ?? r.laps) : (r.scheduledLaps ?? r.laps);
        const fastestDriver = session === 'RACE' ? (fastest.find((lap) => lap.fastest_laps.raceId === r.id)?.fastest_laps.driverId ?? null) : null;
        const points = classificationPoints({ year: r.year, round: r.round, finalRound: finalRound.get(r.year)!, scheduledLaps }, session, classification, fastestDriver);
        classification.forEach((row, i) => {
          if (points[i] !== (row.points ?? 0)) mismatches.push(`${r.year} round ${r.round} ${session} ${row.driverId}: ${points[i]} against ${row.points}`);
        });
      }
    }
    expect(classifications).toBeGreaterThan(280);
    expect(mismatches).toEqual([]);
  });
});
