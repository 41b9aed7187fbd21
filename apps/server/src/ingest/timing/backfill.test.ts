import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { races, timingLaps, timingSessions, timingStints } from '../../db/schema';
import { backfillSeasonTiming } from './backfill';
import { useF1DatabaseAndArchive } from '../../test/f1-archive';

describe('import:timing backfills a season from the archive', () => {
  const recorded = useF1DatabaseAndArchive();

  const run = (pauses: number[]) =>
    backfillSeasonTiming({
      db: recorded.db(),
      client: recorded.archiveClient(),
      season: 2024,
      now: new Date('2025-01-01T00:00:00Z'),
      pauseMs: 1234,
      sleep: async (ms) => void pauses.push(ms),
    });

  it('stores the sessions the archive has, pausing between sessions, reports what it lacks, and resumes', async () => {
    const pauses: number[] = [];
    const first = await run(pauses);
    expect(first.failed).toEqual([]);
    expect(first.stored).toEqual(expect.arrayContaining(['2024 Chinese Grand Prix Sprint Qualifying', '2024 Spanish Grand Prix Qualifying', '2024 British Grand Prix Practice 1']));
    expect(first.lacking.length).toBeGreaterThan(0);
    expect(first.lacking.every((line) => /: (the archive has no such session|no \w+)/.test(line))).toBe(true);
    expect(pauses.length).toBeGreaterThan(0);
    expect(pauses.every((ms) => ms === 1234)).toBe(true);

    const [spain] = await recorded.db().select({ id: races.id }).from(races).where(and(eq(races.year, 2024), eq(races.round, 10)));
    const key = and(eq(timingLaps.raceId, spain!.id), eq(timingLaps.session, 'QUALIFYING'));
    const [verstappen] = await recorded.db().select({ laps: count() }).from(timingLaps).where(and(key, eq(timingLaps.driverId, 'max-verstappen')));
    expect(verstappen!.laps).toBe(12);
    const stints = await recorded.db().select().from(timingStints).where(and(eq(timingStints.raceId, spain!.id), eq(timingStints.driverId, 'max-verstappen')));
    expect(stints.reduce((sum, stint) => sum + stint.laps, 0)).toBe(12);

    const again = await run([]);
    expect(again.stored).toEqual([]);
    expect(again.skipped).toBe(first.stored.length);
    const [sessions] = await recorded.db().select({ sessions: count() }).from(timingSessions);
    expect(sessions!.sessions).toBe(first.stored.length);
  });
});
