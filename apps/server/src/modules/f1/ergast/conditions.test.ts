import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { openF1TestDatabase } from '../../../test/f1-database';
import { finishStatus, winnerLapsByRace } from '../results/status';
import { statusOf } from './conditions';

describe('the status in SQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openF1TestDatabase();
  });
  afterAll(() => database.close());

  it('reads every race and sprint result of F1DB as finishStatus does', async () => {
    const { rows } = (await database.db.execute(sql`
      select rr.race_id as "raceId", rr.session, rr.position_number as "positionNumber", rr.position_text as "positionText",
        rr.laps, rr.reason_retired as "reasonRetired", ${statusOf('rr')} as status
      from race_results rr order by rr.race_id, rr.session, rr.position_display_order`)) as unknown as {
      rows: { raceId: number; session: string; positionNumber: number | null; positionText: string; laps: number | null; reasonRetired: string | null; status: string }[];
    };
    expect(rows.length).toBeGreaterThan(25_000);
    const winnerLaps = new Map(
      ['RACE', 'SPRINT'].flatMap((session) => [...winnerLapsByRace(rows.filter((r) => r.session === session))].map(([raceId, laps]) => [`${raceId}/${session}`, laps])),
    );
    const differing = rows.filter((row) => row.status !== finishStatus(row, winnerLaps.get(`${row.raceId}/${row.session}`) ?? null));
    expect(differing).toEqual([]);
    expect(new Set(rows.map((row) => row.status))).toContain('+1 Lap');
  });
});
