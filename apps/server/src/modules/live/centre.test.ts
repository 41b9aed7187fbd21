import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { liveCentreResponse, type LiveCentreResponse } from '@slipstream/contract';
import { practiceResults, qualifyingResults } from '../../db/schema';
import { useF1TestApp } from '../../test/f1-app';

/** F1DB's id of the 2025 British Grand Prix. */
const BRITISH_GP_2025 = 1137;

const t = useF1TestApp();

async function centreAt(now: string): Promise<LiveCentreResponse> {
  await t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: { now } });
  const response = await t.app.inject('/api/live/centre');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  return liveCentreResponse.parse(response.json());
}

const statusOf = (centre: LiveCentreResponse, description: string) =>
  centre.meeting!.timetables.find((entry) => entry.description === description)!.status;

describe('the live session centre', () => {
  it('during British GP qualifying: the running session, and the last classification before it (Practice 3)', async () => {
    const centre = await centreAt('2025-07-05T14:30:00Z');
    expect(centre.meeting).toMatchObject({ meetingName: 'British Grand Prix', season: 2025, round: 12, status: 'live' });
    expect(statusOf(centre, 'Qualifying')).toBe('isCurrent');
    expect(statusOf(centre, 'Qualifying')).toBe('isCurrent');
    expect(statusOf(centre, 'Race')).toBe('isNext');
    expect(centre.latest).toMatchObject({ meetingName: 'British Grand Prix', session: 'FREE_PRACTICE_3', description: 'Practice 3', endedAt: '2025-07-05T11:30:00.000Z', provisional: false });
    expect(centre.latest!.rows[0]).toMatchObject({ positionText: '1', time: expect.stringMatching(/^1:\d\d\.\d{3}$/), gap: null });
    expect(centre.awaiting).toEqual([]);
  });

  it('once qualifying has ended: its classification', async () => {
    const centre = await centreAt('2025-07-05T15:30:00Z');
    expect(centre.latest).toMatchObject({ meetingName: 'British Grand Prix', session: 'QUALIFYING', endedAt: '2025-07-05T15:00:00.000Z' });
    expect(centre.latest!.rows[0]).toMatchObject({ positionText: '1', driverName: 'Max Verstappen' });
    expect(centre.latest!.rows).toHaveLength(20);
  });

  it('between meetings: the next weekend with nothing ended, and the previous race', async () => {
    const centre = await centreAt('2025-07-16T12:00:00Z');
    expect(centre.meeting).toMatchObject({ meetingName: 'Belgian Grand Prix', status: 'upcoming' });
    expect(centre.meeting!.timetables[0]!.status).toBe('isNext');
    expect(centre.latest).toMatchObject({ meetingName: 'British Grand Prix', session: 'RACE' });
  });

  it('says which ended sessions have no stored classification yet, and shows the one before', async () => {
    await t.database.db
      .delete(qualifyingResults)
      .where(and(eq(qualifyingResults.raceId, BRITISH_GP_2025), eq(qualifyingResults.session, 'QUALIFYING')));
    await t.database.db.delete(practiceResults).where(eq(practiceResults.raceId, BRITISH_GP_2025));
    const centre = await centreAt('2025-07-05T15:31:00Z');
    expect(centre.awaiting).toEqual([
      { session: 'FREE_PRACTICE_1', description: 'Practice 1' },
      { session: 'FREE_PRACTICE_2', description: 'Practice 2' },
      { session: 'FREE_PRACTICE_3', description: 'Practice 3' },
      { session: 'QUALIFYING', description: 'Qualifying' },
    ]);
    expect(centre.latest).toMatchObject({ meetingName: 'Austrian Grand Prix', session: 'RACE', endedAt: '2025-06-29T15:00:00.000Z' });
    expect(centre.latest!.rows[0]).toMatchObject({ positionText: '1', driverName: 'Lando Norris' });
  });
});
