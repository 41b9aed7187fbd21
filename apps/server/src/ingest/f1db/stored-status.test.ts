import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { finishStatus, winnerLapsByRace } from '../../modules/f1/results/status';
import { openF1TestDatabase } from '../../test/f1-database';

type Row = { raceId: number; session: string; positionNumber: number | null; positionText: string; laps: number | null; reasonRetired: string | null; status: string };

/** The status F1DB's rows read as, computed apart from the stored one: the winner's laps of each race and sprint. */
async function storedAndComputed(database: Database) {
  const { rows } = (await database.db.execute(sql`
    select rr.race_id as "raceId", rr.session, rr.position_number as "positionNumber", rr.position_text as "positionText",
      rr.laps, rr.reason_retired as "reasonRetired", rr.status
    from race_results rr order by rr.race_id, rr.session, rr.position_display_order`)) as unknown as { rows: Row[] };
  const winnerLaps = new Map(
    ['RACE', 'SPRINT'].flatMap((session) => [...winnerLapsByRace(rows.filter((r) => r.session === session))].map(([raceId, laps]) => [`${raceId}/${session}`, laps])),
  );
  return { rows, differing: rows.filter((row) => row.status !== finishStatus(row, winnerLaps.get(`${row.raceId}/${row.session}`) ?? null)) };
}

describe('the stored status of race results', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openF1TestDatabase();
  });
  afterAll(() => database.close());

  it('reads, on every race and sprint result of F1DB, as finishStatus does', async () => {
    const { rows, differing } = await storedAndComputed(database);
    expect(rows.length).toBeGreaterThan(25_000);
    expect(differing).toEqual([]);
    expect(new Set(rows.map((row) => row.status))).toContain('+1 Lap');
  });

  it('is what the migration that added it fills in for the rows already there', async () => {
    const migration = fs.readFileSync(new URL('../../../drizzle/0013_ergast_stored_status_and_standings.sql', import.meta.url), 'utf8');
    const fill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE "race_results"'))!;
    await database.db.execute(sql`update race_results set status = 'unknown'`);
    await database.db.execute(sql.raw(fill));
    expect((await storedAndComputed(database)).differing).toEqual([]);
  });
});
