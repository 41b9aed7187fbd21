import { and, asc, eq, lte, max, min, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import * as schema from '../../db/schema';
import { openF1TestDatabase } from '../../test/f1-database';
import { teamColours } from './team-colours';

/** Known facts, checked against the full shared F1DB tree as imported. */
describe('the shared F1DB data, imported', () => {
  let database: Database;
  let db: Db;
  beforeAll(async () => {
    database = await openF1TestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  async function raceId(year: number, round: number): Promise<number> {
    const [race] = await db.select().from(schema.races).where(and(eq(schema.races.year, year), eq(schema.races.round, round)));
    return race!.id;
  }

  it('has every season from 1950 on', async () => {
    const [range] = await db.select({ first: min(schema.seasons.year), last: max(schema.seasons.year), count: sql<number>`count(*)::int` }).from(schema.seasons);
    expect(range!.first).toBe(1950);
    expect(range!.count).toBe(range!.last! - 1950 + 1);
    expect(range!.last).toBeGreaterThanOrEqual(2025);
  });

  it('knows max-verstappen as the 2021 drivers’ champion', async () => {
    const [champion] = await db
      .select()
      .from(schema.seasonDriverStandings)
      .where(and(eq(schema.seasonDriverStandings.year, 2021), eq(schema.seasonDriverStandings.positionNumber, 1)));
    expect(champion!.driverId).toBe('max-verstappen');
  });

  it('has the 2025 Chinese Grand Prix podium: Piastri, Norris, Russell', async () => {
    const id = await raceId(2025, 2);
    const [race] = await db.select().from(schema.races).where(eq(schema.races.id, id));
    expect(race!.grandPrixId).toBe('china');
    const podium = await db
      .select({ driverId: schema.raceResults.driverId })
      .from(schema.raceResults)
      .where(and(eq(schema.raceResults.raceId, id), eq(schema.raceResults.session, 'RACE'), lte(schema.raceResults.positionNumber, 3)))
      .orderBy(asc(schema.raceResults.positionDisplayOrder));
    expect(podium.map((row) => row.driverId)).toEqual(['oscar-piastri', 'lando-norris', 'george-russell']);
  });

  it('has Piastri’s 2025 China Q3 lap of 1:30.641', async () => {
    const [piastri] = await db
      .select()
      .from(schema.qualifyingResults)
      .where(
        and(
          eq(schema.qualifyingResults.raceId, await raceId(2025, 2)),
          eq(schema.qualifyingResults.session, 'QUALIFYING'),
          eq(schema.qualifyingResults.driverId, 'oscar-piastri'),
        ),
      );
    expect(piastri).toMatchObject({ positionNumber: 1, q3: '1:30.641' });
  });

  it('has lewis-hamilton winning the 2025 China sprint', async () => {
    const [winner] = await db
      .select()
      .from(schema.raceResults)
      .where(and(eq(schema.raceResults.raceId, await raceId(2025, 2)), eq(schema.raceResults.session, 'SPRINT'), eq(schema.raceResults.positionNumber, 1)));
    expect(winner!.driverId).toBe('lewis-hamilton');
  });

  it('gives every circuit a real IANA time zone and every layout its four drawings', async () => {
    const circuits = await db.select().from(schema.circuits);
    for (const circuit of circuits) expect(() => new Intl.DateTimeFormat('en', { timeZone: circuit.timeZone })).not.toThrow();
    const byId = Object.fromEntries(circuits.map((circuit) => [circuit.id, circuit.timeZone]));
    expect(byId).toMatchObject({ monza: 'Europe/Rome', 'marina-bay': 'Asia/Singapore', 'las-vegas': 'America/Los_Angeles', zandvoort: 'Europe/Amsterdam' });
    const layouts = await db.select().from(schema.circuitLayouts);
    for (const layout of layouts) {
      expect(Object.keys(layout.svgs).sort()).toEqual(['black', 'black-outline', 'white', 'white-outline']);
      for (const svg of Object.values(layout.svgs)) expect(svg).toContain('<svg');
    }
  });

  it('has a team colour for exactly the constructors that entered each season of the colour table', async () => {
    const entered = await db.selectDistinct({ year: schema.seasonEntrantDrivers.year, constructorId: schema.seasonEntrantDrivers.constructorId }).from(schema.seasonEntrantDrivers);
    const stored = await db.select().from(schema.teamColours);
    for (const [year, colours] of Object.entries(teamColours)) {
      const teams = entered.filter((row) => row.year === Number(year)).map((row) => row.constructorId);
      expect(Object.keys(colours).sort(), `colour table of ${year}`).toEqual(teams.sort());
      expect(stored.filter((row) => row.year === Number(year)).length).toBe(teams.length);
    }
  });

  it('knows the Ergast ids of current drivers, teams and circuits, and refuses the ambiguous ones', async () => {
    const aliases = await db.select().from(schema.ergastAliases);
    const targets = (kind: string, alias: string) => aliases.filter((row) => row.kind === kind && row.alias === alias).map((row) => row.targetId).sort();
    for (const [alias, id] of [
      ['alonso', 'fernando-alonso'],
      ['max_verstappen', 'max-verstappen'],
      ['sainz', 'carlos-sainz-jr'],
      ['perez', 'sergio-perez'],
      ['hulkenberg', 'nico-hulkenberg'],
      ['zhou', 'guanyu-zhou'],
      ['michael_schumacher', 'michael-schumacher'],
      ['kevin_magnussen', 'kevin-magnussen'],
      ['leclerc', 'charles-leclerc'],
    ]) {
      expect(targets('driver', alias!), alias).toEqual([id]);
    }
    expect(targets('driver', 'hamilton')).toEqual(['duncan-hamilton', 'lewis-hamilton']);
    expect(targets('driver', 'schumacher').length).toBeGreaterThan(1);
    expect(targets('constructor', 'red_bull')).toEqual(['red-bull']);
    expect(targets('constructor', 'aston_martin')).toEqual(['aston-martin']);
    for (const [alias, id] of [
      ['albert_park', 'melbourne'],
      ['red_bull_ring', 'spielberg'],
      ['yas_marina', 'yas-marina'],
      ['marina_bay', 'marina-bay'],
      ['americas', 'austin'],
    ]) {
      expect(targets('circuit', alias!), alias).toEqual([id]);
    }
  });

  it('has the pit stops of recent races', async () => {
    const stops = await db.select().from(schema.pitStops).where(eq(schema.pitStops.raceId, await raceId(2024, 1)));
    expect(stops.length).toBeGreaterThan(30);
    expect(stops.find((row) => row.driverId === 'nico-hulkenberg' && row.stop === 1)).toMatchObject({ lap: 1, time: '36.604' });
  });

  it('records the import with the F1DB version', async () => {
    const [record] = await db.select().from(schema.dataImports);
    expect(record).toMatchObject({ source: 'F1DB' });
    expect(record!.version).toMatch(/^v\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
    expect(record!.counts.races).toBeGreaterThan(1100);
  });
});
